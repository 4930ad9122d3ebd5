import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { orderItems, orders } from "./orders";
import { shops } from "./shops";

/**
 * Tickets (the spec's attendants, commerce-and-accounts §3 'Tickets/attendants: type, courtesy, establishment sale,
 * used/canceled'): one row per person admitted to an experience. A paid unit of an experience gets one (purchase);
 * the supplier issues the others (courtesy, establishment_sale). Only modules/tickets writes these rows.
 */
export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the QR carries and what the door types in: 16 characters of a 32-letter alphabet (80 random bits). */
    code: text("code").notNull().unique(),
    /** purchase, courtesy or establishment_sale. */
    type: text("type").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    /** The shop that runs the experience: its owner, admins and qrreaders check tickets in. */
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    /** 1…quantity within its order line: with order_item_id it makes a paid unit's ticket exist once. */
    unit: integer("unit"),
    holderName: text("holder_name").notNull().default(""),
    /** What an establishment sale was charged at the door (minor units); 0 for courtesy tickets. */
    amount: integer("amount").notNull().default(0),
    currency: text("currency").notNull().default("MXN"),
    /** valid, used or cancelled. */
    state: text("state").notNull().default("valid"),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedBy: uuid("used_by").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    issuedBy: uuid("issued_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("tickets_order_item_unit").on(table.orderItemId, table.unit),
    index("tickets_order_idx").on(table.orderId, table.createdAt),
    index("tickets_product_idx").on(table.productId, table.createdAt),
    check("tickets_state_known", sql`${table.state} in ('valid', 'used', 'cancelled')`),
    check("tickets_type_known", sql`${table.type} in ('purchase', 'courtesy', 'establishment_sale')`),
  ],
);
