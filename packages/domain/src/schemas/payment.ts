import { z } from "zod";
import { paymentMethods } from "../rules/checkout";
import { msiMonths } from "../rules/instalments";

/** Payments of a purchase (commerce-and-accounts §2 'Checkout, payments, orders'). */

/**
 * POST checkouts/{id}/pay: the method, a card token from the gateway's frame (with openpay.js's device session id, which
 * Openpay needs on every card charge), and where the shopper comes back to.
 */
export const payBody = z.object({
  method: z.enum(paymentMethods),
  card_token: z.string().max(2000).optional(),
  device_session_id: z
    .string()
    .regex(/^[\w+/=-]{1,255}$/, { message: "device_session_invalid" })
    .optional(),
  /** A path on this site, for the return after a 3DS challenge or a redirect method. */
  return_path: z.string().max(500),
  /** Pay with one of the signed-in customer's saved cards instead of a new card token (issue #31). */
  saved_card_id: z.string().uuid().optional(),
  /** 'Guardar tarjeta': keep the new card at the gateway for the next purchases (signed-in customers). */
  save_card: z.boolean().optional(),
  /** Interest-free months (spec §3 msi_payments): one of the checkout's `instalments`; absent for one payment. */
  msi_payments: z
    .number()
    .int()
    .refine((months) => msiMonths.some((offered) => offered === months), { message: "instalments_unavailable" })
    .optional(),
});
export type PayBody = z.infer<typeof payBody>;

/** How to pay offline: the reference, the CLABE of a bank transfer, and the deadline. */
export const paymentInstructions = z.object({ reference: z.string(), clabe: z.string().optional(), deadline: z.string().optional() });
export type PaymentInstructions = z.infer<typeof paymentInstructions>;

/** The latest payment attempt of a purchase. */
export const paymentView = z.object({
  id: z.string(),
  method: z.string(),
  /** created → requires_action | pending → succeeded | failed | refunded */
  status: z.string(),
  failure_code: z.string().nullable(),
  instructions: paymentInstructions.nullable(),
  /** Interest-free months (MSI) the card was charged in, and the price per month; null for one payment. */
  instalments: z.object({ months: z.number().int(), monthly: z.number().int() }).nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

/** A verified gateway event: applied now, or already applied before. */
/**
 * The shopper came back from a redirect method (spec §9: return path code 1, cancel path code 2) with what the provider
 * added to the URL (PayPal's token and PayerID).
 */
export const redirectReturnBody = z.object({
  code: z.enum(["1", "2"]),
  provider_query: z.record(z.string().max(100), z.string().max(500)).refine((query) => Object.keys(query).length <= 10, "too_many_fields"),
});
export type RedirectReturnBody = z.infer<typeof redirectReturnBody>;
/** What the return did: captured and paid, refused, cancelled, or nothing (already settled, or settled by the webhook). */
export const redirectReturnResult = z.object({ status: z.enum(["paid", "failed", "cancelled", "unchanged"]) });
export type RedirectReturnResult = z.infer<typeof redirectReturnResult>;

export const webhookReceipt = z.object({ received: z.enum(["applied", "duplicate"]) });

/** A checkout customer's saved card as its owner sees it (issue #31): never the number or the CVV. */
export const checkoutCardView = z.object({
  id: z.string(),
  method: z.enum(paymentMethods),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type CheckoutCardView = z.infer<typeof checkoutCardView>;
