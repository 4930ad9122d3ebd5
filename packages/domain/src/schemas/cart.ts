import { z } from "zod";
import { paymentMethods } from "../rules/checkout";
import { stockTypes } from "./product";

/**
 * The cart (commerce-and-accounts §2 'Checkout, payments, orders'): one order per supplier, priced from the
 * database, never from the client. Money is integer minor units.
 */

/** One line as the client sends it: a product and how many. */
export const cartLineInput = z.object({ product_id: z.string().uuid(), quantity: z.number().int().min(1).max(9999) });
export type CartLineInput = z.infer<typeof cartLineInput>;

/** An anonymous browser cart (quote) or one merged at login. */
export const cartItemsBody = z.object({ items: z.array(cartLineInput).max(200) });

/** Why an item cannot be bought now (shop_disabled: the store or the item's supplier was disabled by the platform). */
export const saleProblems = ["out_of_stock", "unavailable_for_sale", "shop_disabled"] as const;
export type SaleProblem = (typeof saleProblems)[number];

/** One priced cart line, with what the quantity stepper needs (stock, limit) and why it cannot be bought, if so. */
export const cartProductView = z.object({
  product_id: z.string(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  supplier_slug: z.string(),
  supplier_configured: z.boolean(),
  name: z.string(),
  description: z.string().nullable(),
  photo: z.string().nullable(),
  type: z.string(),
  unit_price: z.number().int(),
  currency: z.string(),
  quantity: z.number().int(),
  /** Units in stock; null when made on demand. */
  available: z.number().int().nullable(),
  stock_type: z.enum(stockTypes),
  max_purchase_amount: z.number().int().nullable(),
  weight_grams: z.number().int(),
  disabled: z.boolean(),
  problem: z.enum(saleProblems).nullable(),
  total: z.number().int(),
});
export type CartProductView = z.infer<typeof cartProductView>;

/** One supplier's order in the cart; `is_configured` false when the supplier cannot sell yet. */
export const cartOrderView = z.object({
  supplier: z.string(),
  supplier_name: z.string(),
  supplier_slug: z.string(),
  is_configured: z.boolean(),
  supplier_info: z.object({ enabled_payment_types: z.array(z.enum(paymentMethods)) }),
  currency: z.string(),
  /** Sum of the lines that can be bought. */
  total: z.number().int(),
  products: z.array(cartProductView),
});
export type CartOrderView = z.infer<typeof cartOrderView>;

export const cartView = z.object({
  orders: z.array(cartOrderView),
  total_products: z.number().int(),
  total_amount: z.number().int(),
});
export type CartView = z.infer<typeof cartView>;
