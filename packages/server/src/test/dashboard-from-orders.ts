import { REPORT_TIME_ZONE, saleStates } from "@tianguis/domain/rules/reports";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { orderItems, orders } from "../db/schema/orders";
import { dashboardQueries } from "../modules/reports/queries";

/**
 * The dashboard's sales widgets added up straight from the orders, as they were before the read model (modules/reports/
 * read-model.ts): the reference its results are held to (read-model.test.ts, reports.scale.test.ts). Both sides come
 * back as plain numbers, sorted, the best sellers whole (the widget shows the first five of the same order).
 */

type Windows = Parameters<typeof dashboardQueries>[2];
type Unit = "day" | "week" | "month";

export interface SalesWidgets {
  sales: { currency: string; todayAmount: number; todayOrders: number; monthAmount: number; monthOrders: number }[];
  top: { productId: string; name: string; units: number; amount: number; currency: string }[];
  chart: { date: string; currency: string; amount: number; orders: number }[];
}

const bySalesKey = (a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency);
const byChartKey = (a: { date: string; currency: string }, b: { date: string; currency: string }) =>
  a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency);
/** The widget's order: most units, then most money, then the product id (the read model's tie-break). */
const byBestSeller = (a: SalesWidgets["top"][number], b: SalesWidgets["top"][number]) =>
  b.units - a.units || b.amount - a.amount || (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0);

function normalise(raw: {
  sales: Record<string, unknown>[];
  top: Record<string, unknown>[];
  chart: Record<string, unknown>[];
}): SalesWidgets {
  return {
    sales: raw.sales
      .map((row) => ({
        currency: String(row.currency),
        todayAmount: Number(row.todayAmount),
        todayOrders: Number(row.todayOrders),
        monthAmount: Number(row.monthAmount),
        monthOrders: Number(row.monthOrders),
      }))
      .sort(bySalesKey),
    top: raw.top
      .map((row) => ({
        productId: String(row.productId),
        name: String(row.name),
        units: Number(row.units),
        amount: Number(row.amount),
        currency: String(row.currency),
      }))
      .sort(byBestSeller),
    chart: raw.chart
      .map((row) => ({ date: String(row.date), currency: String(row.currency), amount: Number(row.amount), orders: Number(row.orders) }))
      .sort(byChartKey),
  };
}

/** The read model's answer: the dashboard's own queries (best sellers as the widget lists them, first five). */
export async function salesWidgetsFromReadModel(db: DbOrTx, shopId: string, windows: Windows, unit: Unit): Promise<SalesWidgets> {
  const queries = dashboardQueries(db, shopId, windows, unit, REPORT_TIME_ZONE, 5);
  return normalise({ sales: await queries.sales, top: await queries.top, chart: await queries.chart });
}

/** The orders' answer, with the queries the dashboard ran before its read model (every product, for the comparison). */
export async function salesWidgetsFromOrders(db: DbOrTx, shopId: string, windows: Windows, unit: Unit): Promise<SalesWidgets> {
  const isSale = inArray(orders.state, [...saleStates]);
  const bucket = sql`date_trunc(${sql.raw(`'${unit}'`)}, ${orders.createdAt} at time zone ${sql.raw(`'${REPORT_TIME_ZONE}'`)})::date`;
  const sales = await db
    .select({
      currency: orders.currency,
      todayAmount: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.createdAt} >= ${windows.today}), 0)::bigint`,
      todayOrders: sql<number>`(count(*) filter (where ${orders.createdAt} >= ${windows.today}))::int`,
      monthAmount: sql<string>`coalesce(sum(${orders.total}), 0)::bigint`,
      monthOrders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(and(eq(orders.supplierId, shopId), gte(orders.createdAt, windows.month), isSale))
    .groupBy(orders.currency);
  const top = await db
    .select({
      productId: orderItems.productId,
      name: sql<string>`max(${orderItems.name})`,
      units: sql<number>`sum(${orderItems.quantity})::int`,
      amount: sql<string>`sum(${orderItems.total})::bigint`,
      currency: sql<string>`max(${orders.currency})`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.supplierId, shopId), gte(orders.createdAt, windows.topSince), isSale))
    .groupBy(orderItems.productId);
  const chart = await db
    .select({
      date: sql<string>`to_char(${bucket}, 'YYYY-MM-DD')`,
      currency: orders.currency,
      amount: sql<string>`sum(${orders.total})::bigint`,
      orders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(and(eq(orders.supplierId, shopId), gte(orders.createdAt, windows.chart), isSale))
    .groupBy(bucket, orders.currency);
  return normalise({ sales, top, chart });
}
