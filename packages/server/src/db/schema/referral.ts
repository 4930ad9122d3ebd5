import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { shops } from "./shops";

/**
 * Referral context (commerce-and-accounts §2 referral area, §3 Campaign and Channel; storefront-and-admin §3 Promoted person).
 * Every promoter has one stable public referral code: `?referral=<code>` on any shop URL names them.
 */
export const referralProfiles = pgTable(
  "referral_profiles",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Public, URL-safe, unique; generated on first need and never changed. */
    code: text("code").notNull().unique(),
    /** The promoter whose referral code the user arrived with (the promoted tree); null for none. */
    referredBy: uuid("referred_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("referral_profiles_referred_by_idx").on(table.referredBy)],
);

/**
 * A promoter's marketing campaign: a page of this site shared through a short link (`code`).
 * Catalogue share links are campaigns too (one short-link implementation), remembering the shop they were made in.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shopId: uuid("shop_id").references(() => shops.id, { onDelete: "set null" }),
    /** The short link code: `/api/v1/short-links/{code}`; also the `campaign` tracking value. */
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    /** active, paused or finished. */
    state: text("state").notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("campaigns_owner_idx").on(table.ownerId, table.createdAt)],
);

/** One row per followed short link of an active campaign; its id is the `click_id` tracking value. */
export const campaignClicks = pgTable(
  "campaign_clicks",
  {
    id: text("id").primaryKey(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("campaign_clicks_campaign_idx").on(table.campaignId)],
);

/** A promoter's marketing channel (where campaigns are advertised): budget in minor units of `currency`. */
export const marketingChannels = pgTable(
  "marketing_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    state: text("state").notNull().default("active"),
    sourceCode: text("source_code").notNull().default(""),
    currency: text("currency").notNull().default("MXN"),
    budget: bigint("budget", { mode: "number" }).notNull().default(0),
    impressions: integer("impressions").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("marketing_channels_owner_idx").on(table.ownerId, table.createdAt)],
);

/** Follows between people (storefront-and-admin §4 follow / unfollow a promoted person). */
export const follows = pgTable(
  "follows",
  {
    followerId: uuid("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followedId: uuid("followed_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.followerId, table.followedId] })],
);
