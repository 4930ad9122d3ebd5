import type { EventPayload } from "@tianguis/domain/events";
import { type MembershipSource, type PlanId, isPremium, planOf, plans, premiumPlans, shortenedUntil } from "@tianguis/domain/rules/plans";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { subscriptions } from "../../db/schema/subscriptions";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { enqueueJob, registerJob } from "../../jobs/runner";
import { requirePlatformAdmin } from "../platform-admin/service";
import { findShopBySlug } from "../shops/service";
import {
  REFUND_JOB,
  RETRY_JOB,
  afterCardReady,
  chargeForGateway,
  failCharge,
  refundRecurringCharge,
  refundValidation,
  renewSubscription,
  retryCharge,
  setUpCard,
  settleCharge,
} from "./billing";
import { CARD_DELETE_JOB, finishCardDeletion, listUsableCards, requestCardDeletion, restoreCard, selectDefaultCard } from "./cards";
import { RENEW_JOB, lockSubscription, startTrial } from "./lifecycle";
import { type Membership, lapseMembership, lockMembershipRow, readMembership, writeMembership } from "./memberships";
import { NOTICE_EMAIL_JOB, alertSubscriber, dayText, sendNoticeEmail } from "./notices";
import { cardViewOf, chargeViewFor, listChargeViews, planViewOf, shopSubscriptionViewOf, subscriptionViewOf } from "./views";

/**
 * Subscriptions (commerce-and-accounts §2 'Tarjeta Bancaria', §3 Subscription and Plan, §4 'Subscription prompt', §6 user
 * levels): memberships, the recurring subscription of a premium plan, saved cards and billing. Other modules use only
 * the functions this file exports.
 */

const LAPSE_JOB = "membership_lapse";

function isContext(target: AppContext | DbOrTx): target is AppContext {
  return "clock" in target && "db" in target;
}

export interface InstallMembershipInput {
  userId: string;
  /** A plan id of domain rules/plans.ts: 'gratis' or one of planIds. */
  planId: string;
  source: MembershipSource;
  /** When the plan ends (a package's expiry); null or absent: it does not lapse by date. */
  validUntil?: Date | null;
  /**
   * Start the plan's trial subscription (sign-up with a plan): the premium plan for its trial days, after which the
   * renewal job charges the first month to the card the subscriber sets up. Ignored once the user's trial was used,
   * in which case the membership is installed as asked.
   */
  trial?: boolean;
  /** "Now" when called with a transaction (pass ctx.clock.now()); the context's clock otherwise. */
  now?: Date;
}

/**
 * Installs a user's membership — the one door for every plan change (sign-up with a plan, package purchases, the
 * subscription's own charges) — and writes the user level that follows it (domain rules/plans.ts levelFor).
 * Stable signature: `installMembership(ctx or tx, { userId, planId, source, validUntil?, trial?, now? })`.
 * Call it inside your transaction (pass `tx` and `now`) so the membership exists only if your change commits.
 * Answers the installed membership and the user's new level.
 */
export async function installMembership(
  target: AppContext | DbOrTx,
  input: InstallMembershipInput,
): Promise<{ membership: Membership; userLevel: number }> {
  const now = input.now ?? (isContext(target) ? target.clock.now() : new Date());
  const run = async (db: DbOrTx) => {
    const plan = planOf(input.planId);
    if (input.trial && isPremium(plan) && plan.trialDays > 0) {
      const started = await startTrial(db, { userId: input.userId, plan }, now);
      if (started) return { membership: await readMembership(db, input.userId, now), userLevel: started.userLevel };
    }
    const validUntil = input.validUntil ?? null;
    const userLevel = await writeMembership(db, { userId: input.userId, plan, source: input.source, validUntil, trial: false }, now);
    if (validUntil) await enqueueJob(db, LAPSE_JOB, { user_id: input.userId, valid_until: validUntil.toISOString() }, validUntil);
    return { membership: await readMembership(db, input.userId, now), userLevel };
  };
  return isContext(target) ? target.db.transaction(run) : run(target);
}

/**
 * membership.refunded (a package purchase given back, issue 30 §4): the refunded period's unused time comes off the end of
 * the package membership it installed or extended (domain `shortenedUntil`); when nothing is left after now the user is
 * back on the free plan at once. A membership that is no longer that package's (another plan, a subscription, already
 * lapsed) is left alone. Runs in the event's delivery, once.
 */
export async function shortenRefundedMembership(tx: DbOrTx, refund: EventPayload<"membership.refunded">, now: Date): Promise<void> {
  if (!("period" in refund) || !refund.period || refund.source !== "package") return;
  const current = await lockMembershipRow(tx, refund.user_id);
  if (!current || current.source !== "package" || current.planId !== refund.period.plan_id || !current.validUntil) return;
  if (current.validUntil <= now) return;
  const period = { validFrom: new Date(refund.period.valid_from), validUntil: new Date(refund.period.valid_until) };
  const until = shortenedUntil(current.validUntil, period, now);
  if (until && until.getTime() === current.validUntil.getTime()) return;
  if (!until) {
    await writeMembership(tx, { userId: refund.user_id, plan: plans.gratis, source: "package", validUntil: null, trial: false }, now);
    return;
  }
  await writeMembership(
    tx,
    { userId: refund.user_id, plan: planOf(current.planId), source: "package", validUntil: until, trial: false },
    now,
  );
  await enqueueJob(tx, LAPSE_JOB, { user_id: refund.user_id, valid_until: until.toISOString() }, until);
}

/** The user's plan now (the free plan when none is installed or it lapsed), with where it came from and until when. */
export async function currentMembership(db: DbOrTx, userId: string, now = new Date()): Promise<Membership> {
  return readMembership(db, userId, now);
}

/** The jobs time-based billing runs on; each handler is idempotent (conditional updates, unique period index). */
export function registerSubscriptionJobs() {
  registerJob(LAPSE_JOB, async (ctx, payload) => {
    await ctx.db.transaction((tx) => lapseMembership(tx, payload.user_id!, new Date(payload.valid_until!), ctx.clock.now()));
  });
  registerJob(RENEW_JOB, async (ctx, payload) => {
    await renewSubscription(ctx, payload.subscription_id!);
  });
  registerJob(RETRY_JOB, async (ctx, payload) => {
    await retryCharge(ctx, payload.charge_id!);
  });
  registerJob(REFUND_JOB, async (ctx, payload) => {
    await refundValidation(ctx, payload.charge_id!);
  });
  registerJob(NOTICE_EMAIL_JOB, (ctx, payload) => sendNoticeEmail(ctx, payload));
  registerJob(CARD_DELETE_JOB, async (ctx, payload) => {
    await finishCardDeletion(ctx.db, payload.card_id!, ctx.clock.now());
  });
}

/**
 * Our charges as the payments module's gateway pages and webhooks see them (its Payable): what the 3-D Secure page
 * shows, and the gateway's later word on a charge.
 */
export const subscriptionChargePayable = {
  find: chargeForGateway,
  settle: (ctx: AppContext, paymentId: string, ref: string) => settleCharge(ctx, paymentId, ref),
  fail: (ctx: AppContext, paymentId: string, code: string) => failCharge(ctx, paymentId, code),
};

// ---------------------------------------------------------------------------------------------------------------
// The signed-in user's subscription (routes.ts)
// ---------------------------------------------------------------------------------------------------------------

function signedIn(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError("unauthorized");
  return user;
}

export function listPlans() {
  return { results: premiumPlans.map(planViewOf) };
}

export async function getSubscription(ctx: AppContext, user: SessionUser | null) {
  return subscriptionViewOf(ctx.db, signedIn(user).id, ctx.clock.now());
}

/**
 * The prompt's install (§4, §7 'install membership with body plan'): by the subscription's state it starts the plan's
 * trial, reactivates a canceled or unpaid subscription, asks for the upgrade at the next charge, or subscribes again
 * (charging the card on file now, maybe through 3-D Secure). `pending_subscription` tells the page to open the card modal.
 */
export async function installPlan(ctx: AppContext, user: SessionUser | null, input: { plan: PlanId; shop?: string }) {
  const userId = signedIn(user).id;
  const plan = plans[input.plan];
  const now = ctx.clock.now();
  const shopId = input.shop ? ((await findShopBySlug(ctx.db, input.shop))?.id ?? null) : null;
  const step = await ctx.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, userId);
    if (!sub?.trialUsed) {
      await startTrial(tx, { userId, plan, shopId }, now);
      return "done" as const;
    }
    if (sub.state === "in_trial" || sub.state === "active" || sub.state === "past_due") {
      const current = planOf(sub.pendingPlanId ?? sub.planId);
      if (plan.weight < current.weight || (plan.id !== current.id && plan.weight === current.weight))
        throw new AppError("plan_not_offered", { status: 409 });
      const change = plan.id !== current.id;
      await tx
        .update(subscriptions)
        .set({ canceledAt: null, pendingPlanId: change ? plan.id : sub.pendingPlanId, updatedAt: now })
        .where(eq(subscriptions.id, sub.id));
      if (sub.canceledAt) await alertSubscriber(tx, userId, "subscription_reactivated", { plan: planOf(sub.planId).name }, now);
      if (change) await alertSubscriber(tx, userId, "subscription_plan_changed", { plan: plan.name }, now);
      return sub.state === "past_due" ? ("retry" as const) : ("done" as const);
    }
    await tx
      .update(subscriptions)
      .set({
        state: "incomplete",
        planId: plan.id,
        pendingPlanId: null,
        canceledAt: null,
        url3ds: null,
        periodStart: now,
        periodEnd: now,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
    return "charge" as const;
  });
  let url3ds: string | null = null;
  if (step !== "done") {
    const charge = await afterCardReady(ctx, userId);
    if (charge?.status === "failed") throw new AppError("card_declined", { status: 422 });
    url3ds = charge?.status === "requires_action" ? charge.url3ds : null;
  }
  const subscription = await subscriptionViewOf(ctx.db, userId, ctx.clock.now());
  return { subscription, url_3ds: url3ds, pending_subscription: subscription.pending_subscription };
}

/** Cancel: the plan stays until the period (or the trial) ends; the renewal job then expires it. */
export async function cancelSubscription(ctx: AppContext, user: SessionUser | null) {
  const userId = signedIn(user).id;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, userId);
    if (!sub) throw new AppError("subscription_not_found", { status: 404 });
    if (sub.canceledAt || !(sub.state === "in_trial" || sub.state === "active" || sub.state === "past_due"))
      throw new AppError("subscription_not_cancelable", { status: 409 });
    await tx.update(subscriptions).set({ canceledAt: now, updatedAt: now }).where(eq(subscriptions.id, sub.id));
    await alertSubscriber(tx, userId, "subscription_canceled", { plan: planOf(sub.planId).name, date: dayText(sub.periodEnd) }, now);
  });
  return subscriptionViewOf(ctx.db, userId, ctx.clock.now());
}

export async function listMyCards(ctx: AppContext, user: SessionUser | null) {
  return { results: (await listUsableCards(ctx.db, signedIn(user).id)).map(cardViewOf) };
}

export async function addMyCard(ctx: AppContext, user: SessionUser | null, token: string) {
  const { card, url3ds } = await setUpCard(ctx, signedIn(user).id, token);
  return { card: cardViewOf(card), url_3ds: url3ds };
}

export async function selectMyCard(ctx: AppContext, user: SessionUser | null, cardId: string) {
  const userId = signedIn(user).id;
  const cards = await selectDefaultCard(ctx, userId, cardId);
  await afterCardReady(ctx, userId);
  return { results: cards.map(cardViewOf) };
}

export async function deleteMyCard(ctx: AppContext, user: SessionUser | null, cardId: string) {
  const deletion = await requestCardDeletion(ctx, signedIn(user).id, cardId);
  return { id: deletion.id, delete_after: deletion.deleteAfter.toISOString() };
}

export async function restoreMyCard(ctx: AppContext, user: SessionUser | null, cardId: string) {
  return cardViewOf(await restoreCard(ctx, signedIn(user).id, cardId));
}

export async function listMyCharges(ctx: AppContext, user: SessionUser | null, page: { offset: number; limit: number }) {
  return listChargeViews(ctx.db, signedIn(user).id, page);
}

export async function getMyCharge(ctx: AppContext, user: SessionUser | null, chargeId: string) {
  return chargeViewFor(ctx.db, signedIn(user).id, chargeId);
}

/** GET /platform/shops/{slug}/subscription: the shop owner's subscription and charges, for the platform admin's refund screen. */
export async function getShopSubscription(
  ctx: AppContext,
  user: SessionUser | null,
  slug: string,
  page: { offset: number; limit: number },
) {
  await requirePlatformAdmin(ctx, user);
  const shop = await findShopBySlug(ctx.db, slug);
  if (!shop) throw new AppError("shop_not_found");
  return shopSubscriptionViewOf(ctx.db, { slug: shop.slug, name: shop.name, ownerId: shop.ownerId }, page);
}

/** POST /subscriptions/charges/{id}/refund: platform admins give a paid monthly charge back (billing.ts). */
export async function refundSubscriptionCharge(ctx: AppContext, user: SessionUser | null, chargeId: string, reason: string) {
  await requirePlatformAdmin(ctx, user);
  const charge = await refundRecurringCharge(ctx, chargeId, reason);
  return chargeViewFor(ctx.db, charge.userId, charge.id);
}
