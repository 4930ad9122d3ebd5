import { asc, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orderItems, orders } from "../../db/schema/orders";

/** What an order sold, as the modules that count sales read it (reports' read model): its state now, money and lines. */
export interface OrderSaleFacts {
  id: string;
  supplierId: string;
  state: string;
  createdAt: Date;
  currency: string;
  total: number;
  lines: { productId: string; name: string; quantity: number; total: number }[];
}

/** The orders' sale facts, read in the caller's transaction (so a subscriber sees the change that recorded its event). */
export async function orderSaleFacts(db: DbOrTx, orderIds: string[]): Promise<OrderSaleFacts[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      supplierId: orders.supplierId,
      state: orders.state,
      createdAt: orders.createdAt,
      currency: orders.currency,
      total: orders.total,
    })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      name: orderItems.name,
      quantity: orderItems.quantity,
      total: orderItems.total,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  return rows.map((row) => ({
    ...row,
    lines: lines
      .filter((line) => line.orderId === row.id)
      .map((line) => ({ productId: line.productId, name: line.name, quantity: line.quantity, total: line.total })),
  }));
}
