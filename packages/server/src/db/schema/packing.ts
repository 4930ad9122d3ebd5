import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { orderItems, orders } from "./orders";

/**
 * An order's boxes (the spec's "binpacked", commerce-and-accounts §7 'Supplier'): numbered 1, 2, … per order, each holding
 * some units of the order's lines. Units in no box are "notpacked". Only modules/packing writes these rows.
 */
export const orderBins = pgTable(
  "order_bins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("order_bins_order_number").on(table.orderId, table.number)],
);

export const orderBinItems = pgTable(
  "order_bin_items",
  {
    binId: uuid("bin_id")
      .notNull()
      .references(() => orderBins.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.binId, table.orderItemId] }),
    index("order_bin_items_item_idx").on(table.orderItemId),
    check("order_bin_items_quantity_positive", sql`${table.quantity} > 0`),
  ],
);
