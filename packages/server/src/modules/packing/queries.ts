import { and, asc, count, eq, inArray, max, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { products } from "../../db/schema/catalog";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { orderBinItems, orderBins } from "../../db/schema/packing";

/**
 * Packing's reads. A read model: it joins the order, its lines and its purchase (to know the store it was bought in);
 * only the packing module writes boxes.
 */

export async function selectPackingOrder(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ id: orders.id, state: orders.state, supplierId: orders.supplierId, storeId: checkouts.storeId })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(eq(orders.id, orderId));
  return row;
}

/** One packer of an order at a time: the lock lasts until the transaction ends. */
export async function lockOrderPacking(tx: DbOrTx, orderId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`packing:${orderId}`}, 0))`);
}

/** The order's physical lines (only products travel in boxes) with how many units are in boxes. */
export async function selectPackingLines(db: DbOrTx, orderId: string) {
  const rows = await db
    .select({
      id: orderItems.id,
      name: orderItems.name,
      photo: orderItems.photo,
      ordered: orderItems.quantity,
      packed: sql<number>`coalesce(sum(${orderBinItems.quantity}), 0)::int`,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(orderBinItems, eq(orderBinItems.orderItemId, orderItems.id))
    .where(and(eq(orderItems.orderId, orderId), eq(products.type, "product")))
    .groupBy(orderItems.id)
    .orderBy(asc(orderItems.id));
  return rows.map((row) => ({ ...row, packed: Number(row.packed) }));
}
export type PackingLine = Awaited<ReturnType<typeof selectPackingLines>>[number];

export async function selectBins(db: DbOrTx, orderId: string, page?: { offset: number; limit: number }) {
  const query = db.select().from(orderBins).where(eq(orderBins.orderId, orderId)).orderBy(asc(orderBins.number));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function selectBin(db: DbOrTx, orderId: string, binId: string) {
  const [row] = await db
    .select()
    .from(orderBins)
    .where(and(eq(orderBins.id, binId), eq(orderBins.orderId, orderId)));
  return row;
}

export async function countBins(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(orderBins).where(eq(orderBins.orderId, orderId));
  return row?.count ?? 0;
}

export async function nextBinNumber(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(orderBins.number) })
    .from(orderBins)
    .where(eq(orderBins.orderId, orderId));
  return (row?.last ?? 0) + 1;
}

export async function selectBinItems(db: DbOrTx, binIds: string[]) {
  if (binIds.length === 0) return [];
  return db
    .select({ binId: orderBinItems.binId, orderItemId: orderBinItems.orderItemId, name: orderItems.name, quantity: orderBinItems.quantity })
    .from(orderBinItems)
    .innerJoin(orderItems, eq(orderItems.id, orderBinItems.orderItemId))
    .where(inArray(orderBinItems.binId, binIds))
    .orderBy(asc(orderItems.id));
}
