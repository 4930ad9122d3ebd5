import { z } from "zod";
import { deliveryTypes, paymentMethods } from "../rules/checkout";
import { fulfilmentPaths, orderProgressStates, supplierOrderStates } from "../rules/order-progress";
import { orderStates } from "../rules/order-state";
import { addressFields } from "./address";
import { cartLineInput } from "./cart";
import { orderProgressFields } from "./order";
import { paymentView } from "./payment";
import { productTypes } from "./product";

/**
 * A purchase (the spec's checkout_aggregation, commerce-and-accounts §2 'Checkout, payments, orders'): one order
 * per supplier, paid once. Money is integer minor units; dates are ISO strings.
 */

/** A courier service's price to a postal code for the whole purchase (every supplier parcel). */
export const shippingRate = z.object({
  id: z.string(),
  carrier: z.string(),
  service: z.enum(["standard", "express"]),
  cost: z.number().int(),
  days: z.number().int(),
});
export type ShippingRate = z.infer<typeof shippingRate>;

export const shippingQuoteBody = z.object({ postal_code: z.string(), items: z.array(cartLineInput).max(200).default([]) });
export const shippingRates = z.object({ rates: z.array(shippingRate) });

/** A guest's contact details. */
export const checkoutContact = z.object({
  full_name: z.string().trim().min(1).max(120),
  email: z.string().trim().email(),
  phone: z.string().max(20).optional(),
});

/** POST shops/{slug}/checkout: the guest's items and contact (a signed-in customer's cart is used), and the delivery. */
export const checkoutBody = z.object({
  items: z.array(cartLineInput).min(1).max(200).optional(),
  contact: checkoutContact.optional(),
  delivery_type: z.enum(deliveryTypes),
  address: addressFields.optional(),
  /** A saved address of the signed-in customer, used instead of `address`. */
  address_id: z.string().uuid().optional(),
  /** Keep the entered address in the signed-in customer's address book. */
  save_address: z.boolean().optional(),
  rate_id: z.string().max(60).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const checkoutItemView = z.object({
  product_id: z.string(),
  name: z.string(),
  type: z.enum(productTypes),
  photo: z.string().nullable(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
  total: z.number().int(),
  /** A digital item's signed download link once paid (its customer or a guest with the token only); null otherwise. */
  download_url: z.string().nullable(),
});
export type CheckoutItemView = z.infer<typeof checkoutItemView>;

/** One supplier's order of the purchase; its state goes on with the supplier's progress once paid. */
export const checkoutOrderView = z.object({
  id: z.string(),
  number: z.number().int(),
  supplier: z.string(),
  supplier_name: z.string(),
  supplier_slug: z.string(),
  state: z.enum(supplierOrderStates),
  subtotal: z.number().int(),
  shipping_cost: z.number().int(),
  total: z.number().int(),
  items: z.array(checkoutItemView),
  /** How the order reaches the customer, and the steps of that path for the progress bar. */
  path: z.enum(fulfilmentPaths),
  steps: z.array(z.enum(orderProgressStates)),
  ...orderProgressFields,
  /** The customer may cancel until the supplier confirms. */
  can_cancel: z.boolean(),
});
export type CheckoutOrderView = z.infer<typeof checkoutOrderView>;

/** The purchase as its customer, a guest with its token, a shared link and the paid page see it. */
export const checkoutView = z.object({
  id: z.string(),
  access_token: z.string(),
  shop_slug: z.string().nullable(),
  state: z.enum(orderStates),
  created_at: z.string(),
  expires_at: z.string(),
  seconds_left: z.number().int(),
  delivery_type: z.enum(deliveryTypes),
  address: addressFields.nullable(),
  /** A guest's contact details; null for a customer's purchase and on a shared link. */
  contact: z.object({ full_name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  subtotal: z.number().int(),
  shipping_cost: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  public_slug: z.string().nullable(),
  /** What every supplier of the purchase accepts and one gateway can charge for all of them. */
  payment_methods: z.array(z.enum(paymentMethods)),
  /**
   * Browser-safe keys of the live accounts that would charge (spec §3 payment_metadata: str_public_key, ck_public_key,
   * op_public_key, op_merchant_id): the card frame loads the provider's own script with them. Empty in sandbox mode.
   */
  payment_metadata: z.record(z.string(), z.string()),
  /**
   * Interest-free plans (spec §7 'instalments', MSI) the card methods in `instalment_methods` offer for this total, with the
   * price per month; empty when the gateway offers none or the total is too small.
   */
  instalments: z.array(z.object({ months: z.number().int(), monthly: z.number().int() })),
  instalment_methods: z.array(z.enum(paymentMethods)),
  /** Card methods whose gateway can keep the card for the next purchase ('Guardar tarjeta'). */
  card_saving_methods: z.array(z.enum(paymentMethods)),
  /**
   * Why the purchase cannot be paid now, when no method is offered for a reason the buyer should read: payments_not_live
   * (production, and a supplier without a live payment provider: only the sandbox would charge it; issue #32).
   */
  payment_notice: z.enum(["payments_not_live"]).nullable(),
  /** Paid through the sandbox gateway: no money moved (a test purchase). */
  test: z.boolean(),
  orders: z.array(checkoutOrderView),
  payment: paymentView.nullable(),
});
export type CheckoutView = z.infer<typeof checkoutView>;

/** The purchase's public link, generated once. */
export const checkoutShared = z.object({ public_slug: z.string() });

const withCheckout = { checkout: checkoutView };
const nextAction = z.object({ redirect_to_url: z.object({ url: z.string() }) });
/** What the browser does after POST pay: nothing (paid, pending offline), a 3DS challenge, a redirect, or try again. */
export const payResult = z.discriminatedUnion("status", [
  z.object({ status: z.literal("paid"), ...withCheckout }),
  z.object({ status: z.literal("pending"), ...withCheckout }),
  z.object({ status: z.literal("requires_action"), next_action: nextAction, ...withCheckout }),
  z.object({ status: z.literal("redirect"), approval_url: z.string(), ...withCheckout }),
  z.object({ status: z.literal("failed"), code: z.string(), ...withCheckout }),
]);
export type PayResult = z.infer<typeof payResult>;
