import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { type AlertParamsRow, alerts } from "../../db/schema/alerts";
import { users } from "../../db/schema/accounts";
import { products } from "../../db/schema/catalog";
import { commissions } from "../../db/schema/commissions";
import { productReviews } from "../../db/schema/reviews";
import { checkouts, orders } from "../../db/schema/orders";
import { shopMembers, shops } from "../../db/schema/shops";

export type AlertRow = typeof alerts.$inferSelect;

export async function insertAlerts(
  db: DbOrTx,
  rows: { recipientId: string; originApp: string; params: AlertParamsRow; messageBody: Record<string, string>; createdAt: Date }[],
) {
  if (rows.length === 0) return [];
  return db.insert(alerts).values(rows).returning({ id: alerts.id, recipientId: alerts.recipientId });
}

export async function selectAlertPage(db: DbOrTx, userId: string, offset: number, limit: number) {
  return db
    .select()
    .from(alerts)
    .where(eq(alerts.recipientId, userId))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .offset(offset)
    .limit(limit);
}

export async function countAlerts(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${alerts.visitedAt} is null and ${alerts.seenAt} is null)`.mapWith(Number),
    })
    .from(alerts)
    .where(eq(alerts.recipientId, userId));
  return { total: row?.total ?? 0, pending: row?.pending ?? 0 };
}

export async function countPending(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ pending: count() })
    .from(alerts)
    .where(and(eq(alerts.recipientId, userId), isNull(alerts.visitedAt), isNull(alerts.seenAt)));
  return row?.pending ?? 0;
}

/** Opening the bell: the recipient's pending alerts leave the badge's count; they stay unvisited until opened. */
export async function markSeen(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(alerts)
    .set({ seenAt: now })
    .where(and(eq(alerts.recipientId, userId), isNull(alerts.visitedAt), isNull(alerts.seenAt)));
}

/** Marks the recipient's alert visited (keeps the first visit's time); undefined when it is not theirs. */
export async function markVisited(db: DbOrTx, userId: string, alertId: string, now: Date) {
  const [row] = await db
    .update(alerts)
    .set({ visitedAt: sql`coalesce(${alerts.visitedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(alerts.id, alertId), eq(alerts.recipientId, userId)))
    .returning();
  return row;
}

export async function alertExists(db: DbOrTx, alertId: string) {
  const [row] = await db.select({ id: alerts.id }).from(alerts).where(eq(alerts.id, alertId));
  return row !== undefined;
}

/** The shop's owner and its admins: who hears of its orders. */
export async function selectShopAdmins(db: DbOrTx, shopId: string): Promise<string[]> {
  const [owner] = await db.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shopId));
  const admins = await db
    .select({ userId: shopMembers.userId })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.role, "admin")));
  return [...new Set([...(owner ? [owner.ownerId] : []), ...admins.map((row) => row.userId)])];
}

/** What an order's alerts say and point at: its number, shops (supplier and the store it was bought in), customer. */
export async function selectOrderFacts(db: DbOrTx, where: { orderId: string } | { checkoutId: string }) {
  const supplier = sql<string>`(select slug from shops where shops.id = ${orders.supplierId})`;
  const supplierName = sql<string>`(select name from shops where shops.id = ${orders.supplierId})`;
  const store = sql<string>`(select slug from shops where shops.id = ${checkouts.storeId})`;
  const storeName = sql<string>`(select name from shops where shops.id = ${checkouts.storeId})`;
  return db
    .select({
      orderId: orders.id,
      number: orders.number,
      checkoutId: orders.checkoutId,
      supplierId: orders.supplierId,
      supplierSlug: supplier,
      supplierName,
      storeId: checkouts.storeId,
      storeSlug: store,
      storeName,
      customerId: checkouts.customerId,
      customerName: sql<
        string | null
      >`coalesce((select full_name from users where users.id = ${checkouts.customerId}), ${checkouts.guestName})`,
      total: orders.total,
      currency: orders.currency,
    })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where("orderId" in where ? eq(orders.id, where.orderId) : eq(orders.checkoutId, where.checkoutId));
}

export async function selectCommissions(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: commissions.id,
      beneficiaryId: commissions.beneficiaryId,
      orderId: commissions.orderId,
      amount: commissions.amount,
      currency: commissions.currency,
    })
    .from(commissions)
    .where(inArray(commissions.id, ids));
}

export async function userExists(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/** What a new review's alert says: the product's name, the stars, and the supplier shop. */
export async function selectReviewFacts(db: DbOrTx, reviewId: string) {
  const [row] = await db
    .select({
      supplierId: productReviews.supplierId,
      supplierSlug: shops.slug,
      productName: products.name,
      qualification: productReviews.qualification,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .innerJoin(shops, eq(shops.id, productReviews.supplierId))
    .where(eq(productReviews.id, reviewId));
  return row;
}
