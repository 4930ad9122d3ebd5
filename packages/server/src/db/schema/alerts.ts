import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** What an alert points at (commerce-and-accounts §3 'Alert ... params'); the target URL is derived from them. */
export interface AlertParamsRow {
  type?: string;
  subtype?: string;
  invoice?: string;
  order?: string;
  customer?: string;
  supplier?: string;
  dssupplier?: string;
  checkout_aggregation?: string;
  payment_token?: string;
  contact_id?: string;
  package_id?: string;
  wallet_type_id?: string;
  /** The recipient's part in the order: where an order alert links (spec: supplier vs dssupplier vs customer). */
  role?: "customer" | "supplier" | "dssupplier";
  /** The shop slug the alert is about (for shop-view targets). */
  shop?: string;
  /** Values the message text interpolates (order number, amounts already formatted, ...). */
  values?: Record<string, string | number>;
}

/**
 * One alert for one recipient (commerce-and-accounts §3 'Alert'). `visited_at` null = pending (styled apart until opened);
 * the bell's badge counts the pending ones not yet `seen_at` (opening the bell clears it). The message is stored
 * rendered per locale at creation so later catalogue edits do not rewrite history.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    originApp: text("origin_app").notNull(),
    params: jsonb("params").$type<AlertParamsRow>().notNull(),
    messageBody: jsonb("message_body").$type<Record<string, string>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    visitedAt: timestamp("visited_at", { withTimezone: true }),
    /** When the recipient opened the bell with this alert in it: it no longer counts on the badge (still unvisited). */
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (t) => [
    index("alerts_recipient_created_idx").on(t.recipientId, t.createdAt),
    index("alerts_recipient_pending_idx")
      .on(t.recipientId)
      .where(sql`${t.visitedAt} is null`),
  ],
);
