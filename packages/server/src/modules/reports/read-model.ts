import { REPORT_TIME_ZONE, isSaleState } from "@tianguis/domain/rules/reports";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { reportCountedOrders, reportDailyProductSales, reportDailySales } from "../../db/schema/reports";
import { type OrderSaleFacts, orderSaleFacts } from "../checkout/service";

/**
 * The dashboard's read model (db/schema/reports.ts): the reports module's subscribers keep each shop's sales per local
 * day, and per product, as orders are paid and cancelled. They write only these tables.
 *
 * Idempotent and order-proof: a delivery reads the order as it is now (checkout's door, in the delivery's transaction)
 * and moves its `report_counted_orders` flag to what that state says, with a conditional write; the day's sums change
 * only when the flag did. A redelivered event, or a late `purchase.paid` after the cancellation was counted, finds the
 * flag already where the order's state puts it and does nothing.
 */

/** The order's local day, as PostgreSQL dates it (the export's dates and the chart's buckets use the same zone). */
const localDay = (instant: Date) => sql`(${instant.toISOString()}::timestamptz at time zone ${REPORT_TIME_ZONE})::date`;

/** Counts or uncounts each order as its state says now. */
export async function recountOrderSales(tx: DbOrTx, orderIds: string[]) {
  for (const order of await orderSaleFacts(tx, orderIds)) {
    const sign = isSaleState(order.state) ? 1 : -1;
    if (await flipCounted(tx, order, sign === 1)) await addSale(tx, order, sign);
  }
}

/** Sets the order's flag to `counted`, answering whether it changed (a first count inserts it; an uncount needs a count). */
async function flipCounted(tx: DbOrTx, order: OrderSaleFacts, counted: boolean): Promise<boolean> {
  const changed = counted
    ? await tx
        .insert(reportCountedOrders)
        .values({ orderId: order.id, shopId: order.supplierId, counted: true })
        .onConflictDoUpdate({
          target: reportCountedOrders.orderId,
          set: { counted: true },
          setWhere: sql`not ${reportCountedOrders.counted}`,
        })
        .returning({ id: reportCountedOrders.orderId })
    : await tx
        .update(reportCountedOrders)
        .set({ counted: false })
        .where(and(eq(reportCountedOrders.orderId, order.id), eq(reportCountedOrders.counted, true)))
        .returning({ id: reportCountedOrders.orderId });
  return changed.length > 0;
}

/** Adds the order to its day (sign 1) or takes it away (−1), with its lines per product. */
async function addSale(tx: DbOrTx, order: OrderSaleFacts, sign: 1 | -1) {
  const day = localDay(order.createdAt);
  await tx
    .insert(reportDailySales)
    .values({ shopId: order.supplierId, day, currency: order.currency, orders: sign, amount: sign * order.total })
    .onConflictDoUpdate({
      target: [reportDailySales.shopId, reportDailySales.day, reportDailySales.currency],
      set: {
        orders: sql`${reportDailySales.orders} + excluded.orders`,
        amount: sql`${reportDailySales.amount} + excluded.amount`,
      },
    });
  // One row per product and name: two lines of the same product in one order add up before the upsert.
  const byProduct = new Map<string, { productId: string; name: string; lines: number; units: number; amount: number }>();
  for (const line of order.lines) {
    const key = JSON.stringify([line.productId, line.name]);
    const sum = byProduct.get(key) ?? { productId: line.productId, name: line.name, lines: 0, units: 0, amount: 0 };
    byProduct.set(key, { ...sum, lines: sum.lines + 1, units: sum.units + line.quantity, amount: sum.amount + line.total });
  }
  if (byProduct.size === 0) return;
  await tx
    .insert(reportDailyProductSales)
    .values(
      [...byProduct.values()].map((sum) => ({
        shopId: order.supplierId,
        day,
        productId: sum.productId,
        name: sum.name,
        currency: order.currency,
        lines: sign * sum.lines,
        units: sign * sum.units,
        amount: sign * sum.amount,
      })),
    )
    .onConflictDoUpdate({
      target: [
        reportDailyProductSales.shopId,
        reportDailyProductSales.day,
        reportDailyProductSales.productId,
        reportDailyProductSales.name,
        reportDailyProductSales.currency,
      ],
      set: {
        lines: sql`${reportDailyProductSales.lines} + excluded.lines`,
        units: sql`${reportDailyProductSales.units} + excluded.units`,
        amount: sql`${reportDailyProductSales.amount} + excluded.amount`,
      },
    });
}

/**
 * Rebuilds a shop's read model (or every shop's, `null`) from its orders, with the function migration 0043 made and ran
 * once: for orders written around the events, as the demo seed and the scale test write them.
 */
export async function rebuildSalesReport(db: DbOrTx, shopId: string | null) {
  await db.execute(sql`select reports_rebuild_sales(${shopId}::uuid)`);
}
