import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { products } from "../../db/schema/catalog";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { productReviews } from "../../db/schema/reviews";

// Reviews read who bought what (order_items of the customer's orders, with the order's state) and the reviewer's name
// (users) and the product's name (products). Reads only: those tables belong to orders, accounts and catalog; this
// module writes product_reviews alone.

export type ReviewRow = typeof productReviews.$inferSelect;

const reviewColumns = { review: productReviews, authorName: users.fullName };

/** How many reviews gave each qualification (reads the (product_id, qualification) index alone). */
export async function selectQualificationCounts(db: DbOrTx, productId: string): Promise<Record<number, number>> {
  const rows = await db
    .select({ qualification: productReviews.qualification, n: count() })
    .from(productReviews)
    .where(eq(productReviews.productId, productId))
    .groupBy(productReviews.qualification);
  return Object.fromEntries(rows.map((row) => [row.qualification, Number(row.n)]));
}

/** One page of a product's reviews, newest first. */
export async function selectProductReviews(db: DbOrTx, productId: string, page: { offset: number; limit: number }) {
  return db
    .select(reviewColumns)
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.customerId))
    .where(eq(productReviews.productId, productId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function selectReview(db: DbOrTx, reviewId: string) {
  const [row] = await db
    .select(reviewColumns)
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.customerId))
    .where(eq(productReviews.id, reviewId));
  return row ?? null;
}

/** The customer's reviews of these products. */
export async function selectCustomerReviews(db: DbOrTx, customerId: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .select(reviewColumns)
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.customerId))
    .where(and(eq(productReviews.customerId, customerId), inArray(productReviews.productId, productIds)));
}

/** The customer's order lines of a product with their order's state: what entitles them to review it. */
export async function selectCustomerLines(db: DbOrTx, customerId: string, productId: string) {
  return db
    .select({ orderItemId: orderItems.id, state: orders.state, deliveredAt: orders.deliveredAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(and(eq(checkouts.customerId, customerId), eq(orderItems.productId, productId)))
    .orderBy(desc(orders.deliveredAt));
}

/** An order of the customer's with its state and its lines' product ids; null when it is not theirs. */
export async function selectCustomerOrder(db: DbOrTx, customerId: string, orderId: string) {
  const [order] = await db
    .select({ id: orders.id, state: orders.state })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(and(eq(orders.id, orderId), eq(checkouts.customerId, customerId)));
  if (!order) return null;
  const lines = await db.selectDistinct({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return { ...order, productIds: lines.map((line) => line.productId) };
}

/** A supplier's reviews, newest first, with the product's name; `unanswered` keeps those without an answer. */
export async function selectShopReviews(db: DbOrTx, supplierId: string, query: { offset: number; limit: number; unanswered: boolean }) {
  const where = and(eq(productReviews.supplierId, supplierId), query.unanswered ? isNull(productReviews.answer) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...reviewColumns, productName: products.name, productType: products.type })
      .from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.customerId))
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(where)
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .offset(query.offset)
      .limit(query.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(productReviews)
      .where(where),
  ]);
  return { rows, total: Number(total) };
}
