import type { SubscriptionState } from "./subscription";

/**
 * The subscription prompt (commerce-and-accounts §4 'Subscription prompt', decided by the current subscription and shown
 * only to a non-anonymous shop admin). The seven cases, in the spec's order; anything else shows nothing.
 */

export interface PromptFacts {
  /** The weight of the user's current plan (0: the free plan). */
  planWeight: number;
  /** The plan the prompt would offer next, if any. */
  upgradePlan: { id: string; trialDays: number } | null;
  trialUsed: boolean;
  /** The recurring subscription, null when the user never had one. */
  subscription: { state: SubscriptionState; canceled: boolean; hasCard: boolean } | null;
}

export type SubscriptionPrompt =
  | { case: 1; action: "start_trial"; plan: string; trialDays: number }
  | { case: 2; action: "subscribe"; plan: string }
  | { case: 3; action: "setup_card" }
  | { case: 4; action: "change_plan"; plan: string }
  | { case: 5 | 6 | 7; action: "reactivate" };

export function subscriptionPrompt(facts: PromptFacts): SubscriptionPrompt | null {
  const { planWeight, upgradePlan, trialUsed, subscription } = facts;
  const state = subscription?.state ?? null;
  const canceled = subscription?.canceled ?? false;
  const inTrial = state === "in_trial";
  // 1. Free plan, an upgrade exists, the trial not used: 'start now N trial days'.
  if (planWeight === 0 && upgradePlan && !trialUsed)
    return { case: 1, action: "start_trial", plan: upgradePlan.id, trialDays: upgradePlan.trialDays };
  // 2. Free plan, an upgrade exists, the trial used: subscribe to it.
  if (planWeight === 0 && upgradePlan && trialUsed) return { case: 2, action: "subscribe", plan: upgradePlan.id };
  if (!subscription) return null;
  // 3. In trial, not canceled, no card: set up the card.
  if (inTrial && !canceled && !subscription.hasCard) return { case: 3, action: "setup_card" };
  // 4. In trial with a card, or active, and an upgrade exists: change to it. A canceled subscription is offered its
  //    reactivation first (cases 5 and 7), as it would otherwise end with the period.
  if (!canceled && ((inTrial && subscription.hasCard) || state === "active") && upgradePlan)
    return { case: 4, action: "change_plan", plan: upgradePlan.id };
  // 5. In trial and canceled: reactivate.
  if (inTrial && canceled) return { case: 5, action: "reactivate" };
  // 6. Any other state (expired, unpaid, waiting for its first charge): reactivate the plan.
  if (state !== "in_trial" && state !== "active") return { case: 6, action: "reactivate" };
  // 7. Active and canceled: reactivate.
  if (state === "active" && canceled) return { case: 7, action: "reactivate" };
  return null;
}

/** The subscription page, where the prompt is a block. */
export const subscriptionPagePath = "/apps/me/suscripcion";
/** The account's own pages: the share widget never floats there (rules/referral.ts), so the corner is free. */
const ownPagePrefixes = ["/apps", "/me"] as const;

/**
 * The prompt's floating form (commerce-and-accounts §2, storefront-and-admin §2: a floating widget at the right side,
 * 6 px from the bottom): on the account's own pages of a signed-in shop owner (a shop's admin pages have the banner, the
 * subscription page the block). Elsewhere the corner belongs to the share widget and the shop's contact bubble.
 */
export function floatsSubscriptionPrompt(pathname: string, user: { shop_slug: string | null } | null | undefined): boolean {
  if (!user?.shop_slug) return false;
  if (pathname === subscriptionPagePath || pathname.startsWith(`${subscriptionPagePath}/`)) return false;
  return ownPagePrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
