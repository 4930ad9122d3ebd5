import { type ExportState, waitingStates } from "@tianguis/domain/rules/reports";
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { exportsTable, reportDailyProductSales, reportDailySales } from "../../db/schema/reports";
import { lowStockProducts } from "../catalog/service";
import { countOrdersByState } from "../checkout/service";
import { shopCommissionTotals } from "../commissions/service";
import { shopCampaignVisits } from "../referral/service";

// Reports read and write only their own tables here (exports, and the dashboard's read model in read-model.ts); what
// other modules own (orders, products, commissions, campaigns) comes through those modules' read doors.

export type ExportRow = typeof exportsTable.$inferSelect;

// ------------------------------------------------------------------------------------------------------------------
// The exports table
// ------------------------------------------------------------------------------------------------------------------

export async function insertExport(db: DbOrTx, values: typeof exportsTable.$inferInsert): Promise<ExportRow> {
  const [row] = await db.insert(exportsTable).values(values).returning();
  return row;
}

export async function selectExport(db: DbOrTx, id: string): Promise<ExportRow | null> {
  const [row] = await db.select().from(exportsTable).where(eq(exportsTable.id, id));
  return row ?? null;
}

/** A shop's exports (shopId) or a user's own reports across shops (requestedBy with no shop), newest first. */
export async function selectExports(
  db: DbOrTx,
  owner: { shopId: string } | { requestedBy: string },
  page: { kind?: string; offset: number; limit: number },
) {
  const where = and(
    "shopId" in owner
      ? eq(exportsTable.shopId, owner.shopId)
      : and(eq(exportsTable.requestedBy, owner.requestedBy), isNull(exportsTable.shopId)),
    page.kind ? eq(exportsTable.kind, page.kind) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(exportsTable)
      .where(where)
      .orderBy(desc(exportsTable.createdAt), desc(exportsTable.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(exportsTable).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** Exports of the same shop (or user) still queued or running. */
export async function countPendingExports(db: DbOrTx, owner: { shopId: string } | { requestedBy: string }): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(exportsTable)
    .where(
      and(
        "shopId" in owner
          ? eq(exportsTable.shopId, owner.shopId)
          : and(eq(exportsTable.requestedBy, owner.requestedBy), isNull(exportsTable.shopId)),
        inArray(exportsTable.state, ["queued", "running"]),
      ),
    );
  return Number(total);
}

/** The job starts (or starts again after a crash): progress from zero. */
export async function markExportRunning(db: DbOrTx, id: string, rowsTotal: number, now: Date) {
  await db
    .update(exportsTable)
    .set({ state: "running", rowsDone: 0, rowsTotal, startedAt: now })
    .where(and(eq(exportsTable.id, id), inArray(exportsTable.state, ["queued", "running"])));
}

export async function updateExportProgress(db: DbOrTx, id: string, rowsDone: number) {
  await db
    .update(exportsTable)
    .set({ rowsDone })
    .where(and(eq(exportsTable.id, id), eq(exportsTable.state, "running")));
}

/** Queued or running → done or failed, once: answers whether this call made the change (so the alert is raised once). */
export async function finishExport(
  db: DbOrTx,
  id: string,
  values: { state: Extract<ExportState, "done" | "failed">; rowsDone?: number; sizeBytes?: number; fileKey?: string; error?: string },
  now: Date,
  expiresAt: Date | null,
): Promise<boolean> {
  const changed = await db
    .update(exportsTable)
    .set({ ...values, finishedAt: now, expiresAt })
    .where(and(eq(exportsTable.id, id), inArray(exportsTable.state, ["queued", "running"])))
    .returning({ id: exportsTable.id });
  return changed.length > 0;
}

// ------------------------------------------------------------------------------------------------------------------
// The seller's dashboard: one query per widget. Sales, best sellers and the chart read the module's own read model
// (read-model.ts), a row per shop and day, so their cost follows the days shown, not the orders sold; the others read
// their owners' tables through indexes (see reports.scale.test.ts, which EXPLAINs and times each at 100,000 orders).
// ------------------------------------------------------------------------------------------------------------------

export interface DashboardWindows {
  today: Date;
  month: Date;
  chart: Date;
  topSince: Date;
}

/**
 * The dashboard's queries, one per widget, as builders: the service runs them together, and the scale test EXPLAINs
 * each (reports.scale.test.ts) to hold them to their indexes at 100,000 orders.
 */
export function dashboardQueries(
  db: DbOrTx,
  shopId: string,
  windows: DashboardWindows,
  unit: "day" | "week" | "month",
  timeZone: string,
  lowStockUnits: number,
) {
  // Literals, not parameters: GROUP BY must repeat the selected expression exactly (the unit is our constant, never input).
  const bucket = sql`date_trunc(${sql.raw(`'${unit}'`)}, ${reportDailySales.day}::timestamp)::date`;
  /** The local day an instant falls on, as the read model's days are counted. */
  const dayOf = (instant: Date) => sql`(${instant.toISOString()}::timestamptz at time zone ${timeZone})::date`;
  const today = dayOf(windows.today);
  return {
    /** Today's and this month's sales per currency: the month's days of the shop (the read model's key). */
    sales: db
      .select({
        currency: reportDailySales.currency,
        todayAmount: sql<string>`coalesce(sum(${reportDailySales.amount}) filter (where ${reportDailySales.day} >= ${today}), 0)::bigint`,
        todayOrders: sql<number>`coalesce(sum(${reportDailySales.orders}) filter (where ${reportDailySales.day} >= ${today}), 0)::int`,
        monthAmount: sql<string>`coalesce(sum(${reportDailySales.amount}), 0)::bigint`,
        monthOrders: sql<number>`sum(${reportDailySales.orders})::int`,
      })
      .from(reportDailySales)
      .where(and(eq(reportDailySales.shopId, shopId), gte(reportDailySales.day, dayOf(windows.month)), gt(reportDailySales.orders, 0)))
      .groupBy(reportDailySales.currency)
      .orderBy(asc(reportDailySales.currency)),
    /** Orders waiting for each next action: the checkout module's door (orders_supplier_state_updated_idx). */
    waiting: countOrdersByState(db, shopId, waitingStates),
    /** Best sellers of the last 30 days: units and amount per product, by the name and currency its counted lines carry. */
    top: db
      .select({
        productId: reportDailyProductSales.productId,
        name: sql<string>`max(${reportDailyProductSales.name})`,
        units: sql<number>`sum(${reportDailyProductSales.units})::int`,
        amount: sql<string>`sum(${reportDailyProductSales.amount})::bigint`,
        currency: sql<string>`max(${reportDailyProductSales.currency})`,
      })
      .from(reportDailyProductSales)
      .where(
        and(
          eq(reportDailyProductSales.shopId, shopId),
          gte(reportDailyProductSales.day, dayOf(windows.topSince)),
          gt(reportDailyProductSales.lines, 0),
        ),
      )
      .groupBy(reportDailyProductSales.productId)
      .orderBy(
        desc(sql`sum(${reportDailyProductSales.units})`),
        desc(sql`sum(${reportDailyProductSales.amount})`),
        asc(reportDailyProductSales.productId),
      )
      .limit(5),
    /** The shop's newest campaigns with their visits (the referral module's door); purchases come from checkout's. */
    funnel: shopCampaignVisits(db, shopId, 5),
    /** What the shop owes as supplier and what its store earned from others' products (the commissions module's door). */
    commissions: shopCommissionTotals(db, shopId),
    /** Products on stock with the fewest units left (the catalog's door; products_shop_low_stock_idx). */
    lowStock: lowStockProducts(db, shopId, lowStockUnits, 8),
    /** Sales per local day, week or month: the chart's days of the shop, summed per bucket. */
    chart: db
      .select({
        date: sql<string>`to_char(${bucket}, 'YYYY-MM-DD')`,
        currency: reportDailySales.currency,
        amount: sql<string>`sum(${reportDailySales.amount})::bigint`,
        orders: sql<number>`sum(${reportDailySales.orders})::int`,
      })
      .from(reportDailySales)
      .where(and(eq(reportDailySales.shopId, shopId), gte(reportDailySales.day, dayOf(windows.chart)), gt(reportDailySales.orders, 0)))
      .groupBy(bucket, reportDailySales.currency)
      .orderBy(bucket, asc(reportDailySales.currency)),
  };
}
