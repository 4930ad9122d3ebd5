import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { shops } from "./shops";

/**
 * A supplier's own account at a payment provider (issue #18). The secret key and webhook secret are sealed together
 * with AES-256-GCM (modules/payment-accounts/sealing.ts) under PAYMENT_KEYS_SECRET, bound to the shop and provider;
 * only their last 4 characters are kept in clear, for the owner to recognise them.
 */
export const paymentAccounts = pgTable(
  "payment_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    /** stripe | conekta | openpay | paypal | mobbex | aplazo */
    provider: text("provider").notNull(),
    publicKey: text("public_key").notNull(),
    merchantId: text("merchant_id"),
    /** v1.<iv>.<tag>.<ciphertext> of { secretKey, webhookSecret } (base64url). */
    sealedSecrets: text("sealed_secrets").notNull(),
    secretHint: text("secret_hint").notNull(),
    webhookHint: text("webhook_hint").notNull(),
    /** untested → connected | failed (test connection, or a charge refused for the keys). */
    status: text("status").notNull().default("untested"),
    lastError: text("last_error"),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("payment_accounts_shop_provider_idx").on(table.shopId, table.provider)],
);

/** A shop in live mode is charged through its own accounts; without a row it is in sandbox mode (the default). */
export const paymentModes = pgTable("payment_modes", {
  shopId: uuid("shop_id")
    .primaryKey()
    .references(() => shops.id, { onDelete: "cascade" }),
  live: boolean("live").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
