import type { ReturnInfo } from "../schemas/product";

/**
 * Returns and refunds (commerce-and-accounts §3 'Return info', 'Refunds', §8 'cannot return a cancelled order',
 * 'return deadline expired', 'refund amount cannot exceed the amount available', §9 '72 hours from receipt').
 * Pure decisions: the server reads rows, asks these, and writes what they answer. Money is integer minor units.
 */

/** §9: a return may start up to 72 hours after the order was received — exact hours, no time zone involved. */
export const RETURN_WINDOW_HOURS = 72;
const HOUR_MS = 60 * 60 * 1000;

/** The instant the return window closes for an order delivered at `deliveredAt`. */
export function returnDeadline(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + RETURN_WINDOW_HOURS * HOUR_MS);
}

/**
 * The policy that applies to a product: the product's own return info when it sets one, otherwise the shop's.
 * A product whose info is the bare default (`{ return_type: "disallowed" }` and nothing else) has not set one.
 */
export function effectiveReturnPolicy(shopPolicy: ReturnInfo, productInfo: ReturnInfo | null | undefined): ReturnInfo {
  if (!productInfo) return shopPolicy;
  const keys = Object.entries(productInfo).filter(([, value]) => value !== undefined && value !== null);
  const isBareDefault = keys.length === 1 && productInfo.return_type === "disallowed";
  return keys.length === 0 || isBareDefault ? shopPolicy : productInfo;
}

export type ReturnStartError = "return_order_canceled" | "return_not_delivered" | "return_deadline_expired" | "return_disallowed";

const canceledStates = new Set(["canceled", "canceled_by_customer", "canceled_by_supplier", "expired"]);

/** Whether a customer may start a return now; null when they may, else the catalogue code that refuses it. */
export function decideReturnStart(input: {
  orderState: string;
  deliveredAt: Date | null;
  now: Date;
  policies: ReturnInfo[];
}): ReturnStartError | null {
  if (canceledStates.has(input.orderState)) return "return_order_canceled";
  if (input.orderState !== "delivered" || !input.deliveredAt) return "return_not_delivered";
  if (input.now.getTime() > returnDeadline(input.deliveredAt).getTime()) return "return_deadline_expired";
  if (input.policies.some((policy) => policy.return_type !== "72hrs")) return "return_disallowed";
  return null;
}

/** How many units of a line may still be returned: delivered minus those in returns not rejected. */
export function returnableQuantity(delivered: number, alreadyReturned: number): number {
  return Math.max(0, delivered - alreadyReturned);
}

/**
 * What the customer gets back when a return closes, by the policy's return fees:
 * - free: the goods and their share of the original shipping;
 * - customer_all: the goods, less the return shipping (the customer pays both shipments);
 * - customer_feed: the goods and their share of the original shipping, less the return shipping fee;
 * - original_fees: the goods only (the original shipping is not refunded; the return is free);
 * - restocking_fees: the goods less the policy's restocking fee.
 * `shippingShare` is the original shipping in proportion to the goods returned (rounded down to the minor unit).
 * Never below zero and never above what is still available.
 */
export function returnRefundAmount(input: {
  goods: number;
  orderGoods: number;
  orderShipping: number;
  returnShipping: number;
  policy: ReturnInfo;
  available: number;
}): number {
  const shippingShare = input.orderGoods > 0 ? Math.floor((input.orderShipping * input.goods) / input.orderGoods) : 0;
  const fees = input.policy.return_fees ?? "free";
  const amounts: Record<NonNullable<ReturnInfo["return_fees"]>, number> = {
    free: input.goods + shippingShare,
    customer_all: input.goods - input.returnShipping,
    customer_feed: input.goods + shippingShare - input.returnShipping,
    original_fees: input.goods,
    restocking_fees: input.goods - (input.policy.restocking_fees ?? 0),
  };
  return Math.min(Math.max(0, amounts[fees]), Math.max(0, input.available));
}

/** What may still be refunded of an order: its total less every refund not failed (pending ones hold their amount). */
export function refundableAmount(orderTotal: number, refunds: { amount: number; status: string }[]): number {
  const taken = refunds.filter((refund) => refund.status !== "failed").reduce((sum, refund) => sum + refund.amount, 0);
  return Math.max(0, orderTotal - taken);
}

const refundableStates = new Set(["paid", "confirmed", "in_process", "ready_to_deliver", "on_the_way", "delivered"]);

export type RefundError = "refund_order_not_paid" | "refund_amount_invalid" | "refund_exceeds_available";

/** Whether a supplier may refund `amount` of an order now; null when they may. */
export function decideRefund(input: { orderState: string; amount: number; available: number }): RefundError | null {
  if (!refundableStates.has(input.orderState)) return "refund_order_not_paid";
  if (!Number.isInteger(input.amount) || input.amount <= 0) return "refund_amount_invalid";
  if (input.amount > input.available) return "refund_exceeds_available";
  return null;
}

export const returnStates = ["open", "accepted", "rejected", "closed"] as const;
export type ReturnState = (typeof returnStates)[number];

/** A return's life: open → accepted | rejected; accepted → closed (received and refunded). */
const returnTransitions: Record<ReturnState, ReturnState[]> = {
  open: ["accepted", "rejected"],
  accepted: ["closed"],
  rejected: [],
  closed: [],
};

export function canMoveReturn(from: ReturnState, to: ReturnState): boolean {
  return returnTransitions[from].includes(to);
}
