import { z } from "zod";
import { listStates, mainTypes, productTypes, stockTypes } from "../rules/product-types";

export { listStates, mainTypes, type ProductType, productTypes, stockTypes, typeFromPath, typePaths } from "../rules/product-types";

export const returnTypes = ["disallowed", "72hrs"] as const;
export const returnFees = ["customer_all", "free", "customer_feed", "original_fees", "restocking_fees"] as const;
export const returnPolicies = ["common", "customized"] as const;
export const returnShippingLabels = ["inbox", "download"] as const;

export const returnInfo = z.object({
  return_type: z.enum(returnTypes).default("disallowed"),
  return_fees: z.enum(returnFees).optional(),
  return_policy: z.enum(returnPolicies).optional(),
  return_policy_legend: z.string().max(2000).optional(),
  return_shipping_label: z.enum(returnShippingLabels).optional(),
  restocking_fees: z.number().int().min(0).optional(),
});
export type ReturnInfo = z.infer<typeof returnInfo>;

export const productImage = z.object({
  id: z.string(),
  original: z.string(),
  /** 400x300 thumbnail and 350x419 card variants. */
  thumb: z.string(),
  card: z.string(),
  /** The detail page's WebP fitted inside 800x800; null for images stored before it existed (show the original). */
  large: z.string().nullable(),
  alt: z.string().nullable(),
});
export type ProductImage = z.infer<typeof productImage>;

/** The public shape of a product, service, experience or digital product (spec §3 Product / service). */
export const productView = z.object({
  id: z.string(),
  slug: z.string(),
  owner: z.string(),
  owner_name: z.string(),
  owner_slug: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(productTypes),
  main_type: z.enum(mainTypes),
  photos: z.array(z.string()),
  images: z.array(productImage),
  list_price: z.number().int(),
  currency: z.string(),
  crossout_price: z.number().int().nullable(),
  hide_price: z.boolean(),
  is_free: z.boolean(),
  is_dropshipping: z.boolean(),
  contribution_margin: z.number().int().nullable(),
  in_store: z.boolean(),
  list_state: z.enum(listStates),
  hiden: z.boolean(),
  queue_position: z.number().int(),
  sold_out: z.boolean(),
  stock: z.number().int().nullable(),
  stock_type: z.enum(stockTypes),
  max_purchase_amount: z.number().int().nullable(),
  experience_date: z.string().nullable(),
  experience_available: z.boolean(),
  variants: z.record(z.string(), z.string()),
  return_info: returnInfo,
  weight_grams: z.number().int(),
  /** The package's sides in centimetres, when the seller gave them (a product import's largo/ancho/alto). */
  package_cm: z.object({ length: z.number().int(), width: z.number().int(), height: z.number().int() }).nullable(),
  category: z.string().nullable(),
  /** SAT's keys for the item's invoice lines (null: 01010101 with H87, or E48 for services). */
  sat_product_key: z.string().nullable(),
  sat_unit_key: z.string().nullable(),
});
export type ProductView = z.infer<typeof productView>;
