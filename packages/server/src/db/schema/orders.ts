import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    publicSlug: text("public_slug").unique(),
    referral: text("referral"),
    campaign: text("campaign"),
    clickId: text("click_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("checkouts_customer_idx").on(table.customerId, table.createdAt)],
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
    state: text("state").notNull().default("pending_payment"),
    subtotal: integer("subtotal").notNull(),
    shippingCost: integer("shipping_cost").notNull().default(0),
    total: integer("total").notNull(),
    currency: text("currency").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("orders_checkout_idx").on(table.checkoutId), index("orders_supplier_idx").on(table.supplierId, table.createdAt)],
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
