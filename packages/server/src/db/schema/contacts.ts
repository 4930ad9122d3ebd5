import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { campaigns } from "./referral";
import { shops } from "./shops";

/**
 * Contacts context (issue 29 §3): one row per person as one owner sees them, a shop (`shop_id`: who wrote through its
 * contact form or bought from it) or a promoter (`owner_id`: who signed up or bought through their referral link). The
 * rows are made and updated by the contacts module's subscribers; the unique indexes keep one contact per account and
 * per e-mail for each owner, also when two events about the same person are delivered at once.
 */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id").references(() => shops.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "cascade" }),
    /** The person's account, when they have one. */
    personId: uuid("person_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull().default(""),
    /** Lower-cased. */
    email: text("email"),
    phone: text("phone"),
    firstInteractionAt: timestamp("first_interaction_at", { withTimezone: true }).notNull(),
    lastInteractionAt: timestamp("last_interaction_at", { withTimezone: true }).notNull(),
    /** Minor units of `currency` (the first purchase's). */
    totalBought: bigint("total_bought", { mode: "number" }).notNull().default(0),
    currency: text("currency"),
    purchases: integer("purchases").notNull().default(0),
    messages: integer("messages").notNull().default(0),
    /** Messages the person wrote since the owner last opened the contact (0: read). */
    unread: integer("unread").notNull().default(0),
    /** The first of the promoter's campaigns that brought the person. */
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    customerByCampaign: boolean("customer_by_campaign").notNull().default(false),
    registeredByCampaign: boolean("registered_by_campaign").notNull().default(false),
    /** Name, e-mail and phone, lower-cased: the text filter reads one column. */
    searchText: text("search_text").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("contacts_one_owner", sql`(${table.shopId} is null) <> (${table.ownerId} is null)`),
    uniqueIndex("contacts_shop_person_idx")
      .on(table.shopId, table.personId)
      .where(sql`${table.personId} is not null`),
    uniqueIndex("contacts_shop_email_idx")
      .on(table.shopId, table.email)
      .where(sql`${table.email} is not null`),
    uniqueIndex("contacts_owner_person_idx")
      .on(table.ownerId, table.personId)
      .where(sql`${table.personId} is not null`),
    uniqueIndex("contacts_owner_email_idx")
      .on(table.ownerId, table.email)
      .where(sql`${table.email} is not null`),
    index("contacts_shop_last_idx").on(table.shopId, table.lastInteractionAt),
    index("contacts_owner_created_idx").on(table.ownerId, table.createdAt),
    /** The unread count in the admin bar: the few contacts with new messages, per owner. */
    index("contacts_shop_unread_idx")
      .on(table.shopId)
      .where(sql`${table.unread} > 0`),
    index("contacts_owner_unread_idx")
      .on(table.ownerId)
      .where(sql`${table.unread} > 0`),
  ],
);

/** The conversation: what the person wrote (in) and the owner's answers (out), with how each answer was sent. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    direction: text("direction").notNull(),
    body: text("body").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** email or sms for an answer; null for what the person wrote. */
    sentVia: text("sent_via"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("contact_messages_contact_idx").on(table.contactId, table.createdAt),
    check("contact_messages_direction_known", sql`${table.direction} in ('in', 'out')`),
  ],
);

/** An owner's tags (storefront-and-admin §7 'Tags: results with tag and id'), unique per owner whatever their case. */
export const contactTags = pgTable(
  "contact_tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id").references(() => shops.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (table) => [
    check("contact_tags_one_owner", sql`(${table.shopId} is null) <> (${table.ownerId} is null)`),
    uniqueIndex("contact_tags_shop_tag_idx")
      .on(table.shopId, sql`lower(${table.tag})`)
      .where(sql`${table.shopId} is not null`),
    uniqueIndex("contact_tags_owner_tag_idx")
      .on(table.ownerId, sql`lower(${table.tag})`)
      .where(sql`${table.ownerId} is not null`),
  ],
);

export const contactTagLinks = pgTable(
  "contact_tag_links",
  {
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => contactTags.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.contactId, table.tagId] }), index("contact_tag_links_tag_idx").on(table.tagId)],
);
