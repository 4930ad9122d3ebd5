import type { ReturnInfo } from "@tianguis/domain/schemas/product";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { products } from "../../db/schema/catalog";
import { galleryImages } from "../../db/schema/merchandising";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { refunds } from "../../db/schema/payments";
import { orderReturnItems, orderReturns, shopReturnPolicies } from "../../db/schema/returns";
import { shops } from "../../db/schema/shops";

// Returns read the order, its purchase and lines (orders, checkouts, order_items), the products' own return info,
// the customer's name and uploads, and write only their own tables; refunds are the payments module's (its door
// reserves and sends them), read here for the views.

export type ReturnRow = typeof orderReturns.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

export async function selectShopPolicy(db: DbOrTx, shopId: string): Promise<ReturnInfo | null> {
  const [row] = await db
    .select({ policy: shopReturnPolicies.policy })
    .from(shopReturnPolicies)
    .where(eq(shopReturnPolicies.shopId, shopId));
  return row?.policy ?? null;
}

export async function upsertShopPolicy(db: DbOrTx, shopId: string, policy: ReturnInfo, now: Date) {
  await db
    .insert(shopReturnPolicies)
    .values({ shopId, policy, updatedAt: now })
    .onConflictDoUpdate({ target: shopReturnPolicies.shopId, set: { policy, updatedAt: now } });
}

/** The order with its purchase's customer; `lock` takes the order's row so refunds and returns of it run one at a time. */
export async function selectOrder(db: DbOrTx, orderId: string, lock = false) {
  const query = db
    .select({
      order: orders,
      customerId: checkouts.customerId,
      customerName: sql<string | null>`coalesce(nullif(${users.fullName}, ''), ${checkouts.guestName})`,
    })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .leftJoin(users, eq(users.id, checkouts.customerId))
    .where(eq(orders.id, orderId));
  const [row] = lock ? await query.for("update", { of: orders }) : await query;
  return row ?? null;
}

export async function selectLines(db: DbOrTx, orderId: string) {
  return db
    .select({ item: orderItems, returnInfo: products.returnInfo, productType: products.type })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.name));
}

/** Units of each line already in a return that was not rejected. */
export async function selectReturnedQuantities(db: DbOrTx, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ itemId: orderReturnItems.orderItemId, quantity: sql<number>`sum(${orderReturnItems.quantity})::int` })
    .from(orderReturnItems)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnItems.returnId))
    .where(and(eq(orderReturns.orderId, orderId), ne(orderReturns.state, "rejected")))
    .groupBy(orderReturnItems.orderItemId);
  return new Map(rows.map((row) => [row.itemId, row.quantity]));
}

export async function selectReturnsOf(db: DbOrTx, where: { orderId?: string; supplierId?: string; state?: string; id?: string }) {
  const filter = and(
    where.orderId ? eq(orderReturns.orderId, where.orderId) : undefined,
    where.supplierId ? eq(orders.supplierId, where.supplierId) : undefined,
    where.state ? eq(orderReturns.state, where.state) : undefined,
    where.id ? eq(orderReturns.id, where.id) : undefined,
  );
  return db
    .select({
      ret: orderReturns,
      orderNumber: orders.number,
      supplierId: orders.supplierId,
      currency: orders.currency,
      customerName: sql<string | null>`coalesce(nullif(${users.fullName}, ''), ${checkouts.guestName})`,
    })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .leftJoin(users, eq(users.id, checkouts.customerId))
    .where(filter)
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id));
}

export async function countReturnsOf(db: DbOrTx, supplierId: string, state?: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(and(eq(orders.supplierId, supplierId), state ? eq(orderReturns.state, state) : undefined));
  return row?.count ?? 0;
}

export async function selectReturnItems(db: DbOrTx, returnIds: string[]) {
  if (returnIds.length === 0) return [];
  return db
    .select({ returnId: orderReturnItems.returnId, quantity: orderReturnItems.quantity, item: orderItems })
    .from(orderReturnItems)
    .innerJoin(orderItems, eq(orderItems.id, orderReturnItems.orderItemId))
    .where(inArray(orderReturnItems.returnId, returnIds))
    .orderBy(asc(orderItems.name));
}

export async function selectRefundsById(db: DbOrTx, ids: string[]): Promise<RefundRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.id, ids));
}

/** The user's own uploads among `ids`, with their URLs (return photos come from the customer's gallery uploads). */
export async function selectOwnImages(db: DbOrTx, ownerId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: galleryImages.id, url: galleryImages.url })
    .from(galleryImages)
    .where(and(inArray(galleryImages.id, ids), eq(galleryImages.ownerId, ownerId)));
}

/** The order's number, currency and supplier's name, for letters about it. */
export async function selectOrderHeading(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ number: orders.number, currency: orders.currency, supplier: shops.name })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.supplierId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}
