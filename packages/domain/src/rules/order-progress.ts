/**
 * A supplier order's life after payment (commerce-and-accounts §4 'Checkout and orders': "Orders advance through a
 * next-action call"; "Purchase-order progress: sent to supplier, confirm order (estimated delivery date, shipping cost),
 * in process, to deliver / ready to deliver, paid, delivered, on the way, cancelled"). Before payment an order follows
 * the purchase's life in `order-state.ts`; a paid order is the one "sent to supplier".
 */
import type { MessageCode } from "../messages/index";
import type { DeliveryType } from "./checkout";
import type { OrderState } from "./order-state";
import type { ProductType } from "../schemas/product";
import type { ShopRole } from "../schemas/shop";

export const orderProgressStates = [
  "paid",
  "confirmed",
  "in_process",
  "ready_to_deliver",
  "on_the_way",
  "delivered",
  "canceled_by_customer",
  "canceled_by_supplier",
] as const;
export type OrderProgressState = (typeof orderProgressStates)[number];

/** Every value `orders.state` may hold: the purchase's states (`order-state.ts`), then the progress after payment. */
export const supplierOrderStates = [
  "pending_payment",
  "paid",
  "expired",
  "canceled",
  "confirmed",
  "in_process",
  "ready_to_deliver",
  "on_the_way",
  "delivered",
  "canceled_by_customer",
  "canceled_by_supplier",
] as const satisfies readonly (OrderState | OrderProgressState)[];
export type SupplierOrderState = (typeof supplierOrderStates)[number];

/**
 * How an order reaches its customer: the checkout's delivery type, or `digital` when every item is a digital
 * product (nothing to ship or hand over). `fixed_delivery` is the seller's own delivery to the address.
 */
export const fulfilmentPaths = ["shipping", "fixed_delivery", "to_branch", "digital"] as const;
export type FulfilmentPath = (typeof fulfilmentPaths)[number];

export function fulfilmentPath(order: { delivery_type: DeliveryType; item_types: readonly ProductType[] }): FulfilmentPath {
  const onlyDigital = order.item_types.length > 0 && order.item_types.every((type) => type === "digital");
  return onlyDigital ? "digital" : order.delivery_type;
}

/** The steps of each path, in order. Branch pickup has nothing on the way; a digital item is delivered at once. */
const steps: Record<FulfilmentPath, readonly OrderProgressState[]> = {
  shipping: ["paid", "confirmed", "in_process", "ready_to_deliver", "on_the_way", "delivered"],
  fixed_delivery: ["paid", "confirmed", "in_process", "ready_to_deliver", "on_the_way", "delivered"],
  to_branch: ["paid", "confirmed", "in_process", "ready_to_deliver", "delivered"],
  digital: ["paid", "delivered"],
};

/** The progress of a path, for a stepper. */
export function progressSteps(path: FulfilmentPath): readonly OrderProgressState[] {
  return steps[path];
}

/** The state the next action moves an order to, or null when nothing comes next on its path. */
export function nextState(state: SupplierOrderState, path: FulfilmentPath): OrderProgressState | null {
  const at = steps[path].indexOf(state as OrderProgressState);
  return at === -1 ? null : (steps[path][at + 1] ?? null);
}

/** Who acts on an order: the supplier shop's owner or one of its roles, the customer, or the platform itself. */
export type OrderActor = "owner" | ShopRole | "customer" | "system";

/**
 * Who may take each next action. Confirming commits a price (shipping cost) and a date to the customer, so it is the
 * owner's or an admin's call; the dispatcher moves the parcel along afterwards (spec §6: supplier admins advance
 * orders; left bar roles admin, accountant, dispatcher, qrreader).
 */
const advancers: Record<OrderProgressState, readonly OrderActor[]> = {
  paid: [],
  confirmed: ["owner", "admin"],
  in_process: ["owner", "admin", "dispatcher"],
  ready_to_deliver: ["owner", "admin", "dispatcher"],
  on_the_way: ["owner", "admin", "dispatcher"],
  delivered: ["owner", "admin", "dispatcher"],
  canceled_by_customer: [],
  canceled_by_supplier: [],
};

export const nextActionFields = ["estimated_delivery_date", "courier", "tracking_number"] as const;
export type NextActionField = (typeof nextActionFields)[number];

/** What the next action into `to` must carry: confirm needs a date and (when shipped) its cost; a courier parcel its tracking. */
export function requiredFields(to: OrderProgressState, path: FulfilmentPath): NextActionField[] {
  if (to === "confirmed") return ["estimated_delivery_date"];
  if (to === "on_the_way" && path === "shipping") return ["courier", "tracking_number"];
  return [];
}

export type NextActionDecision =
  { ok: true; to: OrderProgressState; requires: NextActionField[] } | { ok: false; code: "order_wrong_state" | "order_action_forbidden" };

/**
 * Decide a next action. `seen` is the state the actor saw: a step is taken from that state only, so a double click
 * or two sellers at once cannot skip a step (the update is then `... WHERE state = seen`).
 */
export function decideNextAction(input: {
  state: SupplierOrderState;
  seen: SupplierOrderState;
  path: FulfilmentPath;
  actor: OrderActor;
}): NextActionDecision {
  const to = input.state === input.seen ? nextState(input.state, input.path) : null;
  if (!to) return { ok: false, code: "order_wrong_state" };
  if (!advancers[to].includes(input.actor)) return { ok: false, code: "order_action_forbidden" };
  return { ok: true, to, requires: requiredFields(to, input.path) };
}

/** Field → message code for what a next action lacks or gets wrong; empty when the body is enough. */
export function nextActionErrors(
  requires: readonly NextActionField[],
  body: Partial<Record<NextActionField, string | number | null>>,
  today: string,
): Partial<Record<NextActionField, MessageCode>> {
  const errors: Partial<Record<NextActionField, MessageCode>> = {};
  for (const field of requires) {
    const value = body[field];
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) errors[field] = "required";
  }
  const date = body.estimated_delivery_date;
  if (requires.includes("estimated_delivery_date") && typeof date === "string" && date !== "" && date < today) {
    errors.estimated_delivery_date = "estimated_date_in_past";
  }
  return errors;
}

/** States a supplier may still cancel from: until the parcel leaves (after that it is a return, not a cancellation). */
const supplierCancelable: readonly SupplierOrderState[] = ["paid", "confirmed", "in_process", "ready_to_deliver"];

export type CancelDecision =
  | { ok: true; to: "canceled_by_customer" | "canceled_by_supplier" }
  | { ok: false; code: "order_wrong_state" | "order_action_forbidden" | "order_already_confirmed" };

/**
 * Decide a cancellation. The supplier (owner or admin: it refunds money) cancels with a reason until the order is on
 * its way; the customer only while the supplier has not confirmed it yet. Either way the order is refunded and its
 * stock given back.
 */
export function decideCancel(input: { state: SupplierOrderState; actor: OrderActor }): CancelDecision {
  if (input.actor === "customer") {
    if (input.state === "paid") return { ok: true, to: "canceled_by_customer" };
    return { ok: false, code: supplierCancelable.includes(input.state) ? "order_already_confirmed" : "order_wrong_state" };
  }
  if (input.actor !== "owner" && input.actor !== "admin") return { ok: false, code: "order_action_forbidden" };
  if (!supplierCancelable.includes(input.state)) return { ok: false, code: "order_wrong_state" };
  return { ok: true, to: "canceled_by_supplier" };
}

const closedStates: readonly SupplierOrderState[] = ["expired", "canceled", "delivered", "canceled_by_customer", "canceled_by_supplier"];

/** Whether nothing more can happen to an order through next actions or cancellation. */
export function isClosed(state: SupplierOrderState): boolean {
  return closedStates.includes(state);
}

/**
 * The status a customer reads (message catalogue: in process, to deliver, in transit, paid, delivered, cancelled by
 * customer, cancelled by supplier). Before payment the purchase's own state texts apply.
 */
const customerStatuses: Record<SupplierOrderState, MessageCode> = {
  pending_payment: "order_state_pending_payment",
  expired: "order_state_expired",
  canceled: "order_state_canceled",
  paid: "order_status_paid",
  confirmed: "order_status_in_process",
  in_process: "order_status_in_process",
  ready_to_deliver: "order_status_to_deliver",
  on_the_way: "order_status_in_transit",
  delivered: "order_status_delivered",
  canceled_by_customer: "order_status_canceled_by_customer",
  canceled_by_supplier: "order_status_canceled_by_supplier",
};

export function customerStatus(state: SupplierOrderState): MessageCode {
  return customerStatuses[state];
}

const sellerLabels: Record<SupplierOrderState, MessageCode> = {
  pending_payment: "order_state_pending_payment",
  expired: "order_state_expired",
  canceled: "order_state_canceled",
  paid: "order_state_sent_to_supplier",
  confirmed: "order_state_confirmed",
  in_process: "order_state_in_process",
  ready_to_deliver: "order_state_ready_to_deliver",
  on_the_way: "order_state_on_the_way",
  delivered: "order_state_delivered",
  canceled_by_customer: "order_state_canceled_by_customer",
  canceled_by_supplier: "order_state_canceled_by_supplier",
};

/**
 * The step name a seller reads: a paid order is "sent to supplier"; ready to deliver reads "to deliver" at a branch
 * (it waits for the customer) and "ready to deliver" when it waits for the courier (spec: 'to deliver / ready to deliver').
 */
export function sellerStateLabel(state: SupplierOrderState, path: FulfilmentPath): MessageCode {
  return state === "ready_to_deliver" && path === "to_branch" ? "order_state_to_deliver" : sellerLabels[state];
}
