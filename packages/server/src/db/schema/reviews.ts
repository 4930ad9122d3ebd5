import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { orderItems } from "./orders";
import { shops } from "./shops";

/** A review photo as stored: the original and the product-image variants (gallery's storeProductImage); older ones lack `large`. */
export interface ReviewPhoto {
  original: string;
  thumb: string;
  card: string;
  large?: string;
}

/**
 * A customer's review of a product they received (commerce-and-accounts §3 'Reviews: title, qualification, text, photos').
 * One per customer and product: the unique constraint is what refuses a second one, also when two arrive at once.
 * The review belongs to the product id, so it shows wherever the product is sold (its supplier's store and resellers').
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The product's owner when the review was written: the shop that answers it. */
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The delivered order line that entitles the customer to review. */
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    qualification: integer("qualification").notNull(),
    text: text("text").notNull(),
    photos: jsonb("photos").$type<ReviewPhoto[]>().notNull().default([]),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("product_reviews_one_per_customer").on(table.productId, table.customerId),
    // The product page's summary (count, average, distribution) reads this index alone.
    index("product_reviews_product_qualification_idx").on(table.productId, table.qualification),
    index("product_reviews_product_created_idx").on(table.productId, table.createdAt),
    index("product_reviews_supplier_created_idx").on(table.supplierId, table.createdAt),
    check("product_reviews_qualification_range", sql`${table.qualification} between 1 and 5`),
  ],
);
