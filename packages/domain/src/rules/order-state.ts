/** A purchase's and its orders' life (commerce-and-accounts §2 'Checkout, payments, orders'). */
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

/** A final state never changes again; stock of expired and canceled orders has been given back. */
export function isFinal(state: OrderState): boolean {
  return transitions[state].length === 0;
}

/** Badge colour of a state in the customer's pages. */
export function orderStateColor(state: string): string {
  return ({ paid: "teal", expired: "gray", canceled: "red", pending_payment: "blue" } as Record<string, string>)[state] ?? "blue";
}
