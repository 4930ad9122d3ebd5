import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { shops } from "./shops";

/**
 * A shop's SMS credits (issue 30 §3): one row per shop. `balance` is the sum of the shop's ledger, kept here so a send
 * can spend a credit with one conditional update (`balance > 0`); the check constraint refuses a negative balance
 * whatever code tries. `runout_alerted_at` is set when a run-out raised its alert and cleared by the next purchase, so
 * each run-out alerts once.
 */
export const smsAccounts = pgTable(
  "sms_accounts",
  {
    shopId: uuid("shop_id")
      .primaryKey()
      .references(() => shops.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    runoutAlertedAt: timestamp("runout_alerted_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [check("sms_accounts_balance_not_negative", sql`${table.balance} >= 0`)],
);

/**
 * The SMS ledger, append-only: a package bought is a credit, an SMS sent a debit of one. `source_key` names what caused
 * it (`sms-purchase:<purchase id>`, `sms-send:<notice key>`), unique, so a replayed event or a retried send spends nothing twice.
 */
export const smsEntries = pgTable(
  "sms_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    /** purchase | send */
    kind: text("kind").notNull(),
    amount: integer("amount").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    sourceKey: text("source_key").notNull().unique(),
    packageId: text("package_id"),
    /** An SMS's recipient, masked but for its last 4 digits. */
    recipient: text("recipient"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("sms_entries_shop_idx").on(table.shopId, table.createdAt),
    check("sms_entries_balance_after_not_negative", sql`${table.balanceAfter} >= 0`),
  ],
);

/**
 * A shop's purchase of an SMS package: pending_payment → paid, once. One open purchase per shop and package, so a
 * retried 'buy' answers the same payment token.
 */
export const smsPurchases = pgTable(
  "sms_purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A package id of domain rules/sms.ts. */
    packageId: text("package_id").notNull(),
    credits: integer("credits").notNull(),
    paymentToken: text("payment_token").notNull().unique(),
    /** pending_payment | paid */
    state: text("state").notNull().default("pending_payment"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("sms_purchases_one_open_idx")
      .on(table.shopId, table.packageId)
      .where(sql`${table.state} = 'pending_payment'`),
  ],
);

/** One payment attempt of an SMS purchase: created → requires_action → succeeded | failed | expired | refunded. */
export const smsPayments = pgTable(
  "sms_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purchaseId: uuid("purchase_id")
      .notNull()
      .references(() => smsPurchases.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    providerRef: text("provider_ref"),
    failureCode: text("failure_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("sms_payments_purchase_idx").on(table.purchaseId),
    uniqueIndex("sms_payments_one_in_flight_idx")
      .on(table.purchaseId)
      .where(sql`${table.status} in ('created', 'requires_action')`),
  ],
);
