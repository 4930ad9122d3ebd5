import { z } from "zod";
import { paymentMethods } from "../rules/checkout";
import { cleanEmailInput, isValidPhone } from "../rules/registration";
import { facebookPixelPattern, liveChatLicensePattern } from "../rules/shop-integrations";
import { gradientKeys, normalizeColour, shopThemeKeys } from "../rules/shop-theme";
import { imageUrl } from "./catalogue";
import { hexColor, photoDisplays, sectionKeys } from "./shop";

export { shopPhotoMaxBytes, uploadLimitMb } from "../rules/shop-display";

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));

/** A checked contact field: empty means none (null); otherwise it must pass `check`, else the field's code. */
const nullableChecked = (max: number, check: (value: string) => boolean, code: string) =>
  nullableText(max).refine((value) => value == null || check(value), { message: code });

/**
 * The shop's contact details (storefront-and-admin L41): the contact e-mail and phone the contact dialog shows and the
 * WhatsApp number of the messaging button. Phones are 10 digits after their country's dialling code.
 */
export const shopContactInfo = z.object({
  contact_email: nullableChecked(200, (value) => z.string().email().safeParse(cleanEmailInput(value)).success, "invalid_email").transform(
    (value) => (value == null ? value : cleanEmailInput(value).toLowerCase()),
  ),
  contact_phone: nullableChecked(20, isValidPhone, "invalid_number").transform((value) =>
    value == null ? value : value.replace(/\s+/g, ""),
  ),
  contact_country_code: nullableChecked(5, (value) => /^\d{1,4}$/.test(value), "invalid_number"),
  whatsapp_country_code: nullableChecked(5, (value) => /^\d{1,4}$/.test(value), "invalid_number"),
  whatsapp_phone: nullableChecked(20, isValidPhone, "invalid_number").transform((value) =>
    value == null ? value : value.replace(/\s+/g, ""),
  ),
});
export type ShopContactInfo = z.input<typeof shopContactInfo>;

/** The shop's integrations (rules/shop-integrations.ts): the LiveChat licence and the Facebook pixel; empty clears them. */
export const shopIntegrations = z.object({
  live_chat_license: nullableChecked(12, (value) => liveChatLicensePattern.test(value), "invalid_live_chat_license"),
  fb_pixel: nullableChecked(20, (value) => facebookPixelPattern.test(value), "invalid_fb_pixel"),
});
export type ShopIntegrations = z.input<typeof shopIntegrations>;

/**
 * The storefront's invitation banners (rules/supplier-invitation.ts): the shop's own supplier sentence (empty: the
 * default '¿Quieres ser proveedor de …?') and the flags that hide each banner.
 */
export const shopInvitations = z.object({
  dssupplier_banner: nullableText(160),
  hidden_dssupplier_banner: z.boolean().optional(),
  hidden_affiliate_banner: z.boolean().optional(),
});

/** Social links form: empty fields are sent as null; discord must be a valid URL when present. */
export const socialLinks = z.object({
  facebook: nullableText(200),
  instagram: nullableText(200),
  twitter: nullableText(200),
  youtube: nullableText(200),
  twitch: nullableText(200),
  kick: nullableText(200),
  discord: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s.]+\.[^\s]+$/, { message: "invalid_url" })
    .nullable()
    .optional(),
});

/** A colour from the picker (hex or rgb/rgba, alpha rounded to 2 decimals), stored as lower-case hex; else 'invalid_color'. */
export const themeColor = z
  .string()
  .max(40)
  .transform((value, context) => {
    const colour = normalizeColour(value);
    if (colour === null) context.addIssue({ code: "custom", message: "invalid_color" });
    return colour ?? value;
  });

/** What the shop editors may change (spec §7 Shop update: name; columns, color1, color2; photo url; colour field + color1). */
export const shopSettingsPatch = socialLinks
  .extend({
    /** The colour picker names the field it changed and also sends color1. */
    field: z.enum(["color1", "color2", "bgcolor", "footer_bg", "footer_fg"]).optional(),
    name: z.string().trim().min(1, { message: "required" }).max(80).optional(),
    photo: imageUrl.nullable().optional(),
    photo_display: z.enum(photoDisplays).optional(),
    header: imageUrl.nullable().optional(),
    bgcolor: hexColor.nullable().optional(),
    footer_bg: hexColor.nullable().optional(),
    footer_fg: hexColor.nullable().optional(),
    color1: themeColor.optional(),
    color2: themeColor.optional(),
    /** A named theme (rules/shop-theme.ts): sets both colours, unless a colour is sent with it. */
    theme: z.enum(shopThemeKeys).optional(),
    /** A preset background gradient, or null for none. */
    gradient: z.enum(gradientKeys).nullable().optional(),
    columns: z.union([z.literal(1), z.literal(2)]).optional(),
    sections_info: z.array(z.enum(sectionKeys)).optional(),
    darkmode: z.boolean().optional(),
    /** The payment methods the shop accepts as a supplier; none leaves its products unpurchasable. */
    enabled_payment_types: z.array(z.enum(paymentMethods)).max(paymentMethods.length).optional(),
    hidden_darkmode: z.boolean().optional(),
    hidden_store_name: z.boolean().optional(),
    hidden_search_bar: z.boolean().optional(),
    seo_description: nullableText(300),
  })
  .extend(shopContactInfo.shape)
  .extend(shopIntegrations.shape)
  .extend(shopInvitations.shape)
  .strict();
export type ShopSettingsPatch = z.infer<typeof shopSettingsPatch>;
