import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * A user's purchase of a membership package (commerce-and-accounts §2 /apps/paquetes, §7 package purchase):
 * pending_payment → paid, once. One open purchase per user and package, so a retried 'buy' answers the same payment
 * token; `valid_until` is what the purchase bought (it starts when the package held before runs out).
 */
export const packagePurchases = pgTable(
  "package_purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A package id of domain rules/packages.ts. */
    packageId: text("package_id").notNull(),
    paymentToken: text("payment_token").notNull().unique(),
    /** pending_payment | paid */
    state: text("state").notNull().default("pending_payment"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("package_purchases_one_open_idx")
      .on(t.userId, t.packageId)
      .where(sql`${t.state} = 'pending_payment'`),
    index("package_purchases_user_idx").on(t.userId, t.validUntil),
  ],
);

/**
 * One payment attempt of a package purchase through the payment gateway: created → requires_action → succeeded |
 * failed | expired. At most one in flight per purchase, so a double click or a retry never charges twice.
 */
export const packagePayments = pgTable(
  "package_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purchaseId: uuid("purchase_id")
      .notNull()
      .references(() => packagePurchases.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    providerRef: text("provider_ref"),
    failureCode: text("failure_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("package_payments_purchase_idx").on(t.purchaseId),
    uniqueIndex("package_payments_one_in_flight_idx")
      .on(t.purchaseId)
      .where(sql`${t.status} in ('created', 'requires_action')`),
  ],
);

/**
 * What a sign-up brought from its landing (§2 /register/complete query: plan, package_code, referal_id, click_id; the
 * tracking cookies' gclid, fbclid, referral_slug): read when the PIN activates the account, then kept (applied_at) as
 * the account's origin.
 */
export const signupIntents = pgTable("signup_intents", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  planId: text("plan_id"),
  landingCode: text("landing_code"),
  packageCode: text("package_code"),
  referralId: text("referral_id"),
  clickId: text("click_id"),
  gclid: text("gclid"),
  fbclid: text("fbclid"),
  referralSlug: text("referral_slug"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  appliedAt: timestamp("applied_at", { withTimezone: true }),
});
