import { type ExportState, waitingStates } from "@tianguis/domain/rules/reports";
import type { ExportParams } from "@tianguis/domain/schemas/report";
import { type SQL, and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { products } from "../../db/schema/catalog";
import { commissions } from "../../db/schema/commissions";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { refunds } from "../../db/schema/payments";
import { campaigns } from "../../db/schema/referral";
import { exportsTable, reportDailyProductSales, reportDailySales } from "../../db/schema/reports";
import { shops } from "../../db/schema/shops";

// Reports read other modules' rows (orders and purchases: checkout; products: catalog; commissions; refunds: payments;
// campaigns: referral; shops) to build files and some of the dashboard's widgets, and write only their own tables:
// exports here, the dashboard's read model in read-model.ts.

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
// Export sources: batches in a stable order (keyset: no OFFSET, so the 100th batch costs what the first did)
// ------------------------------------------------------------------------------------------------------------------

/** Unpaid purchases are the customer's, not the seller's sales. */
const unpaidStates = ["pending_payment", "expired", "canceled"];

export interface OrderFilters extends ExportParams {
  from: Date | null;
  to: Date | null;
}

function orderWhere(supplierIds: string[], filters: OrderFilters): SQL | undefined {
  return and(
    supplierIds.length === 1 ? eq(orders.supplierId, supplierIds[0]) : inArray(orders.supplierId, supplierIds),
    filters.state ? eq(orders.state, filters.state) : notInArray(orders.state, unpaidStates),
    filters.from ? gte(orders.createdAt, filters.from) : undefined,
    filters.to ? lt(orders.createdAt, filters.to) : undefined,
    filters.payment_type ? eq(checkouts.paymentMethod, filters.payment_type) : undefined,
    filters.delivery_type ? eq(checkouts.deliveryType, filters.delivery_type) : undefined,
  );
}

export interface Cursor {
  createdAt: Date;
  id: string;
}

/**
 * The rows after the cursor. The `>=` bound is the same condition said so an index on (…, created_at) can start at the
 * cursor: without it each batch scanned the shop's rows from the first again (the 100th batch read 100,000 rows).
 */
const after = (column: { createdAt: AnyPgColumn; id: AnyPgColumn }, cursor: Cursor | null) =>
  cursor
    ? and(
        gte(column.createdAt, cursor.createdAt),
        or(gt(column.createdAt, cursor.createdAt), and(eq(column.createdAt, cursor.createdAt), gt(column.id, cursor.id))),
      )
    : undefined;

export async function countExportOrders(db: DbOrTx, supplierIds: string[], filters: OrderFilters): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(orderWhere(supplierIds, filters));
  return Number(total);
}

/**
 * One batch of the orders report, oldest first, with the buyer's name and units; a financial batch adds money owed and
 * refunded. A query builder (awaited to run), so the scale test can EXPLAIN it.
 */
export function selectExportOrders(db: DbOrTx, supplierIds: string[], filters: OrderFilters, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      number: orders.number,
      state: orders.state,
      subtotal: orders.subtotal,
      shippingCost: orders.shippingCost,
      total: orders.total,
      currency: orders.currency,
      paymentMethod: checkouts.paymentMethod,
      deliveryType: checkouts.deliveryType,
      test: checkouts.test,
      shopName: shops.name,
      customerName: sql<string | null>`coalesce(nullif(${users.fullName}, ''), ${checkouts.guestName})`,
      units: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      commissionOwed: sql<number>`(select coalesce(sum(${commissions.amount} - ${commissions.reversedAmount}), 0)::int from ${commissions}
        where ${commissions.orderId} = ${orders.id} and ${commissions.state} <> 'reversed')`,
      refunded: sql<number>`(select coalesce(sum(${refunds.amount}), 0)::int from ${refunds}
        where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'success')`,
    })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .innerJoin(shops, eq(shops.id, orders.supplierId))
    .leftJoin(users, eq(users.id, checkouts.customerId))
    .where(and(orderWhere(supplierIds, filters), after(orders, cursor)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

export async function countExportProducts(db: DbOrTx, shopId: string): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(products).where(eq(products.shopId, shopId));
  return Number(total);
}

/** One batch of the products report, by slug (unique in the shop). */
export async function selectExportProducts(db: DbOrTx, shopId: string, afterSlug: string | null, limit: number) {
  return db
    .select({
      slug: products.slug,
      name: products.name,
      type: products.type,
      category: products.category,
      listPrice: products.listPrice,
      currency: products.currency,
      stockType: products.stockType,
      stock: products.stock,
    })
    .from(products)
    .where(and(eq(products.shopId, shopId), afterSlug === null ? undefined : gt(products.slug, afterSlug)))
    .orderBy(asc(products.slug))
    .limit(limit);
}

export async function countEarnedCommissions(db: DbOrTx, beneficiaryId: string, filters: OrderFilters): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(commissions).where(earnedWhere(beneficiaryId, filters));
  return Number(total);
}

function earnedWhere(beneficiaryId: string, filters: OrderFilters) {
  return and(
    eq(commissions.beneficiaryId, beneficiaryId),
    filters.from ? gte(commissions.createdAt, filters.from) : undefined,
    filters.to ? lt(commissions.createdAt, filters.to) : undefined,
  );
}

/** One batch of the commissions the user earned (as reseller or promoter), oldest first. */
export async function selectEarnedCommissions(
  db: DbOrTx,
  beneficiaryId: string,
  filters: OrderFilters,
  cursor: Cursor | null,
  limit: number,
) {
  return db
    .select({
      id: commissions.id,
      createdAt: commissions.createdAt,
      state: commissions.state,
      amount: sql<number>`${commissions.amount} - ${commissions.reversedAmount}`,
      currency: commissions.currency,
      number: orders.number,
      shopName: shops.name,
    })
    .from(commissions)
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .innerJoin(shops, eq(shops.id, commissions.storeId))
    .where(and(earnedWhere(beneficiaryId, filters), after(commissions, cursor)))
    .orderBy(asc(commissions.createdAt), asc(commissions.id))
    .limit(limit);
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
  const net = sql`${commissions.amount} - ${commissions.reversedAmount}`;
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
    /** Orders waiting for each next action (orders_supplier_state_updated_idx). */
    waiting: db
      .select({ state: orders.state, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.supplierId, shopId), inArray(orders.state, [...waitingStates])))
      .groupBy(orders.state),
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
    /** The shop's newest campaigns: visits (clicks) and paid purchases through each (checkouts_campaign_idx). */
    funnel: db
      .select({
        id: campaigns.id,
        name: campaigns.name,
        // Written out: Drizzle leaves columns unqualified in a one-table select, and both subqueries have an "id".
        visits: sql<number>`(select count(*)::int from campaign_clicks clicks where clicks.campaign_id = "campaigns"."id")`,
        purchases: sql<number>`(select count(*)::int from checkouts purchase
          where purchase.campaign = "campaigns"."code" and purchase.paid_at is not null)`,
      })
      .from(campaigns)
      .where(eq(campaigns.shopId, shopId))
      .orderBy(desc(campaigns.createdAt))
      .limit(5),
    /** What the shop owes as supplier (pending, available) and what its store earned from others' products. */
    commissions: db
      .select({
        currency: sql<string | null>`max(${commissions.currency})`,
        owed: sql<string>`coalesce(sum(${net}) filter (where ${commissions.supplierId} = ${shopId}
          and ${commissions.state} in ('pending', 'available')), 0)::bigint`,
        earned: sql<string>`coalesce(sum(${net}) filter (where ${commissions.storeId} = ${shopId}
          and ${commissions.state} <> 'reversed'), 0)::bigint`,
      })
      .from(commissions)
      .where(or(eq(commissions.supplierId, shopId), eq(commissions.storeId, shopId))),
    /** Products on stock with the fewest units left (products_shop_low_stock_idx). */
    lowStock: db
      .select({ id: products.id, name: products.name, stock: sql<number>`${products.stock}` })
      .from(products)
      .where(and(eq(products.shopId, shopId), eq(products.stockType, "onstock"), sql`${products.stock} <= ${lowStockUnits}`))
      .orderBy(asc(products.stock), asc(products.name))
      .limit(8),
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
