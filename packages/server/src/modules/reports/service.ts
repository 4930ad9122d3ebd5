import type { Locale } from "@tianguis/domain/locale";
import {
  EXPORT_MAX_DAYS,
  EXPORT_MAX_PENDING,
  LOW_STOCK_UNITS,
  REPORT_TIME_ZONE,
  chartBucketDates,
  checkExportRange,
  conversionRate,
  dashboardWindows,
  waitingStates,
} from "@tianguis/domain/rules/reports";
import type { OrderProgressState } from "@tianguis/domain/rules/order-progress";
import type {
  DashboardQuery,
  DashboardView,
  ExportListQuery,
  ExportParams,
  MyExportRequest,
  ShopExportRequest,
} from "@tianguis/domain/schemas/report";
import type { AppContext } from "../../context";
import { enqueueJob, registerJob } from "../../jobs/runner";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { countPaidPurchasesByCampaign } from "../checkout/service";
import { findShopWithAccess } from "../shops/service";
import { runExport } from "./export-job";
import { countPendingExports, dashboardQueries, insertExport, selectExport, selectExports } from "./queries";
import { exportFileName } from "./sources";
import { exportViewOf } from "./views";

/**
 * Exports, reports and the seller's dashboard (issue 29 §2, §4). This module owns the exports table and the dashboard's
 * read model (read-model.ts, fed by its subscribers); orders, products, commissions, refunds, campaigns, people and shops
 * for the files and the other widgets come through their owners' read doors (sources.ts, queries.ts), as alerts do.
 * A shop's figures are for its owner, admins and accountants (the accountant reads the books; a dispatcher or a QR
 * reader does not); a financial report across shops is its requester's alone.
 */

/** For orders written around checkout's events (the demo seed, benches): the dashboard's read model made again from them. */
export { rebuildSalesReport } from "./read-model";

export const EXPORT_JOB = "report_export";

export function registerReportJobs() {
  registerJob(EXPORT_JOB, async (ctx, payload) => runExport(ctx, payload.export_id));
}

/** The shop, if the user may read its reports: 401 for visitors, 403 without the owner, admin or accountant role. */
async function requireReportDesk(ctx: AppContext, slug: string, user: SessionUser | null) {
  if (!user) throw new AppError("unauthorized");
  const { shop, access } = await findShopWithAccess(ctx, { slug }, user);
  if (!(access.isAdmin || access.roles.includes("accountant"))) throw new AppError("forbidden");
  return { shop, user };
}

function checkRange(params: { start_date?: string; end_date?: string }) {
  const problem = checkExportRange(params);
  if (problem) throw new AppError(problem, { status: 400, details: { days: EXPORT_MAX_DAYS }, fields: { end_date: problem } });
}

async function queueExport(
  ctx: AppContext,
  values: {
    shopId: string | null;
    slug: string | null;
    user: SessionUser;
    kind: ShopExportRequest["kind"] | "financial";
    format: string;
    params: ExportParams;
  },
  locale: Locale,
) {
  checkRange(values.params);
  const owner = values.shopId ? { shopId: values.shopId } : { requestedBy: values.user.id };
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if ((await countPendingExports(tx, owner)) >= EXPORT_MAX_PENDING)
      throw new AppError("export_busy", { status: 429, details: { max: EXPORT_MAX_PENDING } });
    const row = await insertExport(tx, {
      shopId: values.shopId,
      requestedBy: values.user.id,
      kind: values.kind,
      format: values.format,
      params: values.params,
      locale,
      fileName: exportFileName(values.kind, values.format, values.slug, now, locale),
      createdAt: now,
    });
    await enqueueJob(tx, EXPORT_JOB, { export_id: row.id }, now);
    return exportViewOf(row, now);
  });
}

/** Only the report's filters are kept: the orders report's, or none for products. */
function paramsOf(request: ShopExportRequest | MyExportRequest): ExportParams {
  const { kind, format, ...params } = request;
  if (kind === "products") return {};
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as ExportParams;
}

export async function createShopExport(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  request: ShopExportRequest,
  locale: Locale,
) {
  const { shop, user: member } = await requireReportDesk(ctx, slug, user);
  return queueExport(
    ctx,
    { shopId: shop.id, slug: shop.slug, user: member, kind: request.kind, format: request.format, params: paramsOf(request) },
    locale,
  );
}

export async function createMyExport(ctx: AppContext, user: SessionUser | null, request: MyExportRequest, locale: Locale) {
  if (!user) throw new AppError("unauthorized");
  return queueExport(ctx, { shopId: null, slug: null, user, kind: "financial", format: request.format, params: paramsOf(request) }, locale);
}

export async function listShopExports(ctx: AppContext, slug: string, user: SessionUser | null, query: ExportListQuery) {
  const { shop } = await requireReportDesk(ctx, slug, user);
  const { rows, total } = await selectExports(ctx.db, { shopId: shop.id }, query);
  const now = ctx.clock.now();
  return { results: rows.map((row) => exportViewOf(row, now)), matches_estimated: total };
}

export async function getShopExport(ctx: AppContext, slug: string, user: SessionUser | null, id: string) {
  const { shop } = await requireReportDesk(ctx, slug, user);
  const row = await selectExport(ctx.db, id);
  if (!row || row.shopId !== shop.id) throw new AppError("export_not_found", { status: 404 });
  return exportViewOf(row, ctx.clock.now());
}

export async function listMyExports(ctx: AppContext, user: SessionUser | null, query: ExportListQuery) {
  if (!user) throw new AppError("unauthorized");
  const { rows, total } = await selectExports(ctx.db, { requestedBy: user.id }, query);
  const now = ctx.clock.now();
  return { results: rows.map((row) => exportViewOf(row, now)), matches_estimated: total };
}

/**
 * A finished export's file, for who may read it now (roles are checked at each download, so a removed accountant
 * loses access at once): the shop's owner, admins and accountants, or a financial report's requester. Other shops'
 * owners and strangers get 404 (the export's existence is not theirs to learn), an expired link 410.
 */
export async function openExportDownload(ctx: AppContext, user: SessionUser | null, id: string) {
  if (!user) throw new AppError("unauthorized");
  const row = await selectExport(ctx.db, id);
  if (!row) throw new AppError("export_not_found", { status: 404 });
  if (row.shopId) {
    const { access } = await findShopWithAccess(ctx, { id: row.shopId }, user);
    if (!(access.isAdmin || access.roles.includes("accountant"))) throw new AppError("export_not_found", { status: 404 });
  } else if (row.requestedBy !== user.id) throw new AppError("export_not_found", { status: 404 });
  if (row.state !== "done" || !row.fileKey) throw new AppError("export_not_ready", { status: 409 });
  if (row.expiresAt && row.expiresAt.getTime() <= ctx.clock.now().getTime()) throw new AppError("export_expired", { status: 410 });
  const stream = await ctx.privateStorage.read(row.fileKey);
  const contentType =
    row.format === "csv" ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  return { stream, contentType, fileName: row.fileName, size: row.sizeBytes };
}

/** The seller's dashboard: one query per widget, all at once. */
export async function getDashboard(ctx: AppContext, slug: string, user: SessionUser | null, query: DashboardQuery): Promise<DashboardView> {
  const { shop } = await requireReportDesk(ctx, slug, user);
  const windows = dashboardWindows(ctx.clock.now(), query.period);
  const queries = dashboardQueries(ctx.db, shop.id, windows, query.period, REPORT_TIME_ZONE, LOW_STOCK_UNITS);
  const [sales, waiting, top, funnel, [commissions], lowStock, chart] = await Promise.all([
    queries.sales,
    queries.waiting,
    queries.top,
    queries.funnel,
    queries.commissions,
    queries.lowStock,
    queries.chart,
  ]);
  const purchases = await countPaidPurchasesByCampaign(
    ctx.db,
    funnel.map((row) => row.code),
  );
  const counts = new Map(waiting.map((row) => [row.state, Number(row.count)]));
  const chartCurrency = chart[0]?.currency ?? sales[0]?.currency ?? null;
  const byDate = new Map(chart.filter((row) => row.currency === chartCurrency).map((row) => [row.date, row]));
  return {
    period: query.period,
    sales: {
      today: sales
        .filter((row) => Number(row.todayOrders) > 0)
        .map((row) => ({ currency: row.currency, amount: Number(row.todayAmount), orders: Number(row.todayOrders) })),
      month: sales.map((row) => ({ currency: row.currency, amount: Number(row.monthAmount), orders: Number(row.monthOrders) })),
    },
    waiting: waitingStates.map((state: OrderProgressState) => ({ state, count: counts.get(state) ?? 0 })),
    top_products: top.map((row) => ({
      product_id: row.productId,
      name: row.name,
      units: Number(row.units),
      amount: Number(row.amount),
      currency: row.currency,
    })),
    campaigns: funnel.map((row) => ({
      id: row.id,
      name: row.name,
      visits: Number(row.visits),
      purchases: purchases.get(row.code) ?? 0,
      conversion: conversionRate(Number(row.visits), purchases.get(row.code) ?? 0),
    })),
    commissions: {
      currency: commissions?.currency ?? null,
      owed: Number(commissions?.owed ?? 0),
      earned: Number(commissions?.earned ?? 0),
    },
    low_stock: lowStock.map((row) => ({ id: row.id, name: row.name, stock: Number(row.stock) })),
    chart: chartBucketDates(windows.chartStartDate, query.period).map((date) => ({
      date,
      amount: Number(byDate.get(date)?.amount ?? 0),
      orders: Number(byDate.get(date)?.orders ?? 0),
    })),
    chart_currency: chartCurrency,
  };
}
