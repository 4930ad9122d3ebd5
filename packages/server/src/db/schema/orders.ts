import type { Locale } from "@tianguis/domain/locale";
import { supplierOrderStates } from "@tianguis/domain/rules/order-progress";
import type { InvoicingData } from "@tianguis/domain/schemas/order";
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { shops } from "./shops";

export interface OrderAddress {
  address_name?: string;
  address_phone?: string;
  street_address?: string;
  route?: string;
  street_number?: string;
  country?: string;
  administrative_area_level_1?: string;
  locality?: string;
  sublocality?: string;
  postal_code?: string;
  formatted_address?: string;
}

/** One purchase in a store: it aggregates one order per supplier (the spec's checkout_aggregation). */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: uuid("store_id")
      .notNull()
      .references(() => shops.id),
    customerId: uuid("customer_id").references(() => users.id),
    guestName: text("guest_name"),
    guestEmail: text("guest_email"),
    guestPhone: text("guest_phone"),
    /** Lets a guest (or a shared link) read the purchase without an account. */
    accessToken: text("access_token").notNull(),
    state: text("state").notNull().default("pending_payment"),
    deliveryType: text("delivery_type").notNull(),
    address: jsonb("address").$type<OrderAddress>(),
    shippingRateId: text("shipping_rate_id"),
    subtotal: integer("subtotal").notNull(),
    shippingCost: integer("shipping_cost").notNull().default(0),
    total: integer("total").notNull(),
    currency: text("currency").notNull(),
    paymentMethod: text("payment_method"),
    /** Interest-free months (MSI 3, 6, 9 or 12) the payment was charged in; null for one payment. */
    instalments: integer("instalments"),
    publicSlug: text("public_slug").unique(),
    referral: text("referral"),
    campaign: text("campaign"),
    clickId: text("click_id"),
    /** The ad networks' click ids and the referral slug the shop fetch kept (storefront-and-admin §7 'Shop fetch'). */
    gclid: text("gclid"),
    fbclid: text("fbclid"),
    referralSlug: text("referral_slug"),
    /** The language the purchase was made in: a guest's order e-mails are written in it. */
    locale: text("locale").$type<Locale>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Paid through the sandbox gateway: no money moved, and every place the purchase or its orders show says it was a test. */
    test: boolean("test").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("checkouts_customer_idx").on(table.customerId, table.createdAt),
    /** Purchases per campaign on the seller's dashboard (modules/reports). */
    index("checkouts_campaign_idx")
      .on(table.campaign)
      .where(sql`${table.campaign} is not null and ${table.paidAt} is not null`),
  ],
);

/** The part of a checkout one supplier fulfils. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number").generatedAlwaysAsIdentity(),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => shops.id),
    /** The purchase's states until payment, then the supplier's progress (rules/order-progress.ts). */
    state: text("state").notNull().default("pending_payment"),
    subtotal: integer("subtotal").notNull(),
    shippingCost: integer("shipping_cost").notNull().default(0),
    total: integer("total").notNull(),
    currency: text("currency").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set on every state change: the seller's list is sorted by it (spec §7 'sort updated_at descending'). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    estimatedDeliveryDate: date("estimated_delivery_date", { mode: "string" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    cancelReason: text("cancel_reason"),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** What the customer entered for the supplier to invoice this order (RFC, tax regime, CFDI use). */
    invoicing: jsonb("invoicing").$type<InvoicingData>(),
    /** Buyer's name and e-mail and the items' names, lower-cased: the seller's text filter reads one trigram-indexed column. */
    searchText: text("search_text").notNull().default(""),
  },
  (table) => [
    index("orders_checkout_idx").on(table.checkoutId),
    index("orders_supplier_idx").on(table.supplierId, table.createdAt),
    index("orders_supplier_updated_idx").on(table.supplierId, table.updatedAt),
    index("orders_supplier_state_updated_idx").on(table.supplierId, table.state, table.updatedAt),
    index("orders_search_trgm_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
    check("orders_state_known", sql`${table.state} in ${sql.raw(`(${supplierOrderStates.map((state) => `'${state}'`).join(", ")})`)}`),
  ],
);

/**
 * The timeline of an order: every state change, who made it (user and the role they acted in) and when.
 * Written in the same transaction as the conditional update that changes the state; packing's `order.packed` adds a
 * 'packed' line (subscribers.ts).
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null for the order's first state. */
    fromState: text("from_state"),
    toState: text("to_state").notNull(),
    /** Null when the platform acts (payment webhook, expiry) or a guest customer. */
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** owner, admin, dispatcher, customer or system. */
    actorRole: text("actor_role").notNull(),
    /** The cancel reason, or what the step carried (courier and tracking number). */
    note: text("note"),
    /** 'state': a change of state; 'packed': every unit went into a box (order.packed), the state unchanged. */
    kind: text("kind").notNull().default("state"),
    /** For 'packed': how many boxes hold the order. */
    boxes: integer("boxes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.createdAt)],
);

/** The last receipt number each supplier gave: receipts are numbered 1, 2, 3… per supplier, with no gaps or repeats. */
export const receiptCounters = pgTable("receipt_counters", {
  supplierId: uuid("supplier_id")
    .primaryKey()
    .references(() => shops.id, { onDelete: "cascade" }),
  lastNumber: integer("last_number").notNull().default(0),
});

/** A receipt a supplier issued for an order (spec §7: POST order/{id}/receipts; 'Error al generar el recibo'). */
export const orderReceipts = pgTable(
  "order_receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => shops.id),
    number: integer("number").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    issuedBy: uuid("issued_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("order_receipts_supplier_number").on(table.supplierId, table.number),
    index("order_receipts_order_idx").on(table.orderId),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    name: text("name").notNull(),
    photo: text("photo"),
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    total: integer("total").notNull(),
    /** Whether stock was taken for this line (onstock items); released again if the order expires. */
    stockReserved: integer("stock_reserved").notNull().default(0),
  },
  (table) => [index("order_items_order_idx").on(table.orderId), check("order_items_quantity_positive", sql`${table.quantity} > 0`)],
);
