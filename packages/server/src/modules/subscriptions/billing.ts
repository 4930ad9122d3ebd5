import { planOf, plans } from "@tianguis/domain/rules/plans";
import {
  type SubscriptionState,
  addMonths,
  isRefundableCharge,
  nextRetryAt,
  refundEndsSubscription,
  validationCharge,
  validationRefundDelayMs,
} from "@tianguis/domain/rules/subscription";
import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { ChargeResult } from "../../adapters/payments/provider";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { subscriptionCharges, subscriptions } from "../../db/schema/subscriptions";
import { AppError } from "../../http/errors";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { enqueueJob } from "../../jobs/runner";
import { cardById, chargeableCard, discardCard, insertCard, markCardValidated } from "./cards";
import { RENEW_JOB, type SubscriptionRow } from "./lifecycle";
import { readMembership, writeMembership } from "./memberships";
import { SUBSCRIPTION_PAGE, alertSubscriber, dayText, siteUrl } from "./notices";

/**
 * Money asked of subscribers. Every attempt follows the same steps: claim the charge row (a conditional update, or the
 * insert the unique (subscription, period) index allows once), call the gateway outside any transaction, then record
 * the answer with a conditional update. So a period is charged once across instances and restarted jobs; a failed
 * charge changes nothing but its own row and the retry schedule; only a settled charge moves the plan.
 */

export const RETRY_JOB = "subscription_charge_retry";
export const REFUND_JOB = "subscription_validation_refund";
/** A 'processing' row older than this was left by a crashed instance and may be claimed again. */
const STALE_CLAIM_MS = 15 * 60 * 1000;

export type ChargeRow = typeof subscriptionCharges.$inferSelect;

async function chargeById(db: DbOrTx, id: string): Promise<ChargeRow | null> {
  const [row] = await db.select().from(subscriptionCharges).where(eq(subscriptionCharges.id, id));
  return row ?? null;
}

export async function lockSubscriptionById(db: DbOrTx, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  return row ?? null;
}

/** What the gateway's 3-D Secure page shows for one of our charges (payments' Payable.find). */
export async function chargeForGateway(db: DbOrTx, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const charge = await chargeById(db, id);
  return charge ? { amount: charge.amount, currency: charge.currency, ref: charge.providerRef } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The card's validation charge
// ---------------------------------------------------------------------------------------------------------------

/** Saves a card from the gateway frame's token and makes its $10 MXN validation charge (refunded by a job). */
export async function setUpCard(ctx: AppContext, userId: string, token: string) {
  const saved = ctx.payments.saveCard(token);
  if (!saved) throw new AppError("card_token_invalid", { status: 422 });
  const now = ctx.clock.now();
  const { card, charge } = await ctx.db.transaction(async (tx) => {
    const card = await insertCard(tx, { userId, gatewayToken: saved.token, ...saved }, now);
    const [charge] = await tx
      .insert(subscriptionCharges)
      .values({
        userId,
        cardId: card.id,
        kind: "validation",
        ...validationCharge,
        status: "processing",
        attempts: 1,
        claimedAt: now,
        createdAt: now,
      })
      .returning();
    return { card, charge: charge! };
  });
  const result = await ctx.payments.chargeCard({
    paymentId: charge.id,
    token: card.gatewayToken,
    amount: charge.amount,
    currency: charge.currency,
    returnUrl: `${SUBSCRIPTION_PAGE}?tarjeta=${card.id}`,
  });
  if (result.status === "succeeded") {
    await settleCharge(ctx, charge.id, result.ref);
    return { card: (await cardById(ctx.db, card.id))!, url3ds: null };
  }
  if (result.status === "requires_action") {
    await ctx.db
      .update(subscriptionCharges)
      .set({ status: "requires_action", providerRef: result.ref, url3ds: result.actionUrl })
      .where(and(eq(subscriptionCharges.id, charge.id), eq(subscriptionCharges.status, "processing")));
    return { card, url3ds: result.actionUrl };
  }
  await failValidation(ctx.db, charge.id, result.code, now);
  throw new AppError("card_declined", { status: 422 });
}

async function failValidation(db: DbOrTx, chargeId: string, code: string, now: Date) {
  const [charge] = await db
    .update(subscriptionCharges)
    .set({ status: "failed", failureCode: code, url3ds: null })
    .where(and(eq(subscriptionCharges.id, chargeId), inArray(subscriptionCharges.status, ["processing", "requires_action"])))
    .returning();
  if (charge?.cardId) await discardCard(db, charge.cardId, now);
}

/** Gives the validation charge back (its job runs within 48 hours of the set-up); the refund id keeps a retry single. */
export async function refundValidation(ctx: AppContext, chargeId: string): Promise<boolean> {
  const charge = await chargeById(ctx.db, chargeId);
  if (!charge || charge.kind !== "validation" || charge.status !== "succeeded" || !charge.providerRef) return false;
  const result = await ctx.payments.refund({
    ref: charge.providerRef,
    amount: charge.amount,
    refundId: charge.id,
    idempotencyKey: `refund:${charge.id}`,
  });
  if (result.status === "failed") throw new Error(`validation refund ${charge.id} failed`);
  await ctx.db
    .update(subscriptionCharges)
    .set({ status: "refunded" })
    .where(and(eq(subscriptionCharges.id, chargeId), eq(subscriptionCharges.status, "succeeded")));
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Recurring charges
// ---------------------------------------------------------------------------------------------------------------

/**
 * The renewal job: at the end of the trial or period, either expires a canceled subscription or claims the next
 * period's charge (once: the unique index) and makes it.
 */
export async function renewSubscription(ctx: AppContext, subscriptionId: string): Promise<ChargeRow | null> {
  const now = ctx.clock.now();
  const claimed = await ctx.db.transaction(async (tx) => {
    const sub = await lockSubscriptionById(tx, subscriptionId);
    if (!sub || (sub.state !== "in_trial" && sub.state !== "active") || sub.periodEnd > now) return null;
    if (sub.canceledAt) {
      await expireSubscription(tx, sub, now);
      return null;
    }
    const plan = planOf(sub.pendingPlanId ?? sub.planId);
    const [charge] = await tx
      .insert(subscriptionCharges)
      .values({
        userId: sub.userId,
        subscriptionId: sub.id,
        kind: "recurring",
        planId: plan.id,
        periodStart: sub.periodEnd,
        periodEnd: addMonths(sub.periodEnd),
        amount: plan.price,
        currency: plan.currency,
        status: "processing",
        attempts: 1,
        claimedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (charge) return charge;
    // The period's charge exists: another instance has it, or this job ran before and its instance died mid-charge.
    const [existing] = await tx
      .select({ id: subscriptionCharges.id })
      .from(subscriptionCharges)
      .where(and(eq(subscriptionCharges.subscriptionId, sub.id), eq(subscriptionCharges.periodStart, sub.periodEnd)));
    return existing ? claimStale(tx, existing.id, now) : null;
  });
  if (claimed) await attemptCharge(ctx, claimed);
  return claimed;
}

async function claimStale(db: DbOrTx, chargeId: string, now: Date): Promise<ChargeRow | null> {
  const [row] = await db
    .update(subscriptionCharges)
    .set({ claimedAt: now })
    .where(
      and(
        eq(subscriptionCharges.id, chargeId),
        eq(subscriptionCharges.status, "processing"),
        lt(subscriptionCharges.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Claims a charge waiting for its next attempt (the retry job, or the subscriber asking to try again now) and makes it.
 * Answers the charge after the attempt, or null when nothing was due (already settled, claimed elsewhere, expired).
 */
export async function retryCharge(ctx: AppContext, chargeId: string, options: { now?: boolean } = {}): Promise<ChargeRow | null> {
  const now = ctx.clock.now();
  const claimed = await ctx.db.transaction(async (tx) => {
    const charge = await chargeById(tx, chargeId);
    if (!charge?.subscriptionId) return null;
    const sub = await lockSubscriptionById(tx, charge.subscriptionId);
    if (!sub || sub.state === "expired") return null;
    const due = options.now ? sql`true` : lte(subscriptionCharges.nextAttemptAt, now);
    const [row] = await tx
      .update(subscriptionCharges)
      .set({ status: "processing", attempts: sql`${subscriptionCharges.attempts} + 1`, claimedAt: now })
      .where(and(eq(subscriptionCharges.id, chargeId), inArray(subscriptionCharges.status, ["retrying", "requires_action"]), due))
      .returning();
    if (row) return row;
    // A failed stale claim is fine; the attempt in hand finishes it.
    return claimStale(tx, chargeId, now);
  });
  if (!claimed) return null;
  await attemptCharge(ctx, claimed);
  return chargeById(ctx.db, chargeId);
}

/** The first month of a subscription that had no trial left (state incomplete), charged now to the card on file. */
export async function chargeFirstPeriod(ctx: AppContext, sub: SubscriptionRow): Promise<ChargeRow | null> {
  const now = ctx.clock.now();
  const claimed = await ctx.db.transaction(async (tx) => {
    const locked = await lockSubscriptionById(tx, sub.id);
    if (!locked || locked.state !== "incomplete") return null;
    const [inFlight] = await tx
      .select()
      .from(subscriptionCharges)
      .where(
        and(
          eq(subscriptionCharges.subscriptionId, locked.id),
          inArray(subscriptionCharges.status, ["processing", "requires_action"]),
          eq(subscriptionCharges.kind, "recurring"),
        ),
      );
    if (inFlight) return { charge: inFlight, fresh: false };
    if (!(await chargeableCard(tx, locked.userId))) return null;
    const plan = planOf(locked.planId);
    const [charge] = await tx
      .insert(subscriptionCharges)
      .values({
        userId: locked.userId,
        subscriptionId: locked.id,
        kind: "recurring",
        planId: plan.id,
        periodStart: now,
        periodEnd: addMonths(now),
        amount: plan.price,
        currency: plan.currency,
        status: "processing",
        attempts: 1,
        claimedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    return charge ? { charge, fresh: true } : null;
  });
  if (!claimed) return null;
  if (claimed.fresh) await attemptCharge(ctx, claimed.charge);
  return chargeById(ctx.db, claimed.charge.id);
}

/** Sends a claimed charge to the gateway with the default card, as it is now (a card being deleted is never used). */
async function attemptCharge(ctx: AppContext, charge: ChargeRow): Promise<void> {
  const card = await chargeableCard(ctx.db, charge.userId);
  let result: ChargeResult;
  if (!card) result = { status: "failed", ref: "", code: "card_error" };
  else {
    await ctx.db.update(subscriptionCharges).set({ cardId: card.id }).where(eq(subscriptionCharges.id, charge.id));
    result = await ctx.payments.chargeCard({
      paymentId: charge.id,
      // One key per attempt: a re-sent attempt (a crashed instance's stale claim) is the same charge at the gateway.
      idempotencyKey: `${charge.id}:${charge.attempts}`,
      token: card.gatewayToken,
      amount: charge.amount,
      currency: charge.currency,
      returnUrl: `${SUBSCRIPTION_PAGE}?cobro=${charge.id}`,
    });
  }
  if (result.status === "succeeded") await settleCharge(ctx, charge.id, result.ref);
  else if (result.status === "requires_action") await awaitConfirmation(ctx, charge.id, result.ref, result.actionUrl);
  else await failCharge(ctx, charge.id, card ? result.code : "no_card");
}

/** The bank asks the subscriber to confirm: the link goes on the subscription, in an alert and in an e-mail. */
async function awaitConfirmation(ctx: AppContext, chargeId: string, ref: string, url: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const found = await chargeById(tx, chargeId);
    const sub = found?.subscriptionId ? await lockSubscriptionById(tx, found.subscriptionId) : null;
    if (!sub) return;
    const [row] = await tx
      .update(subscriptionCharges)
      .set({ status: "requires_action", providerRef: ref, url3ds: url })
      .where(and(eq(subscriptionCharges.id, chargeId), eq(subscriptionCharges.status, "processing")))
      .returning();
    if (!row) return;
    const retryAt = nextRetryAt(row.attempts, now) ?? new Date(now.getTime() + 24 * 60 * 60 * 1000);
    await tx.update(subscriptionCharges).set({ nextAttemptAt: retryAt }).where(eq(subscriptionCharges.id, row.id));
    await tx
      .update(subscriptions)
      .set({ url3ds: url, state: sub.state === "incomplete" ? "incomplete" : "past_due", updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await enqueueJob(tx, RETRY_JOB, { charge_id: row.id }, retryAt);
    const plan = planOf(row.planId);
    await alertSubscriber(
      tx,
      row.userId,
      "subscription_charge_needs_3ds",
      { amount: { amount: row.amount, currency: row.currency }, plan: plan.name, url: siteUrl(ctx, url) },
      now,
      { email: true },
    );
  });
}

/**
 * The gateway took the money (at once, or after 3-D Secure through its webhook). A validation charge makes its card
 * usable and schedules its refund; a recurring one starts its period, applies a pending upgrade and installs the plan.
 */
export async function settleCharge(ctx: AppContext, chargeId: string, ref: string): Promise<boolean> {
  const now = ctx.clock.now();
  const settled = await transactionWithEvents(ctx, async (tx) => {
    // Lock order everywhere: the subscription, then its charge (renewals hold the subscription while inserting).
    const found = await chargeById(tx, chargeId);
    if (found?.subscriptionId) await lockSubscriptionById(tx, found.subscriptionId);
    const [charge] = await tx
      .update(subscriptionCharges)
      .set({ status: "succeeded", providerRef: ref, paidAt: now, url3ds: null, nextAttemptAt: null })
      .where(and(eq(subscriptionCharges.id, chargeId), inArray(subscriptionCharges.status, ["processing", "requires_action", "retrying"])))
      .returning();
    if (!charge) return null;
    if (charge.kind === "validation") {
      if (charge.cardId) await markCardValidated(tx, charge.cardId, now);
      await enqueueJob(tx, REFUND_JOB, { charge_id: charge.id }, new Date(now.getTime() + validationRefundDelayMs));
      return { charge, sub: null };
    }
    const sub = charge.subscriptionId ? await lockSubscriptionById(tx, charge.subscriptionId) : null;
    if (!sub || !charge.periodStart || !charge.periodEnd) return { charge, sub: null };
    const plan = planOf(charge.planId);
    const [updated] = await tx
      .update(subscriptions)
      .set({
        state: "active",
        planId: plan.id,
        pendingPlanId: sub.pendingPlanId === plan.id ? null : sub.pendingPlanId,
        periodStart: charge.periodStart,
        periodEnd: charge.periodEnd,
        url3ds: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    // A subscription's membership has no date of its own: it lasts until the subscription expires (expireSubscription).
    await writeMembership(tx, { userId: sub.userId, plan, source: "subscription", validUntil: null, trial: false }, now);
    await enqueueJob(tx, RENEW_JOB, { subscription_id: sub.id }, charge.periodEnd);
    // A paid period: the promoter the subscriber arrived with earns on it (commissions subscribes).
    const period = { user_id: sub.userId, charge_id: charge.id, source: "subscription" as const, plan_id: plan.id };
    await recordEvent(tx, { type: "membership.charged", payload: { ...period, amount: charge.amount, currency: charge.currency } }, now);
    await alertSubscriber(
      tx,
      sub.userId,
      "subscription_charged",
      { amount: { amount: charge.amount, currency: charge.currency }, plan: plan.name },
      now,
      { email: true },
    );
    return { charge, sub: updated };
  });
  if (settled?.charge.kind === "validation") await afterCardReady(ctx, settled.charge.userId);
  return settled !== null;
}

/**
 * A platform admin gives a paid monthly charge back (issue 30 §4): through the gateway first (its key keeps a retry
 * single; a refused refund changes nothing), then in one transaction the charge becomes 'refunded', the subscription
 * whose running period it paid expires now (back to the free plan unless a package holds the membership), and
 * `membership.refunded` reverses the promoter's 15 % commission through the commissions module. A period already over
 * is only refunded. Answers the charge, or null when another refund got there first.
 */
export async function refundRecurringCharge(ctx: AppContext, chargeId: string, reason: string): Promise<ChargeRow> {
  const charge = await chargeById(ctx.db, chargeId);
  if (!charge) throw new AppError("subscription_charge_not_found", { status: 404 });
  if (!isRefundableCharge(charge) || !charge.providerRef) throw new AppError("subscription_charge_not_refundable", { status: 409 });
  const result = await ctx.payments.refund({
    ref: charge.providerRef,
    amount: charge.amount,
    idempotencyKey: `subscription-refund:${charge.id}`,
  });
  if (result.status === "failed") throw new AppError("subscription_refund_failed", { status: 409 });
  await transactionWithEvents(ctx, async (tx) => {
    const now = ctx.clock.now();
    const sub = charge.subscriptionId ? await lockSubscriptionById(tx, charge.subscriptionId) : null;
    const [refunded] = await tx
      .update(subscriptionCharges)
      .set({ status: "refunded" })
      .where(and(eq(subscriptionCharges.id, charge.id), eq(subscriptionCharges.status, "succeeded")))
      .returning();
    if (!refunded) return;
    const subscription = sub ? { state: sub.state as SubscriptionState, period_start: sub.periodStart.toISOString() } : null;
    if (sub && refundEndsSubscription({ period_start: refunded.periodStart?.toISOString() ?? null }, subscription))
      await expireSubscription(tx, sub, now);
    const period =
      refunded.planId && refunded.periodStart && refunded.periodEnd
        ? { plan_id: refunded.planId, valid_from: refunded.periodStart.toISOString(), valid_until: refunded.periodEnd.toISOString() }
        : null;
    const payload = {
      user_id: refunded.userId,
      charge_id: refunded.id,
      source: "subscription" as const,
      amount: refunded.amount,
      currency: refunded.currency,
      reason,
      period,
    };
    await recordEvent(tx, { type: "membership.refunded", payload }, now);
  });
  return (await chargeById(ctx.db, charge.id))!;
}

/**
 * A charge was refused (or the bank's confirmation was). A validation charge drops its card. A recurring one is tried
 * again on the back-off schedule; after the last attempt the subscription expires. The plan never changes here.
 */
export async function failCharge(ctx: AppContext, chargeId: string, code: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const charge = await chargeById(tx, chargeId);
    if (!charge) return;
    if (charge.kind === "validation") return failValidation(tx, chargeId, code, now);
    const sub = charge.subscriptionId ? await lockSubscriptionById(tx, charge.subscriptionId) : null;
    const retryAt = sub && sub.state !== "incomplete" ? nextRetryAt(charge.attempts, now) : null;
    const [row] = await tx
      .update(subscriptionCharges)
      .set({ status: retryAt ? "retrying" : "failed", failureCode: code, url3ds: null, nextAttemptAt: retryAt })
      .where(and(eq(subscriptionCharges.id, chargeId), inArray(subscriptionCharges.status, ["processing", "requires_action"])))
      .returning();
    if (!row || !sub) return;
    const plan = planOf(row.planId);
    if (sub.state === "incomplete") {
      await tx.update(subscriptions).set({ url3ds: null, updatedAt: now }).where(eq(subscriptions.id, sub.id));
      return;
    }
    if (!retryAt) return expireSubscription(tx, sub, now);
    await tx.update(subscriptions).set({ state: "past_due", url3ds: null, updatedAt: now }).where(eq(subscriptions.id, sub.id));
    await enqueueJob(tx, RETRY_JOB, { charge_id: row.id }, retryAt);
    await alertSubscriber(
      tx,
      sub.userId,
      "subscription_charge_failed",
      { amount: { amount: row.amount, currency: row.currency }, plan: plan.name, date: dayText(retryAt) },
      now,
      { email: true },
    );
  });
}

/** The subscription ends: back to the free plan unless the membership comes from elsewhere (a package). */
export async function expireSubscription(tx: DbOrTx, sub: SubscriptionRow, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ state: "expired", url3ds: null, pendingPlanId: null, updatedAt: now })
    .where(eq(subscriptions.id, sub.id));
  const membership = await readMembership(tx, sub.userId, now);
  if (membership.source === "subscription" || membership.source === null)
    await writeMembership(tx, { userId: sub.userId, plan: plans.gratis, source: "subscription", validUntil: null, trial: false }, now);
  await alertSubscriber(tx, sub.userId, "subscription_expired", { plan: planOf(sub.planId).name }, now, { email: true });
}

/**
 * A card became usable: a subscription waiting for one is charged now, and a charge waiting to be retried is tried at
 * once instead of at its next back-off date.
 */
export async function afterCardReady(ctx: AppContext, userId: string): Promise<ChargeRow | null> {
  const [sub] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!sub) return null;
  if (sub.state === "incomplete") return chargeFirstPeriod(ctx, sub);
  if (sub.state !== "past_due") return null;
  const [waiting] = await ctx.db
    .select({ id: subscriptionCharges.id })
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, sub.id),
        or(eq(subscriptionCharges.status, "retrying"), eq(subscriptionCharges.status, "requires_action")),
      ),
    );
  return waiting ? retryCharge(ctx, waiting.id, { now: true }) : null;
}
