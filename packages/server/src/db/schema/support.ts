import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { shops } from "./shops";

/** Platform staff who may disable and re-enable any shop (issue 15, 'Disabled shops'). */
export const platformAdmins = pgTable("platform_admins", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Support advisors (platform staff) as shop owners reach them in the advisor modal (commerce-and-accounts §2): phone
 * (national digits), WhatsApp, e-mail and a private chat link; online while their last heartbeat is recent (§4).
 */
export const advisors = pgTable("advisors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  countryCode: text("country_code").notNull().default("52"),
  phone: text("phone").notNull(),
  whatsappPhone: text("whatsapp_phone"),
  email: text("email").notNull(),
  chatUrl: text("chat_url"),
  lastHeartbeatAt: timestamp("last_heartbeat_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who supports a shop: its advisor, and for franchise and affiliate stores their own support address
 * (franchise_support_url, affiliate_support_url, commerce-and-accounts §3 'Store fields read').
 */
export const shopSupport = pgTable("shop_support", {
  shopId: uuid("shop_id")
    .primaryKey()
    .references(() => shops.id, { onDelete: "cascade" }),
  advisorId: uuid("advisor_id").references(() => advisors.userId, { onDelete: "set null" }),
  franchiseSupportUrl: text("franchise_support_url"),
  affiliateSupportUrl: text("affiliate_support_url"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each time a platform admin disabled a shop, with the reason its owner reads; the row without `enabled_at` is the
 * disablement in force (at most one per shop). `shops.disabled` is the flag every sale reads.
 */
export const shopDisablements = pgTable(
  "shop_disablements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    disabledBy: uuid("disabled_by").references(() => users.id, { onDelete: "set null" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }).notNull(),
    enabledBy: uuid("enabled_by").references(() => users.id, { onDelete: "set null" }),
    enabledAt: timestamp("enabled_at", { withTimezone: true }),
  },
  (t) => [
    index("shop_disablements_shop_idx").on(t.shopId, t.disabledAt),
    uniqueIndex("shop_disablements_open_idx")
      .on(t.shopId)
      .where(sql`${t.enabledAt} is null`),
  ],
);
