import type { Locale } from "@tianguis/domain/locale";
import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * One row per notice and recipient (`purchase_paid:{checkout}:customer:{address}`, …): a notice job that runs again
 * after a crash or a lost lease sends nothing twice. `sent_at` stays null while a send is under way; a claim older
 * than its lease is taken over, so a crash between claiming and sending delays the message instead of losing it.
 */
export const sentNotices = pgTable("sent_notices", {
  key: text("key").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});

/** The language a user reads order e-mails and SMS in; users without a row read Spanish. */
export const recipientLocales = pgTable("recipient_locales", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  locale: text("locale").$type<Locale>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
