import { z } from "zod";
import { buttonLabels, headerActionTypes, photoDisplays, shopRoles, slugPattern } from "../rules/shop-display";
import { gradientKeys, shopThemeKeys } from "../rules/shop-theme";

export { buttonLabels, headerActionTypes, isWidePhoto, photoDisplays, type ShopRole, shopRoles, slugPattern } from "../rules/shop-display";

export const shopSlug = z.string().trim().min(2).max(60).regex(slugPattern, { message: "invalid_slug" });

export const storeTypes = ["franchise", "affinity", "affiliate"] as const;
export const sectionKeys = ["products", "digital", "services", "experiences", "franchises", "retail", "blogs", "catalogues"] as const;
export type SectionKey = (typeof sectionKeys)[number];

export const hexColor = z.string().regex(/^(transparent|#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8})$/);

export const headerInfo = z.object({
  title: z.string().max(30).optional(),
  subtitle: z.string().max(40).optional(),
  description: z.string().max(130).optional(),
  action_type: z.enum(headerActionTypes).optional(),
  url: z.string().optional(),
  button_label: z.enum(buttonLabels).optional(),
  product: z.string().optional(),
  product_supplier: z.string().optional(),
});

export const storeThemeInfo = z.object({
  color1: z.string().default("#0f766e"),
  color2: z.string().default("#f59e0b"),
  columns: z.union([z.literal(1), z.literal(2)]).default(2),
  signup_form: z.enum(["basic", "complete"]).default("basic"),
  sections_info: z.array(z.enum(sectionKeys)).default(["products", "services", "experiences", "digital", "catalogues"]),
  slider_info: z.record(z.string(), z.unknown()).default({}),
  header_info: headerInfo.default({}),
  /** The preset page background (rules/shop-theme.ts), or none. */
  gradient: z.enum(gradientKeys).nullable().default(null),
  /** The named theme the two colours are (read only: the API works it out from color1 and color2), or null for custom colours. */
  theme: z.enum(shopThemeKeys).nullable().default(null),
});
export type StoreThemeInfo = z.infer<typeof storeThemeInfo>;

export const rootAffinityStoreInfo = z.object({
  owner: z.string(),
  name: z.string(),
  color1: z.string().optional(),
  color2: z.string().optional(),
  photo: z.string().nullable().optional(),
  canonical_url: z.string().nullable().optional(),
  users_support_url: z.string().nullable().optional(),
  about_entry_id: z.string().nullable().optional(),
  subscription_broker: z.string().nullable().optional(),
  currentShopID: z.string().optional(),
  queryType: z.string().optional(),
});

/** The public shape of a shop, as the API returns it (spec storefront-and-admin §3 Shop). */
export const shopView = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  owner: z.string(),
  owner_name: z.string().nullable(),
  owner_photo: z.string().nullable(),
  owner_url: z.string().nullable(),
  photo: z.string().nullable(),
  /** The logo as a small WebP (shorter side at most 128 px) when the logo is one of our files; null otherwise (show `photo`). */
  photo_webp: z.string().nullable(),
  photo_display: z.enum(photoDisplays),
  header: z.string().nullable(),
  /** The header picture as a WebP at most 1600 px wide when the header is one of our files; null otherwise (show `header`). */
  header_webp: z.string().nullable(),
  favicon: z.string().nullable(),
  bgcolor: z.string().nullable(),
  darkmode: z.boolean(),
  hidden_darkmode: z.boolean(),
  hidden_store_name: z.boolean(),
  hidden_search_bar: z.boolean(),
  hidden_affinity_xheader: z.boolean(),
  canonical_url: z.string().nullable(),
  canonical_domain: z.string().nullable(),
  seo_description: z.string().nullable(),
  store_type: z.enum(storeTypes).nullable(),
  is_proxy: z.boolean(),
  fb_pixel: z.string().nullable(),
  live_chat_license: z.string().nullable(),
  whatsapp_country_code: z.string().nullable(),
  whatsapp_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_country_code: z.string().nullable(),
  users_support_url: z.string().nullable(),
  /** Payment methods the shop accepts as a supplier (supplier_info.enabled_payment_types). */
  enabled_payment_types: z.array(z.string()),
  about_entry_id: z.string().nullable(),
  footer_bg: z.string().nullable(),
  footer_fg: z.string().nullable(),
  footer_style: z.enum(["3cols1col", "default"]),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  twitter: z.string().nullable(),
  youtube: z.string().nullable(),
  twitch: z.string().nullable(),
  kick: z.string().nullable(),
  discord: z.string().nullable(),
  adornment_type: z.string().nullable(),
  affiliate_landing: z.string().nullable(),
  dssupplier_landing: z.string().nullable(),
  hidden_affiliate_banner: z.boolean(),
  hidden_dssupplier_banner: z.boolean(),
  dssupplier_banner: z.string().nullable(),
  disabled: z.boolean(),
  currency: z.string(),
  root_affinity_store_info: rootAffinityStoreInfo.nullable(),
  store_theme_info: storeThemeInfo,
  /** The requesting user's relation to the shop; filled per request. */
  permissions: z.array(z.enum(shopRoles)),
  /**
   * For the shop's admins: it cannot take payments, because only the sandbox would charge it and this install (production,
   * not the demo) does not let it (issue #32). False for everyone else.
   */
  payments_blocked: z.boolean(),
  user_info: z.object({ user_level: z.number().int().min(0).max(3).nullable() }),
});
export type ShopView = z.infer<typeof shopView>;
