import { type MembershipSource, type Plan, isMembershipCurrent, levelFor, planOf, plans } from "@tianguis/domain/rules/plans";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { memberships } from "../../db/schema/subscriptions";
import { forgetSessions } from "../../http/sessions";
import { listOwnedShops } from "../shops/service";

/**
 * The membership rows and the user level that follows them (commerce-and-accounts §3, §6). Every write of a membership
 * goes through `writeMembership`, which also writes users.user_level, so the level can never disagree with the plan.
 */

export interface Membership {
  plan: Plan;
  source: MembershipSource | null;
  validUntil: Date | null;
  trial: boolean;
}

/** The user's plan now: the stored one while it is valid, else the free plan. */
export async function readMembership(db: DbOrTx, userId: string, now: Date): Promise<Membership> {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId));
  if (!row || !isMembershipCurrent(row, now))
    return { plan: plans.gratis, source: row ? (row.source as MembershipSource) : null, validUntil: null, trial: false };
  return { plan: planOf(row.planId), source: row.source as MembershipSource, validUntil: row.validUntil, trial: row.trial };
}

export async function writeMembership(
  db: DbOrTx,
  input: { userId: string; plan: Plan; source: MembershipSource; validUntil: Date | null; trial: boolean },
  now: Date,
): Promise<number> {
  const values = { planId: input.plan.id, source: input.source, validUntil: input.validUntil, trial: input.trial, updatedAt: now };
  await db
    .insert(memberships)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({ target: memberships.userId, set: values });
  return refreshUserLevel(db, input.userId, { weight: input.plan.weight });
}

/** Writes the level the membership and the user's shops give (domain rules/plans.ts levelFor). */
async function refreshUserLevel(db: DbOrTx, userId: string, membership: { weight: number }): Promise<number> {
  const [user] = await db.select({ level: users.userLevel }).from(users).where(eq(users.id, userId)).for("update");
  if (!user) return 0;
  const hasStore = (await listOwnedShops(db, userId)).length > 0;
  const level = levelFor({ hasStore, membership, currentLevel: user.level });
  if (level !== user.level) {
    await db.update(users).set({ userLevel: level }).where(eq(users.id, userId));
    // A job (a lapse, a renewal) writes outside any request: this instance's remembered sessions carry the old level.
    forgetSessions();
  }
  return level;
}

/** The user's membership row, locked until the transaction ends (null: none was ever installed). */
export async function lockMembershipRow(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId)).for("update");
  return row ?? null;
}

/** A lapsed membership (valid_until passed) goes back to the free plan; a renewed one is left alone. */
export async function lapseMembership(db: DbOrTx, userId: string, validUntil: Date, now: Date): Promise<boolean> {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId)).for("update");
  if (!row || row.validUntil === null || row.validUntil.getTime() !== validUntil.getTime() || isMembershipCurrent(row, now)) return false;
  await writeMembership(db, { userId, plan: plans.gratis, source: row.source as MembershipSource, validUntil: null, trial: false }, now);
  return true;
}
