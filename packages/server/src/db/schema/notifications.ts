import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per notice and recipient (`purchase_paid:{checkout}:email:{address}`, …): a notice job that runs again
 * after a crash or a lost lease sends nothing twice. `sent_at` stays null while a send is under way; a claim older
 * than its lease is taken over, so a crash between claiming and sending delays the message instead of losing it.
 */
export const sentNotices = pgTable("sent_notices", {
  key: text("key").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});
