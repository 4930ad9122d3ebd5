/**
 * A purchase's life, and its orders' life until payment (commerce-and-accounts §2 'Checkout, payments, orders').
 * A paid order then follows the supplier's progress in `order-progress.ts`.
 */
export const orderStates = ["pending_payment", "paid", "expired", "canceled"] as const;
export type OrderState = (typeof orderStates)[number];

const transitions: Record<OrderState, readonly OrderState[]> = {
  pending_payment: ["paid", "expired", "canceled"],
  paid: [],
  expired: [],
  canceled: [],
};

/** Whether an order may move from one state to another (payment arrives, time runs out, cancellation). */
export function canTransition(from: OrderState, to: OrderState): boolean {
  return transitions[from].includes(to);
}

/** A final state ends the purchase; stock of expired and canceled purchases has been given back. */
export function isFinal(state: OrderState): boolean {
  return transitions[state].length === 0;
}

const stateColors: Record<string, string> = {
  pending_payment: "blue",
  paid: "teal",
  expired: "gray",
  canceled: "red",
  confirmed: "indigo",
  in_process: "indigo",
  ready_to_deliver: "violet",
  on_the_way: "cyan",
  delivered: "green",
  canceled_by_customer: "red",
  canceled_by_supplier: "red",
};

/** Badge colour of a purchase or order state in the customer's and the seller's pages. */
export function orderStateColor(state: string): string {
  return stateColors[state] ?? "blue";
}

/** What the seller's text filter searches in an order: its buyer's name and e-mail and its items' names. */
export function orderSearchText(parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .join(" ")
    .toLowerCase();
}
