import { defaultPaymentMethods } from "@tianguis/domain/rules/checkout";
import type { StoreThemeInfo } from "@tianguis/domain/schemas/shop";
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const shops = pgTable(
  "shops",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id),
    photo: text("photo"),
    /** The logo as a WebP whose shorter side is at most 128 px, made when a logo from our storage is saved (issue 16). */
    photoWebp: text("photo_webp"),
    photoDisplay: text("photo_display").notNull().default("cir"),
    header: text("header"),
    /** The header picture as a WebP at most 1600 px wide, made when a header from our storage is saved (issue 16). */
    headerWebp: text("header_webp"),
    favicon: text("favicon"),
    bgcolor: text("bgcolor"),
    darkmode: boolean("darkmode").notNull().default(true),
    hiddenDarkmode: boolean("hidden_darkmode").notNull().default(false),
    hiddenStoreName: boolean("hidden_store_name").notNull().default(false),
    hiddenSearchBar: boolean("hidden_search_bar").notNull().default(false),
    hiddenAffinityXheader: boolean("hidden_affinity_xheader").notNull().default(false),
    canonicalUrl: text("canonical_url"),
    canonicalDomain: text("canonical_domain").unique(),
    seoDescription: text("seo_description"),
    storeType: text("store_type"),
    isProxy: boolean("is_proxy").notNull().default(false),
    fbPixel: text("fb_pixel"),
    liveChatLicense: text("live_chat_license"),
    whatsappCountryCode: text("whatsapp_country_code"),
    whatsappPhone: text("whatsapp_phone"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    contactCountryCode: text("contact_country_code"),
    usersSupportUrl: text("users_support_url"),
    aboutEntryId: text("about_entry_id"),
    footerBg: text("footer_bg"),
    footerFg: text("footer_fg"),
    footerStyle: text("footer_style").notNull().default("default"),
    facebook: text("facebook"),
    instagram: text("instagram"),
    twitter: text("twitter"),
    youtube: text("youtube"),
    twitch: text("twitch"),
    kick: text("kick"),
    discord: text("discord"),
    adornmentType: text("adornment_type"),
    affiliateLanding: text("affiliate_landing"),
    dssupplierLanding: text("dssupplier_landing"),
    hiddenAffiliateBanner: boolean("hidden_affiliate_banner").notNull().default(false),
    hiddenDssupplierBanner: boolean("hidden_dssupplier_banner").notNull().default(false),
    dssupplierBanner: text("dssupplier_banner"),
    disabled: boolean("disabled").notNull().default(false),
    enabledPaymentTypes: jsonb("enabled_payment_types")
      .$type<string[]>()
      .notNull()
      .default([...defaultPaymentMethods]),
    currency: text("currency").notNull().default("MXN"),
    /** For affinity and franchise stores: the root store they belong to. */
    rootShopId: uuid("root_shop_id"),
    storeThemeInfo: jsonb("store_theme_info").$type<Partial<StoreThemeInfo>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("shops_owner_idx").on(table.ownerId)],
);

/** Members other than the owner, with their role in the shop (admin, accountant, dispatcher, qrreader). */
export const shopMembers = pgTable(
  "shop_members",
  {
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.userId, table.role] })],
);
