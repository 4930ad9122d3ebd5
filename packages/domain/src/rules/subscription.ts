/**
 * Recurring billing of a premium plan (commerce-and-accounts §2 'Tarjeta Bancaria', §4 card deletion, §9 'Recurring
 * card validation charge of $10 MXN, refunded within 48 hours', 'Undo delays: … card … 5000 ms').
 */

export const subscriptionStates = ["in_trial", "incomplete", "active", "past_due", "expired"] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

/** The card set-up's validation charge: $10 MXN, given back by a job within 48 hours (we refund after 24). */
export const validationCharge = { amount: 1000, currency: "MXN" } as const;
export const validationRefundDelayMs = 24 * 60 * 60 * 1000;

/** A deleted card waits this long (the modal's undo) before it is gone; it is never charged meanwhile. */
export const cardUndoMs = 5000;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * When a failed recurring charge is tried again: 1, 3 and 5 days after the failed attempt; after the fourth attempt
 * fails the subscription expires.
 */
export const retryDelaysDays = [1, 3, 5] as const;
export const maxChargeAttempts = retryDelaysDays.length + 1;

/** The next attempt after `attempts` tries have failed, or null when the subscription should expire. */
export function nextRetryAt(attempts: number, failedAt: Date): Date | null {
  const days = retryDelaysDays[attempts - 1];
  return days === undefined ? null : new Date(failedAt.getTime() + days * dayMs);
}

/** The same day `months` months later (the 31st of January + 1 month is the last day of February), same time, UTC. */
export function addMonths(from: Date, months = 1): Date {
  const target = new Date(from.getTime());
  const day = from.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * dayMs);
}

/** Whether a subscription still gives its plan (a canceled one keeps it until the period ends). */
export function keepsPlan(state: SubscriptionState): boolean {
  return state === "in_trial" || state === "active" || state === "past_due";
}

/**
 * Which saved cards the modal may delete (§4): not the selected one and never the only one.
 */
export function canDeleteCard(card: { id: string }, selectedId: string | null, cardCount: number): boolean {
  return cardCount > 1 && card.id !== selectedId;
}

/** A receipt's number as shown: 'R-' and the charge id's first 8 characters in capitals. */
export function receiptNumber(chargeId: string): string {
  return `R-${chargeId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** Only a paid monthly charge can be refunded (POST /subscriptions/charges/{id}/refund); a card validation goes back by itself. */
export function isRefundableCharge(charge: { kind: string; status: string }): boolean {
  return charge.kind === "recurring" && charge.status === "succeeded";
}

/**
 * Whether refunding a monthly charge ends its subscription now (issue 30 §4): it paid the period that is running, in a
 * subscription that has not expired. A period already over is only refunded.
 */
export function refundEndsSubscription(
  charge: { period_start: string | null },
  subscription: { state: SubscriptionState; period_start: string } | null,
): boolean {
  if (!subscription || subscription.state === "expired" || !charge.period_start) return false;
  return new Date(subscription.period_start).getTime() === new Date(charge.period_start).getTime();
}
