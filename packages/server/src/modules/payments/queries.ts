import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders } from "../../db/schema/orders";
import { payments, refunds } from "../../db/schema/payments";

export type RefundRow = typeof refunds.$inferSelect;

/** An order's refunds, oldest first. */
export async function selectRefunds(db: DbOrTx, orderId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** The purchase's payment that took the money: refunds go back through it. */
export async function selectSucceededPayment(db: DbOrTx, checkoutId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutId, checkoutId), inArray(payments.status, ["succeeded", "refunded"])))
    .limit(1);
  return row ?? null;
}

/** The suppliers of a purchase: together they decide which gateway charges it. */
export async function supplierIdsOf(db: DbOrTx, checkoutId: string): Promise<string[]> {
  const rows = await db.select({ supplierId: orders.supplierId }).from(orders).where(eq(orders.checkoutId, checkoutId));
  return rows.map((row) => row.supplierId);
}
