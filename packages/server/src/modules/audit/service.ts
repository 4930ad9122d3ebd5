import {
  type AuditKind,
  type AuditRole,
  type AuditValues,
  auditRetentionCutoff,
  auditRole,
  changedFields,
} from "@tianguis/domain/rules/audit";
import { exportInstants } from "@tianguis/domain/rules/reports";
import type { AuditActorsView, AuditListQuery } from "@tianguis/domain/schemas/audit";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { currentRequestActor } from "../../http/request-context";
import { enqueueJob, enqueueJobUnlessWaiting, registerJob } from "../../jobs/runner";
import { insertAuditEntry, purgeAuditEntries, selectActorStanding, selectAuditActors, selectAuditEntries } from "./queries";
import { auditEntryView } from "./views";

/**
 * The audit log (issue 33 §3; docs/ARCHITECTURE.md "Audit log"). Its one door for writers is `recordChange`, called by
 * the module that makes a change, with the transaction that makes it: the entry commits exactly when the change does,
 * and no module writes `audit_entries` itself. Who made the change and from where come from the request
 * (http/request-context.ts), so a service passes only what changed. Not a domain event on purpose: an event is for other
 * modules to react to, and would put a second copy of every write's before and after in the outbox; an entry is not a
 * reaction but part of the write. This module imports no other module (they all import it); the owner's shop is
 * checked by the shops module's door, handed to the routes where the app is composed.
 */

export interface Change {
  /** The shop the record belongs to; null for a platform change to no shop. */
  shopId: string | null;
  kind: AuditKind;
  /** create, update, delete, or the use case's own name (next_action, cancel, refund, disable, ...). */
  action: string;
  entityId?: string | null;
  entityLabel?: string | null;
  /** The record's audited fields before and after the write (pickFields); null for a creation or a deletion. */
  before: AuditValues | null;
  after: AuditValues | null;
  /** Set by the platform admin's use cases: the actor acts as the platform, whatever their role in the shop. */
  as?: "platform_admin";
}

async function roleOf(db: DbOrTx, change: Change, userId: string | undefined): Promise<AuditRole> {
  if (!userId) return "system";
  if (change.as) return change.as;
  if (!change.shopId) return "customer";
  return auditRole(await selectActorStanding(db, change.shopId, userId));
}

/**
 * Records a change in the caller's transaction. An update whose fields all stayed the same records nothing (a form
 * saved as it was). Outside a request (a job, a delivery after the commit) the actor is the system.
 */
export async function recordChange(db: DbOrTx, change: Change, at: Date): Promise<void> {
  const changes = changedFields(change.before, change.after);
  if (Object.keys(changes).length === 0 && change.action === "update") return;
  const actor = currentRequestActor();
  const user = actor?.user ?? null;
  await insertAuditEntry(db, {
    shopId: change.shopId,
    actorId: user?.id ?? null,
    actorName: user ? user.fullName || user.username : null,
    actorRole: await roleOf(db, change, user?.id),
    kind: change.kind,
    action: change.action,
    entityId: change.entityId ?? null,
    entityLabel: change.entityLabel ?? null,
    changes,
    sourceAddress: actor?.address ?? null,
    createdAt: at,
  });
}

export async function listShopActivity(ctx: AppContext, shopId: string, query: AuditListQuery) {
  const { from, to } = exportInstants({ start_date: query.from, end_date: query.to });
  const { rows, total } = await selectAuditEntries(ctx.db, shopId, { actorId: query.actor, kind: query.kind, from, to }, query);
  return { results: rows.map(auditEntryView), matches_estimated: total };
}

export async function listShopActivityActors(ctx: AppContext, shopId: string): Promise<AuditActorsView> {
  const rows = await selectAuditActors(ctx.db, shopId);
  return {
    results: rows
      .filter((row): row is typeof row & { id: string } => row.id !== null)
      .map((row) => ({ id: row.id, name: row.name, role: row.role as AuditRole })),
  };
}

const PURGE_JOB = "purge_audit_entries";
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the entries older than AUDIT_RETENTION_DAYS; answers how many. */
export async function purgeExpiredAuditEntries(ctx: AppContext): Promise<number> {
  return purgeAuditEntries(ctx.db, auditRetentionCutoff(ctx.clock.now(), ctx.config.AUDIT_RETENTION_DAYS));
}

/** The daily purge: each run queues the next one a day later. */
export function registerAuditJobs() {
  registerJob(PURGE_JOB, async (jobCtx) => {
    const purged = await purgeExpiredAuditEntries(jobCtx);
    if (purged > 0) jobCtx.log.info({ purged }, "audit entries past their retention purged");
    await enqueueJob(jobCtx.db, PURGE_JOB, {}, new Date(jobCtx.clock.now().getTime() + DAY_MS));
  });
}

/** Queues the purge on start unless a run already waits (on this instance or another), so starts never pile runs up. */
export function queueAuditPurge(ctx: AppContext): Promise<boolean> {
  return enqueueJobUnlessWaiting(ctx.db, PURGE_JOB, {}, ctx.clock.now());
}
