import { z } from "zod";
import { deliveryTypes, paymentMethods } from "../rules/checkout";
import { fulfilmentPaths, nextActionFields, orderProgressStates, supplierOrderStates } from "../rules/order-progress";
import { shopRoles } from "./shop";

/**
 * Orders after purchase, as sellers and customers see them (commerce-and-accounts §3 'Purchase-order concepts',
 * §7 'Customer orders, checkout, payments'). Money is integer minor units; dates are ISO strings.
 */

/** Orders per page of the seller's list (spec §9: orders 10). */
export const ORDERS_PAGE_SIZE = 10;

const text = (max: number) => z.string().trim().max(max);
const isoDate = z.iso.date();

/** GET orders: offset, limit 10, state, payment_type, delivery_type, start_date, end_date, include_delivered, include_canceled, text. */
export const sellerOrderListQuery = z
  .object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(ORDERS_PAGE_SIZE).default(ORDERS_PAGE_SIZE),
    state: z.enum(supplierOrderStates).optional(),
    payment_type: z.enum(paymentMethods).optional(),
    delivery_type: z.enum(deliveryTypes).optional(),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    /** Delivered and cancelled orders are left out unless asked for (the list is the seller's work queue). */
    include_delivered: z.stringbool().default(false),
    include_canceled: z.stringbool().default(false),
    text: text(100).optional(),
  })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    message: "invalid_date_range",
    path: ["end_date"],
  });
export type SellerOrderListQuery = z.infer<typeof sellerOrderListQuery>;

/**
 * The customer's purchase list (/mis-compras) with the seller list's filters (spec §7 GET orders): a purchase shows when
 * one of its orders has the state, its payment and delivery match, it was made between the dates, and the text is an
 * order number, an item, or a supplier's name. Delivered and cancelled purchases stay: it is the customer's history.
 */
export const PURCHASES_PAGE_MAX = 50;
export const purchaseListQuery = z
  .object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(PURCHASES_PAGE_MAX).default(ORDERS_PAGE_SIZE),
    state: z.enum(supplierOrderStates).optional(),
    payment_type: z.enum(paymentMethods).optional(),
    delivery_type: z.enum(deliveryTypes).optional(),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    text: text(100).optional(),
  })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    message: "invalid_date_range",
    path: ["end_date"],
  });
export type PurchaseListQuery = z.infer<typeof purchaseListQuery>;

/** RFC: 3 (company) or 4 (person) letters, the date yymmdd, and a 3-character check (homoclave). */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z\d]{3}$/;
/** SAT catalogue c_RegimenFiscal. */
export const taxRegimes = [
  "601",
  "603",
  "605",
  "606",
  "607",
  "608",
  "610",
  "611",
  "612",
  "614",
  "615",
  "616",
  "620",
  "621",
  "622",
  "623",
  "624",
  "625",
  "626",
] as const;
/** SAT catalogue c_UsoCFDI (CFDI 4.0). */
export const cfdiUses = [
  "G01",
  "G02",
  "G03",
  "I01",
  "I02",
  "I03",
  "I04",
  "I05",
  "I06",
  "I07",
  "I08",
  "D01",
  "D02",
  "D03",
  "D04",
  "D05",
  "D06",
  "D07",
  "D08",
  "D09",
  "D10",
  "S01",
  "CP01",
  "CN01",
] as const;

/** Invoicing data the customer enters for the supplier to invoice the order (tax regime, CFDI use). */
export const invoicingData = z.object({
  rfc: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(RFC_PATTERN, { message: "invalid_rfc" })),
  legal_name: text(300).min(1, { message: "required" }),
  postal_code: z.string().regex(/^\d{5}$/, { message: "invalid_postal_code" }),
  tax_regime: z.enum(taxRegimes, { message: "required" }),
  cfdi_use: z.enum(cfdiUses, { message: "required" }),
});
export type InvoicingData = z.infer<typeof invoicingData>;

/** Invoicing data as the API answers it (already validated and normalised: a response schema cannot transform). */
export const invoicingView = z.object({
  rfc: z.string(),
  legal_name: z.string(),
  postal_code: z.string(),
  tax_regime: z.enum(taxRegimes),
  cfdi_use: z.enum(cfdiUses),
});

/**
 * POST …/orders/{id}/next. `from` is the state the seller saw; the order moves only from there. Which other fields
 * are required depends on the step (`requiredFields` in rules/order-progress.ts).
 */
export const nextActionBody = z.object({
  from: z.enum(supplierOrderStates),
  estimated_delivery_date: isoDate.optional(),
  courier: text(80).optional(),
  tracking_number: text(80).optional(),
});
export type NextActionBody = z.infer<typeof nextActionBody>;

/** A supplier cancels with a reason; it is shown to the customer. */
export const supplierCancelBody = z.object({ reason: text(500).min(1, { message: "required" }) });
/** A customer may say why, before the supplier confirms. */
export const customerCancelBody = z.object({ reason: text(500).optional() });

export const orderActorRoles = ["owner", ...shopRoles, "customer", "system"] as const;

/** What a timeline line records: a change of state, or the order's every unit put into boxes (state unchanged). */
export const orderEventKinds = ["state", "packed"] as const;

/** One line of an order's timeline: a state change (or its packing), who made it and when. */
export const orderEventView = z.object({
  id: z.string(),
  kind: z.enum(orderEventKinds),
  /** For 'packed': how many boxes hold the order. */
  boxes: z.number().int().nullable(),
  from_state: z.enum(supplierOrderStates).nullable(),
  to_state: z.enum(supplierOrderStates),
  actor_role: z.enum(orderActorRoles),
  actor_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type OrderEventView = z.infer<typeof orderEventView>;

/** A row of the seller's order list (sorted by updated_at, newest first). */
export const sellerOrderSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  state: z.enum(supplierOrderStates),
  path: z.enum(fulfilmentPaths),
  customer_name: z.string().nullable(),
  delivery_type: z.enum(deliveryTypes),
  payment_type: z.enum(paymentMethods).nullable(),
  /** Interest-free months (MSI) the customer's card was charged in; null for one payment. */
  instalments: z.number().int().nullable(),
  items_count: z.number().int(),
  /** Paid through the sandbox gateway: no money moved (issue #32). */
  test: z.boolean(),
  total: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SellerOrderSummary = z.infer<typeof sellerOrderSummary>;

export const orderItemView = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
  total: z.number().int(),
});

export const receiptView = z.object({
  id: z.string(),
  number: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
});
export type ReceiptView = z.infer<typeof receiptView>;

/** The purchase-order concepts both the customer and the seller read (dates, courier and tracking, cancel reason, invoicing). */
export const orderProgressFields = {
  confirmed_at: z.string().nullable(),
  estimated_delivery_date: isoDate.nullable(),
  delivered_at: z.string().nullable(),
  courier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  invoicing: invoicingView.nullable(),
};

/**
 * One order as its seller sees it: the purchase-order concepts (dates created/confirmed/estimated/delivered, total,
 * shipping cost, tracking number, cancel reason, invoicing data), its timeline, and what the viewer may do next.
 */
export const sellerOrderView = sellerOrderSummary.extend({
  checkout_id: z.string(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  address: z.record(z.string(), z.string()).nullable(),
  items: z.array(orderItemView),
  subtotal: z.number().int(),
  shipping_cost: z.number().int(),
  paid_at: z.string().nullable(),
  ...orderProgressFields,
  receipts: z.array(receiptView),
  events: z.array(orderEventView),
  /** Who reads it: the order's supplier, or the franchise store it was bought in (no next action, cancel or receipts). */
  viewer: z.enum(["supplier", "franchise_store"]),
  /** The state the viewer's next action leads to, and what it must carry; null when they have none. */
  next_state: z.enum(orderProgressStates).nullable(),
  next_fields: z.array(z.enum(nextActionFields)),
  can_cancel: z.boolean(),
});
export type SellerOrderView = z.infer<typeof sellerOrderView>;
