import { type Plan, planOf, planPriceText, upgradePlanOf } from "@tianguis/domain/rules/plans";
import { subscriptionPrompt } from "@tianguis/domain/rules/subscription-prompt";
import { type SubscriptionState, receiptNumber } from "@tianguis/domain/rules/subscription";
import type { ChargeView, PlanView, SavedCardView, ShopSubscriptionView, SubscriptionView } from "@tianguis/domain/schemas/subscription";
import { and, count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { savedCards, subscriptionCharges, subscriptions } from "../../db/schema/subscriptions";
import { AppError } from "../../http/errors";
import { type CardRow, chargeableCard } from "./cards";
import { readMembership } from "./memberships";

/** Rows to the API's shapes (domain schemas/subscription.ts). */

export function planViewOf(plan: Plan): PlanView {
  return {
    id: plan.id,
    name: plan.name,
    price: planPriceText(plan),
    list_price: plan.price,
    periodicity: plan.periodicity,
    interval: plan.periodicity,
    plan_commission_rate: plan.commissionRate === null ? null : String(plan.commissionRate),
    contribution_margin: (plan.contributionMargin / 100).toFixed(2),
    currency: plan.currency,
    weight: plan.weight,
    trial_days: plan.trialDays,
    landing: plan.landing,
  };
}

export function cardViewOf(card: CardRow): SavedCardView {
  return { id: card.id, brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear, default: card.isDefault };
}

/** The subscription as the prompt, the card modal and the subscription page read it. */
export async function subscriptionViewOf(db: DbOrTx, userId: string, now: Date): Promise<SubscriptionView> {
  const membership = await readMembership(db, userId, now);
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const card = await chargeableCard(db, userId);
  const [user] = await db.select({ level: users.userLevel }).from(users).where(eq(users.id, userId));
  const live = sub && (sub.state === "in_trial" || sub.state === "active" || sub.state === "past_due");
  const upgrade = live ? upgradePlanOf(sub.pendingPlanId ?? sub.planId) : upgradePlanOf(membership.plan.id);
  const state = sub?.state as SubscriptionState | undefined;
  const prompt = subscriptionPrompt({
    planWeight: membership.plan.weight,
    upgradePlan: upgrade,
    trialUsed: sub?.trialUsed ?? false,
    subscription: sub && state ? { state, canceled: sub.canceledAt !== null, hasCard: card !== null } : null,
  });
  const promptPlan = prompt && "plan" in prompt ? planOf(prompt.plan) : planOf(sub?.planId);
  return {
    membership: {
      plan: planViewOf(membership.plan),
      source: membership.source,
      valid_until: membership.validUntil?.toISOString() ?? null,
      trial: membership.trial,
    },
    current_subscription:
      sub && state
        ? {
            id: sub.id,
            state,
            canceled_at: sub.canceledAt?.toISOString() ?? null,
            card_last4: card?.last4 ?? null,
            card_brand: card?.brand ?? null,
            current_plan: planViewOf(planOf(sub.planId)),
            upgrade_plan: upgrade ? planViewOf(upgrade) : null,
            pending_plan: sub.pendingPlanId
              ? { id: sub.pendingPlanId, plan: planViewOf(planOf(sub.pendingPlanId)), prorated_cost: planOf(sub.pendingPlanId).price }
              : null,
            trial_ends_at: sub.trialEndsAt?.toISOString() ?? null,
            period_start: sub.periodStart.toISOString(),
            period_end: sub.periodEnd.toISOString(),
          }
        : null,
    upgrade_plan: upgrade ? planViewOf(upgrade) : null,
    trial_used: sub?.trialUsed ?? false,
    pending_subscription: needsCard(sub?.state, card),
    url_3ds: sub?.url3ds ?? null,
    prompt: prompt
      ? {
          case: prompt.case,
          action: prompt.action,
          plan: planViewOf(promptPlan),
          trial_days: "trialDays" in prompt ? prompt.trialDays : null,
        }
      : null,
    user_level: user?.level ?? 0,
  };
}

/** A subscription waiting for a card: in trial without one (case 3), or subscribed with none to charge. */
export function needsCard(state: string | undefined, card: CardRow | null): boolean {
  return card === null && (state === "in_trial" || state === "incomplete");
}

const chargeColumns = { charge: subscriptionCharges, brand: savedCards.brand, last4: savedCards.last4 };

function chargeViewOf(row: { charge: typeof subscriptionCharges.$inferSelect; brand: string | null; last4: string | null }): ChargeView {
  const { charge } = row;
  return {
    id: charge.id,
    receipt_number: receiptNumber(charge.id),
    kind: charge.kind as ChargeView["kind"],
    plan: charge.planId ? planViewOf(planOf(charge.planId)) : null,
    period_start: charge.periodStart?.toISOString() ?? null,
    period_end: charge.periodEnd?.toISOString() ?? null,
    amount: charge.amount,
    currency: charge.currency,
    status: charge.status as ChargeView["status"],
    attempts: charge.attempts,
    next_attempt_at: charge.nextAttemptAt?.toISOString() ?? null,
    url_3ds: charge.url3ds,
    card_brand: row.brand,
    card_last4: row.last4,
    paid_at: charge.paidAt?.toISOString() ?? null,
    created_at: charge.createdAt.toISOString(),
  };
}

export async function listChargeViews(db: DbOrTx, userId: string, page: { offset: number; limit: number }) {
  const rows = await db
    .select(chargeColumns)
    .from(subscriptionCharges)
    .leftJoin(savedCards, eq(savedCards.id, subscriptionCharges.cardId))
    .where(eq(subscriptionCharges.userId, userId))
    .orderBy(desc(subscriptionCharges.createdAt), desc(subscriptionCharges.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(subscriptionCharges).where(eq(subscriptionCharges.userId, userId));
  return { results: rows.map(chargeViewOf), matches_estimated: total?.n ?? 0 };
}

/** One of the user's charges; another user's is as missing as one that does not exist. */
export async function chargeViewFor(db: DbOrTx, userId: string, chargeId: string): Promise<ChargeView> {
  const [row] = await db
    .select(chargeColumns)
    .from(subscriptionCharges)
    .leftJoin(savedCards, eq(savedCards.id, subscriptionCharges.cardId))
    .where(and(eq(subscriptionCharges.id, chargeId), eq(subscriptionCharges.userId, userId)));
  if (!row) throw new AppError("charge_not_found", { status: 404 });
  return chargeViewOf(row);
}

/** A shop's subscription for the platform admin: its owner's subscription (if any) and charges. */
export async function shopSubscriptionViewOf(
  db: DbOrTx,
  shop: { slug: string; name: string; ownerId: string },
  page: { offset: number; limit: number },
): Promise<ShopSubscriptionView> {
  const [owner] = await db.select({ name: users.fullName, username: users.username }).from(users).where(eq(users.id, shop.ownerId));
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, shop.ownerId));
  const charges = await listChargeViews(db, shop.ownerId, page);
  return {
    shop: { slug: shop.slug, name: shop.name, owner_name: owner?.name || owner?.username || "" },
    subscription: sub
      ? {
          state: sub.state as SubscriptionState,
          plan: planViewOf(planOf(sub.planId)),
          period_start: sub.periodStart.toISOString(),
          period_end: sub.periodEnd.toISOString(),
          canceled_at: sub.canceledAt?.toISOString() ?? null,
        }
      : null,
    ...charges,
  };
}
