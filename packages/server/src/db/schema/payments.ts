import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { checkouts, orders } from "./orders";
import { paymentAccounts } from "./payment-accounts";

/** A payment attempt for a checkout through a provider (the built-in sandbox, or a real gateway). */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The supplier's own account that charged it (live mode); null when the sandbox did. Refunds go back through it. */
    accountId: uuid("account_id").references(() => paymentAccounts.id, { onDelete: "set null" }),
    method: text("method").notNull(),
    /** created → requires_action | pending → succeeded | failed | expired */
    status: text("status").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    providerRef: text("provider_ref"),
    failureCode: text("failure_code"),
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * The Idempotency-Key (hashed with its caller, http/idempotency.ts) of the pay request that started the attempt: a retry
     * whose stored answer was lost (the process died after the attempt's outcome committed) answers that outcome again.
     */
    requestKey: text("request_key"),
    /** Where the shopper was sent to finish the attempt (3-D Secure page, redirect approval), for that same replay. */
    actionUrl: text("action_url"),
    /** Interest-free months (MSI) asked of the provider; null for one payment. */
    instalments: integer("instalments"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("payments_checkout_idx").on(table.checkoutId),
    index("payments_request_key_idx").on(table.requestKey),
    // One attempt in flight per purchase: a second pay while one is being charged, awaits the shopper or awaits the money
    // cannot insert its row, so it is never sent to the provider (payment_in_progress).
    uniqueIndex("payments_one_in_flight_idx")
      .on(table.checkoutId)
      .where(sql`${table.status} in ('created', 'requires_action', 'pending')`),
  ],
);

/**
 * A checkout customer's saved card (issue #31): the reusable token the provider keeps, never the card number or CVV. It
 * belongs to the gateway that saved it (the sandbox, or one supplier's account) and is offered again only where that same
 * gateway charges. Usable once the payment that saved it went through (`validatedAt`).
 */
export const checkoutCards = pgTable(
  "checkout_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    provider: text("provider").notNull(),
    accountId: uuid("account_id").references(() => paymentAccounts.id, { onDelete: "cascade" }),
    gatewayToken: text("gateway_token").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /** The attempt that saved it: one card per attempt, so a retried request never saves it twice. */
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    validatedAt: timestamp("validated_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("checkout_cards_user_idx").on(table.userId), uniqueIndex("checkout_cards_payment_idx").on(table.paymentId)],
);

/** Provider events already applied: webhooks are idempotent by event id. */
export const webhookEvents = pgTable("webhook_events", {
  eventId: text("event_id").primaryKey(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stored first responses of requests sent with an Idempotency-Key (kept 24 h). While `status` is null a request
 * (`attempt`) holds the key until `locked_until`; after that a retry may take it over (http/idempotency.ts).
 */
export const idempotencyKeys = pgTable("idempotency_keys", {
  key: text("key").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  status: integer("status"),
  body: text("body"),
  attempt: text("attempt"),
  lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Money given back for one order of a paid purchase (a cancellation now, returns later): pending → success | failed. */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    /** The client's key for a supplier's refund (Idempotency-Key): a retry finds this row instead of refunding twice. */
    clientKey: text("client_key"),
    /** The return this refund closed, when it came from one (modules/returns). */
    returnId: uuid("return_id"),
    /** Whether the refunded units went back to stock. */
    restock: boolean("restock").notNull().default(false),
    /** The provider's refund reference; its delayed result arrives as a webhook naming it. */
    providerRef: text("provider_ref"),
    note: text("note"),
    createdBy: uuid("created_by"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("refunds_order_idx").on(table.orderId),
    uniqueIndex("refunds_order_client_key_idx").on(table.orderId, table.clientKey),
    index("refunds_provider_ref_idx").on(table.providerRef),
  ],
);
