import type { Plan } from "@tianguis/domain/rules/plans";
import { addDays } from "@tianguis/domain/rules/subscription";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { subscriptions } from "../../db/schema/subscriptions";
import { enqueueJob } from "../../jobs/runner";
import { writeMembership } from "./memberships";
import { alertSubscriber } from "./notices";

/** The job that charges a subscription's next period (or expires it) when its period or trial ends. */
export const RENEW_JOB = "subscription_renew";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function lockSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update");
  return row ?? null;
}

/**
 * Starts the plan's trial: the premium membership until the trial ends, then the renewal job charges the first month.
 * Only once per user (trial_used); returns null when the trial was used already.
 */
export async function startTrial(
  db: DbOrTx,
  input: { userId: string; plan: Plan; shopId?: string | null },
  now: Date,
): Promise<{ subscription: SubscriptionRow; userLevel: number } | null> {
  const existing = await lockSubscription(db, input.userId);
  if (existing?.trialUsed) return null;
  const trialEndsAt = addDays(now, input.plan.trialDays);
  const values = {
    planId: input.plan.id,
    pendingPlanId: null,
    state: "in_trial",
    trialUsed: true,
    trialEndsAt,
    periodStart: now,
    periodEnd: trialEndsAt,
    canceledAt: null,
    url3ds: null,
    updatedAt: now,
  };
  const [row] = existing
    ? await db.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id)).returning()
    : await db
        .insert(subscriptions)
        .values({ userId: input.userId, shopId: input.shopId ?? null, ...values })
        .returning();
  const membership = { userId: input.userId, plan: input.plan, source: "subscription" as const, validUntil: null, trial: true };
  const userLevel = await writeMembership(db, membership, now);
  await enqueueJob(db, RENEW_JOB, { subscription_id: row!.id }, trialEndsAt);
  await alertSubscriber(db, input.userId, "subscription_trial_started", { plan: input.plan.name, days: input.plan.trialDays }, now);
  return { subscription: row!, userLevel };
}
