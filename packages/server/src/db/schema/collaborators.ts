import type { ShopRole } from "@tianguis/domain/schemas/shop";
import { index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { shops } from "./shops";

/**
 * Collaborator invitations (commerce-and-accounts §3 'Collaborator', §7): one row per shop and invited login name
 * (e-mail or phone username), so inviting twice keeps one. While `state` is pending nobody has access; accepting
 * links the account (`user_id`) and writes the profiles as the person's shop_members roles in the same transaction,
 * and removing the row removes them again (modules/collaborators owns both tables' writes for collaborators).
 */
export const shopCollaborators = pgTable(
  "shop_collaborators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    /** The invited e-mail or phone, in the form of a login name (lower-case e-mail, or +{country code}{phone}). */
    username: text("username").notNull(),
    channel: text("channel").$type<"email" | "sms">().notNull(),
    profiles: jsonb("profiles").$type<ShopRole[]>().notNull(),
    state: text("state").$type<"pending" | "accepted">().notNull().default("pending"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    /** When the invitation was last sent (the spec's 'refresh'). */
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("shop_collaborators_shop_username_key").on(t.shopId, t.username),
    index("shop_collaborators_username_idx").on(t.username),
    index("shop_collaborators_user_idx").on(t.userId),
  ],
);
