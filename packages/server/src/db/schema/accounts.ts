import type { Locale } from "@tianguis/domain/locale";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The login name: the e-mail, or the phone with its country code. */
  username: text("username").notNull().unique(),
  email: text("email"),
  phone: text("phone"),
  countryCode: text("country_code"),
  country: text("country"),
  fullName: text("full_name").notNull().default(""),
  passwordHash: text("password_hash"),
  image: text("image"),
  /** ul0 registered, ul1 entrepreneur without store, ul2 entrepreneur with store, ul3. */
  userLevel: integer("user_level").notNull().default(0),
  /** The coordinator programme (rules/coordinator.ts): whether the user coordinates, and when they asked to. */
  coordinator: boolean("coordinator").notNull().default(false),
  coordinatorRequestedAt: timestamp("coordinator_requested_at", { withTimezone: true }),
  /** A platform admin's answer: when, and the reason of a refusal (cleared when the user asks again). */
  coordinatorDecidedAt: timestamp("coordinator_decided_at", { withTimezone: true }),
  coordinatorRefusalReason: text("coordinator_refusal_reason"),
  isActive: boolean("is_active").notNull().default(true),
  /** The language the user last signed in or saved their profile in; order e-mails are written in it (null: Spanish). */
  locale: text("locale").$type<Locale>(),
  /** The tour setting ('always show this tutorial', commerce-and-accounts §2): a new account sees the admin bar's tour. */
  showTour: boolean("show_tour").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Opaque session ids live only in the visitor's cookie; the table keeps their SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/**
 * Activation and password-reset PINs: `id` is the opaque code handed to the client; only a hash of the PIN is kept.
 * Expires 5 minutes after it is sent (ctx.clock), at most 5 wrong tries, resends are throttled.
 */
export const accountPins = pgTable(
  "account_pins",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel").$type<"sms" | "email">().notNull(),
    target: text("target").notNull(),
    /** What the PIN is for: a sign-up's activation or a password reset; a code only works for its own purpose. */
    purpose: text("purpose").$type<"activation" | "password_reset">().notNull().default("activation"),
    pinHash: text("pin_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    /** A store to create on activation (sign-up with 'create store now'). */
    pendingStore: jsonb("pending_store").$type<{ slug: string; name: string }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("account_pins_user_idx").on(table.userId)],
);

/** Every SMS and e-mail the platform sends (the notifier outbox); readable at /dev/outbox outside production. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").$type<"sms" | "email">().notNull(),
    to: text("to").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("outbox_messages_created_idx").on(table.createdAt)],
);
