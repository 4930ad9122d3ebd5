import { z } from "zod";
import { listOf } from "../schemas/common";
import { dashboardQuery, dashboardView, exportListQuery, exportView, myExportRequest, shopExportRequest } from "../schemas/report";
import { EXPORT_LINK_DAYS } from "../rules/reports";
import { endpoint } from "./endpoint";

const shopParams = z.object({ slug: z.string() });

/**
 * Exports and reports (issue 29 §2): a shop's orders and products reports, a user's financial report across the
 * shops they own; each is made by a job and downloaded through a private link. The seller's dashboard (§4).
 */
export const reportsApi = {
  shopCreate: endpoint({
    method: "POST",
    path: "/shops/:slug/exports",
    tags: ["reports"],
    summary:
      "Queue an orders or products export (CSV or XLSX) with the seller's order filters; owner, admin or accountant. " +
      "A job writes the file and raises the 'Completed export' alert",
    params: shopParams,
    body: shopExportRequest,
    response: exportView,
    status: 201,
  }),
  shopList: endpoint({
    method: "GET",
    path: "/shops/:slug/exports",
    tags: ["reports"],
    summary: "The shop's past exports, newest first, with their parameters, size, progress and state",
    params: shopParams,
    query: exportListQuery,
    response: listOf(exportView),
  }),
  shopGet: endpoint({
    method: "GET",
    path: "/shops/:slug/exports/:id",
    tags: ["reports"],
    summary: "One export of the shop (its progress while the job runs)",
    params: z.object({ slug: z.string(), id: z.string().uuid() }),
    response: exportView,
  }),
  myCreate: endpoint({
    method: "POST",
    path: "/me/exports",
    tags: ["reports"],
    summary: "Queue the signed-in user's financial report across the shops they own: sales, commissions owed and earned, refunds",
    body: myExportRequest,
    response: exportView,
    status: 201,
  }),
  myList: endpoint({
    method: "GET",
    path: "/me/exports",
    tags: ["reports"],
    summary: "The signed-in user's financial reports, newest first",
    query: exportListQuery,
    response: listOf(exportView),
  }),
  download: endpoint({
    method: "GET",
    path: "/exports/:id/download",
    tags: ["reports"],
    summary:
      "Streams a finished export. Private: the shop's owner, admins and accountants (a financial report: its requester); " +
      `${EXPORT_LINK_DAYS} days after it finished the link answers 410 export_expired`,
    params: z.object({ id: z.string().uuid() }),
    response: z.string().describe("the file's bytes"),
  }),
  dashboard: endpoint({
    method: "GET",
    path: "/shops/:slug/dashboard",
    tags: ["reports"],
    summary:
      "The seller's dashboard: today's and this month's sales, orders waiting per next action, top products, campaign " +
      "visits to purchases, commissions owed and earned, low stock, and sales by day, week or month",
    params: shopParams,
    query: dashboardQuery,
    response: dashboardView,
  }),
};
