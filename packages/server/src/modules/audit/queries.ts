import type { AuditKind } from "@tianguis/domain/rules/audit";
import { and, desc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client";
import { auditEntries } from "../../db/schema/audit";
import { shopMembers, shops } from "../../db/schema/shops";

export type AuditEntryRow = typeof auditEntries.$inferSelect;

export async function insertAuditEntry(db: DbOrTx, values: typeof auditEntries.$inferInsert): Promise<void> {
  await db.insert(auditEntries).values(values);
}

/**
 * Whether the user owns the shop and their member roles in it: the role an entry names. A read of the shops module's
 * tables (a read model may join; STYLE.md 3), not a call to its service: every module that writes imports this one.
 */
export async function selectActorStanding(db: DbOrTx, shopId: string, userId: string): Promise<{ isOwner: boolean; roles: string[] }> {
  const [shop] = await db.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shopId));
  const roles = await db
    .select({ role: shopMembers.role })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)));
  return { isOwner: shop?.ownerId === userId, roles: roles.map((row) => row.role) };
}

export interface AuditFilter {
  actorId?: string;
  kind?: AuditKind;
  from: Date | null;
  to: Date | null;
}

function conditions(shopId: string, filter: AuditFilter) {
  return and(
    eq(auditEntries.shopId, shopId),
    filter.actorId ? eq(auditEntries.actorId, filter.actorId) : undefined,
    filter.kind ? eq(auditEntries.kind, filter.kind) : undefined,
    filter.from ? gte(auditEntries.createdAt, filter.from) : undefined,
    filter.to ? lt(auditEntries.createdAt, filter.to) : undefined,
  );
}

/** The shop's entries matching the filter, newest first, and how many match. */
export async function selectAuditEntries(db: DbOrTx, shopId: string, filter: AuditFilter, page: { offset: number; limit: number }) {
  const where = conditions(shopId, filter);
  const rows = await db
    .select()
    .from(auditEntries)
    .where(where)
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEntries)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Everyone named in the shop's log, each with the name and role of their latest entry. */
export async function selectAuditActors(db: DbOrTx, shopId: string) {
  return db
    .selectDistinctOn([auditEntries.actorId], {
      id: auditEntries.actorId,
      name: auditEntries.actorName,
      role: auditEntries.actorRole,
    })
    .from(auditEntries)
    .where(and(eq(auditEntries.shopId, shopId), isNotNull(auditEntries.actorId)))
    .orderBy(auditEntries.actorId, desc(auditEntries.createdAt));
}

/**
 * Deletes the entries older than `cutoff`, the only delete the append-only trigger lets through: it is told so by the
 * transaction-local setting `tianguis.audit_purge`, which nothing else sets. Answers how many went.
 */
export async function purgeAuditEntries(db: DbOrTx, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('tianguis.audit_purge', 'on', true)`);
    const result =
      await tx.execute(sql`with gone as (delete from ${auditEntries} where ${auditEntries.createdAt} < ${cutoff.toISOString()}::timestamptz returning 1)
      select count(*)::int as n from gone`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  });
}
