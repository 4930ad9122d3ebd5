import { z } from "zod";
import { disableReasonMax, isSupportUrl } from "../rules/support";
import { pageQuery } from "./common";

/** The advisor as the advisor modal shows them (commerce-and-accounts §2): phone shown as (XXX) XXX-XXXX, online flag. */
export const advisorView = z.object({
  name: z.string(),
  country_code: z.string(),
  phone: z.string(),
  phone_display: z.string(),
  whatsapp_url: z.string().nullable(),
  email: z.string(),
  chat_url: z.string().nullable(),
  online: z.boolean(),
  last_heartbeat_at: z.string().nullable(),
});
export type AdvisorView = z.infer<typeof advisorView>;

/**
 * A shop owner's support: the advisor, or for franchise and affiliate stores their own support URL instead; always the
 * support centre's path.
 */
export const shopSupportView = z.object({
  channel: z.enum(["advisor", "franchise", "affiliate"]),
  support_url: z.string().nullable(),
  advisor: advisorView.nullable(),
  help_url: z.string(),
});
export type ShopSupportView = z.infer<typeof shopSupportView>;

export const heartbeatView = z.object({ online: z.literal(true), last_heartbeat_at: z.string() });

/** Why a shop is disabled, for its owner and admins (the reason the platform admin wrote). */
export const shopDisablementView = z.object({
  disabled: z.boolean(),
  reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  help_url: z.string(),
});
export type ShopDisablementView = z.infer<typeof shopDisablementView>;

const trimmedUrl = z
  .string()
  .trim()
  .max(500, { message: "invalid_url" })
  .refine((value) => value === "" || isSupportUrl(value), { message: "invalid_url" })
  .transform((value) => (value === "" ? null : value));

/** A platform admin disabling a shop: the reason its owner will read. */
export const disableShopBody = z.object({
  reason: z.string().trim().min(1, { message: "required" }).max(disableReasonMax, { message: "disable_reason_too_long" }),
});
export type DisableShopBody = z.input<typeof disableShopBody>;

/** A platform admin setting who supports a shop. */
export const shopSupportBody = z.object({
  advisor_id: z.string().uuid().nullable(),
  franchise_support_url: trimmedUrl.nullable(),
  affiliate_support_url: trimmedUrl.nullable(),
});
export type ShopSupportBody = z.input<typeof shopSupportBody>;

/** One shop in the platform admin's list. */
export const platformShopView = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  owner_name: z.string(),
  owner_username: z.string(),
  store_type: z.string().nullable(),
  disabled: z.boolean(),
  reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  advisor_id: z.string().nullable(),
  franchise_support_url: z.string().nullable(),
  affiliate_support_url: z.string().nullable(),
});
export type PlatformShopView = z.infer<typeof platformShopView>;

export const platformShopsQuery = pageQuery.extend({
  q: z.string().trim().max(150).optional(),
  state: z.enum(["all", "disabled", "enabled"]).default("all"),
});

export const advisorOption = z.object({ id: z.string(), name: z.string(), online: z.boolean() });
