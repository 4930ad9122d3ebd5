import { z } from "zod";
import { returnStates } from "../rules/returns";
import { listOf, pageQuery } from "./common";
import { returnInfo, returnShippingLabels } from "./product";

/** Returns and refunds (commerce-and-accounts §3 'Return info', 'Refunds'; §4 'Checkout and orders'). */

export const RETURN_REASON_MAX = 1000;
export const RETURN_PHOTOS_MAX = 5;
/** The supplier's returns list, per page. */
export const RETURNS_PAGE_SIZE = 10;

export const returnPolicyView = z.object({ policy: returnInfo });
export type ReturnPolicyView = z.infer<typeof returnPolicyView>;

/** The customer's request: which lines and how many units, why, and photos already uploaded to their gallery. */
export const startReturnBody = z.object({
  items: z
    .array(z.object({ order_item_id: z.string().uuid(), quantity: z.number().int().min(1, "return_quantity_invalid") }))
    .min(1, "return_items_required")
    .max(100),
  reason: z.string().trim().min(1, "required").max(RETURN_REASON_MAX, "return_reason_too_long"),
  photo_ids: z.array(z.string().uuid()).max(RETURN_PHOTOS_MAX, "return_too_many_photos").default([]),
});
export type StartReturnBody = z.input<typeof startReturnBody>;

export const acceptReturnBody = z.object({ label_mode: z.enum(returnShippingLabels) });
export const rejectReturnBody = z.object({ reason: z.string().trim().min(1, "required").max(RETURN_REASON_MAX, "return_reason_too_long") });
export const closeReturnBody = z.object({
  /** What shipping the return back cost, when the policy charges it to the customer. */
  return_shipping: z.number().int().min(0).max(100_000_000).default(0),
  restock: z.boolean().default(true),
});

export const refundBody = z.object({
  amount: z.number().int("refund_amount_invalid").min(1, "refund_amount_invalid").max(1_000_000_000, "refund_exceeds_available"),
  restock: z
    .array(z.object({ order_item_id: z.string().uuid(), quantity: z.number().int().min(1) }))
    .max(100)
    .default([]),
  note: z.string().trim().max(500).optional(),
});
export type RefundBody = z.input<typeof refundBody>;

export const refundStatuses = ["pending", "success", "failed"] as const;

export const refundView = z.object({
  id: z.string(),
  order_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(refundStatuses),
  restock: z.boolean(),
  return_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundView>;

export const returnLineView = z.object({
  order_item_id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
});

export const returnView = z.object({
  id: z.string(),
  order_id: z.string(),
  order_number: z.number().int().nullable(),
  state: z.enum(returnStates),
  reason: z.string(),
  photos: z.array(z.string()),
  goods: z.number().int(),
  currency: z.string(),
  items: z.array(returnLineView),
  label_mode: z.enum(returnShippingLabels).nullable(),
  /** The uploaded shipping label, for the customer to download (label_mode 'download'). */
  label_url: z.string().nullable(),
  reject_reason: z.string().nullable(),
  refund: refundView.nullable(),
  customer_name: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type ReturnView = z.infer<typeof returnView>;

/** A line of a delivered order, with what may still be returned and the policy that applies to it. */
export const returnableLineView = z.object({
  order_item_id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  unit_price: z.number().int(),
  delivered: z.number().int(),
  returnable: z.number().int(),
  policy: returnInfo,
});

/** Everything about returns and refunds of one order, for the customer's purchase page and the supplier's order page. */
export const orderReturnsView = z.object({
  order_id: z.string(),
  currency: z.string(),
  total: z.number().int(),
  /** What may still be refunded: the total less every refund not failed. */
  refundable: z.number().int(),
  /** When the 72-hour window closes (null until delivered). */
  return_deadline: z.string().nullable(),
  /** Null when a return may start now, else the catalogue code that refuses it. */
  cannot_return: z.string().nullable(),
  policy: returnInfo,
  lines: z.array(returnableLineView),
  returns: z.array(returnView),
  refunds: z.array(refundView),
});
export type OrderReturnsView = z.infer<typeof orderReturnsView>;

export const sellerReturnsQuery = pageQuery.extend({ state: z.enum(returnStates).optional() });
export const sellerReturnsList = listOf(returnView);
