import { COORDINATOR_LEVEL, mayRequestCoordinator } from "@tianguis/domain/rules/coordinator";
import type { CoordinatorRequestView, ProfileView } from "@tianguis/domain/schemas/accounts";
import { and, asc, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { shops } from "../../db/schema/shops";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { requirePlatformAdmin } from "../platform-admin/service";
import { findUserById, profileOf } from "./users";

/**
 * The coordinator programme (rules/coordinator.ts; commerce-and-accounts §3 'coordinator_request, coordinator', §6 'Level
 * two sees a coordinator modal'). A level-two user asks once; a platform admin grants the request (the user becomes a
 * coordinator, level 3, 'Coordinador') or refuses it with a reason the user reads and may ask again after. The answer is
 * recorded as `coordinator.decided` in the same transaction; the alerts module tells the requester.
 */

/** A pending request: asked, not answered yet. */
const pending = and(isNotNull(users.coordinatorRequestedAt), eq(users.coordinator, false));

/**
 * POST /profile/coordinator-request: a level-two user asks; the first request's time is kept, so asking again changes
 * nothing. A refused user asks anew (the refusal's reason goes). Anyone else: 422 coordinator_not_eligible.
 */
export async function requestCoordinator(ctx: AppContext, userId: string): Promise<ProfileView> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("unauthorized");
  const facts = { user_level: user.userLevel, coordinator: user.coordinator, coordinator_request: user.coordinatorRequestedAt !== null };
  if (!mayRequestCoordinator(facts)) throw new AppError("coordinator_not_eligible", { status: 422 });
  if (user.coordinatorRequestedAt) return profileOf(ctx.db, user);
  const [updated] = await ctx.db
    .update(users)
    .set({ coordinatorRequestedAt: ctx.clock.now(), coordinatorRefusalReason: null })
    .where(and(eq(users.id, user.id), isNull(users.coordinatorRequestedAt)))
    .returning();
  return profileOf(ctx.db, updated ?? user);
}

/** GET /platform/coordinator-requests: pending requests, oldest first, with the requester's first shop (a read joining shops). */
export async function listCoordinatorRequests(ctx: AppContext, user: SessionUser | null, page: { offset: number; limit: number }) {
  await requirePlatformAdmin(ctx, user);
  // Written out: Drizzle leaves a one-table query's columns unqualified, which inside the subquery would mean s.id.
  const firstShop = sql<{ slug: string; name: string } | null>`(select json_build_object('slug', s.slug, 'name', s.name)
    from ${shops} s where s.owner_id = "users"."id" order by s.created_at, s.id limit 1)`;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        fullName: users.fullName,
        username: users.username,
        userLevel: users.userLevel,
        requestedAt: users.coordinatorRequestedAt,
        shop: firstShop,
      })
      .from(users)
      .where(pending)
      .orderBy(asc(users.coordinatorRequestedAt), asc(users.id))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db.select({ n: count() }).from(users).where(pending),
  ]);
  const results: CoordinatorRequestView[] = rows.map((row) => ({
    user_id: row.id,
    full_name: row.fullName,
    username: row.username,
    user_level: row.userLevel,
    shop: row.shop ? { slug: row.shop.slug, name: row.shop.name } : null,
    requested_at: row.requestedAt!.toISOString(),
  }));
  return { results, matches_estimated: total?.n ?? 0 };
}

type Decision = { decision: "granted" } | { decision: "refused"; reason: string };

/**
 * A platform admin answers a pending request, once: a conditional update on the pending row (two admins answering at
 * once: the second gets 409 coordinator_request_not_pending), and the event in the same transaction.
 */
export async function decideCoordinatorRequest(ctx: AppContext, user: SessionUser | null, userId: string, decision: Decision) {
  const admin = await requirePlatformAdmin(ctx, user);
  const now = ctx.clock.now();
  const decided = await transactionWithEvents(ctx, async (tx) => {
    const [row] = await tx
      .update(users)
      .set(
        decision.decision === "granted"
          ? {
              coordinator: true,
              userLevel: sql`greatest(${users.userLevel}, ${COORDINATOR_LEVEL})`,
              coordinatorDecidedAt: now,
              coordinatorRefusalReason: null,
            }
          : { coordinatorRequestedAt: null, coordinatorDecidedAt: now, coordinatorRefusalReason: decision.reason },
      )
      .where(and(eq(users.id, userId), pending))
      .returning();
    if (!row) return null;
    const reason = decision.decision === "refused" ? decision.reason : null;
    await recordEvent(
      tx,
      { type: "coordinator.decided", payload: { user_id: row.id, decision: decision.decision, reason, decided_by: admin.id } },
      now,
    );
    return row;
  });
  if (!decided) throw await notPending(ctx.db, userId);
  ctx.log.info({ user: userId, admin: admin.id, decision: decision.decision }, "coordinator request decided");
  return { user_id: decided.id, decision: decision.decision, user_level: decided.userLevel, coordinator: decided.coordinator };
}

async function notPending(db: DbOrTx, userId: string): Promise<AppError> {
  const exists = await findUserById(db, userId);
  return exists
    ? new AppError("coordinator_request_not_pending", { status: 409 })
    : new AppError("coordinator_request_not_found", { status: 404 });
}
