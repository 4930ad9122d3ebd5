import { payoutStates, walletEntryKinds } from "@tianguis/domain/rules/wallet";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

const inList = (values: readonly string[]) => sql.raw(`(${values.map((value) => `'${value}'`).join(", ")})`);

/**
 * The earnings wallet (issue 30 §2): one row per user and currency. `balance` is the sum of the wallet's entries,
 * kept here so a movement can lock one row and check it: every movement updates it in the transaction that appends
 * its entry, and the check constraint refuses a balance below zero whatever code tries.
 */
export const wallets = pgTable(
  "wallets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    balance: integer("balance").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    unique("wallets_user_currency_unique").on(table.userId, table.currency),
    check("wallets_balance_not_negative", sql`${table.balance} >= 0`),
  ],
);

/**
 * The ledger, append-only: a credit is positive, a debit negative, and `balance_after` is the wallet's balance once it
 * applied. `source_key` names what caused it (`commission:<id>`, `payout:<id>`, `payout-return:<id>`,
 * `reversal:<commission id>`), unique, so a replayed event or webhook appends nothing twice.
 */
export const walletEntries = pgTable(
  "wallet_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    walletId: uuid("wallet_id")
      .notNull()
      .references(() => wallets.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    amount: integer("amount").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    sourceKey: text("source_key").notNull(),
    /** A catalogue code saying why (a reversal's, a returned payout's). */
    reason: text("reason"),
    commissionId: uuid("commission_id"),
    payoutId: uuid("payout_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    unique("wallet_entries_source_unique").on(table.sourceKey),
    index("wallet_entries_wallet_idx").on(table.walletId, table.createdAt),
    check("wallet_entries_kind_known", sql`${table.kind} in ${inList(walletEntryKinds)}`),
    check("wallet_entries_amount_nonzero", sql`${table.amount} <> 0`),
    check("wallet_entries_balance_not_negative", sql`${table.balanceAfter} >= 0`),
  ],
);

/** The CLABE a user's payouts go to: checked (18 digits, check digit) when saved; one per user. */
export const walletPayoutAccounts = pgTable("wallet_payout_accounts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  clabe: text("clabe").notNull(),
  bankCode: text("bank_code").notNull(),
  holderName: text("holder_name").notNull(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * A withdrawal by SPEI: debited from the wallet when requested; requested → sent (the provider took it) → settled, or
 * → failed (its money credited back). `request_id` comes from the form, unique per wallet: a retried request finds
 * its payout instead of paying again. The payout's own id is the provider's idempotency key.
 */
export const walletPayouts = pgTable(
  "wallet_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    walletId: uuid("wallet_id")
      .notNull()
      .references(() => wallets.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    clabe: text("clabe").notNull(),
    holderName: text("holder_name").notNull(),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    state: text("state").notNull(),
    failureCode: text("failure_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    unique("wallet_payouts_request_unique").on(table.walletId, table.requestId),
    index("wallet_payouts_state_idx").on(table.state, table.createdAt),
    check("wallet_payouts_state_known", sql`${table.state} in ${inList(payoutStates)}`),
    check("wallet_payouts_amount_positive", sql`${table.amount} > 0`),
  ],
);
