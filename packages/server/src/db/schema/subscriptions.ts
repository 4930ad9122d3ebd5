import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { shops } from "./shops";

/**
 * A user's current plan (commerce-and-accounts §3 'Subscription', §6 user levels). No row: the free plan.
 * `valid_until` null never lapses; a past one is the free plan again (a job puts the row back to free then).
 */
export const memberships = pgTable("memberships", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** A plan id of domain rules/plans.ts ('gratis' for the free plan). */
  planId: text("plan_id").notNull(),
  /** signup | subscription | package */
  source: text("source").notNull(),
  validUntil: timestamp("valid_until", { withTimezone: true }),
  trial: boolean("trial").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's recurring subscription to a premium plan: in_trial → active → (past_due) → expired; `canceled_at` keeps the
 * plan until `period_end`. One per user; `trial_used` survives expiry so a second trial is never offered.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The shop the prompt was answered in (the spec's broker); informative. */
    shopId: uuid("shop_id").references(() => shops.id, { onDelete: "set null" }),
    planId: text("plan_id").notNull(),
    /** The upgrade asked for; it takes effect with the next successful charge. */
    pendingPlanId: text("pending_plan_id"),
    /** in_trial | incomplete | active | past_due | expired */
    state: text("state").notNull(),
    trialUsed: boolean("trial_used").notNull().default(false),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** The 3-D Secure page of the charge awaiting the subscriber, if any. */
    url3ds: text("url_3ds"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("subscriptions_user_idx").on(t.userId)],
);

/**
 * Saved cards: the gateway's reusable token, never the number. A card being deleted waits `delete_after` (the 5-second
 * undo) and is never charged meanwhile; `validated_at` is set once the $10 MXN validation charge went through.
 */
export const savedCards = pgTable(
  "saved_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    gatewayToken: text("gateway_token").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    validatedAt: timestamp("validated_at", { withTimezone: true }),
    deleteAfter: timestamp("delete_after", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_cards_user_idx").on(t.userId),
    uniqueIndex("saved_cards_one_default_idx")
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.deletedAt} is null`),
  ],
);

/**
 * Money asked of a subscriber: the card's validation charge (refunded by a job) and one recurring charge per period.
 * The unique (subscription, period) index is what makes a period's charge happen once across instances and restarts;
 * an attempt is claimed by moving the row to 'processing' with a conditional update.
 */
export const subscriptionCharges = pgTable(
  "subscription_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "cascade" }),
    cardId: uuid("card_id").references(() => savedCards.id, { onDelete: "set null" }),
    /** validation | recurring */
    kind: text("kind").notNull(),
    planId: text("plan_id"),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** processing | requires_action | retrying | succeeded | failed | refunded */
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    providerRef: text("provider_ref"),
    url3ds: text("url_3ds"),
    failureCode: text("failure_code"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscription_charges_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("subscription_charges_period_idx")
      .on(t.subscriptionId, t.periodStart)
      .where(sql`${t.kind} = 'recurring'`),
  ],
);
