import type { ReturnInfo } from "@tianguis/domain/schemas/product";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { orderItems, orders } from "./orders";
import { shops } from "./shops";

/** A shop's default return policy (commerce-and-accounts §3 'Return info'); a product's own return_info overrides it. */
export const shopReturnPolicies = pgTable("shop_return_policies", {
  shopId: uuid("shop_id")
    .primaryKey()
    .references(() => shops.id, { onDelete: "cascade" }),
  policy: jsonb("policy").$type<ReturnInfo>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's request to send back lines of a delivered order: open → accepted | rejected; accepted → closed. */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").references(() => users.id, { onDelete: "set null" }),
    state: text("state").notNull().default("open"),
    reason: text("reason").notNull(),
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    /** The goods being returned (unit price × quantity of each line), fixed when the return starts. */
    goods: integer("goods").notNull(),
    /** inbox (the label is e-mailed) or download (the supplier uploads a file the customer downloads). */
    labelMode: text("label_mode"),
    labelFile: text("label_file"),
    rejectReason: text("reject_reason"),
    /** What the return cost to ship back, when the policy charges it to the customer (customer_all, customer_feed). */
    returnShipping: integer("return_shipping"),
    refundId: uuid("refund_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    index("order_returns_order_idx").on(table.orderId),
    check("order_returns_state_known", sql`${table.state} in ('open', 'accepted', 'rejected', 'closed')`),
  ],
);

/** The lines and quantities a return sends back. */
export const orderReturnItems = pgTable(
  "order_return_items",
  {
    returnId: uuid("return_id")
      .notNull()
      .references(() => orderReturns.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    index("order_return_items_return_idx").on(table.returnId),
    index("order_return_items_item_idx").on(table.orderItemId),
    check("order_return_items_quantity_positive", sql`${table.quantity} > 0`),
  ],
);
