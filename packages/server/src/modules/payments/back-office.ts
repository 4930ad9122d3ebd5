import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { refunds } from "../../db/schema/payments";

/** The payments module's read door for the back office's financial report: what was refunded of each order. */
export async function refundedByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: refunds.orderId, refunded: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), eq(refunds.status, "success")))
    .groupBy(refunds.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.refunded)]));
}
