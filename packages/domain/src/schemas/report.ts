import { z } from "zod";
import { deliveryTypes, paymentMethods } from "../rules/checkout";
import { orderProgressStates } from "../rules/order-progress";
import { chartPeriods, exportFormats, exportKinds, exportStates, shopExportKinds } from "../rules/reports";

/**
 * Exports and the seller's dashboard (issue 29 §2, §4). An export is a file made by a job; the request names what to
 * export and the seller's order filters. Money is integer minor units; dates are ISO strings.
 */

const isoDate = z.iso.date();

/** The orders report's filters: the seller's order filters (state, payment, delivery) and a date range. */
const exportFilters = {
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  state: z.enum(orderProgressStates).optional(),
  payment_type: z.enum(paymentMethods).optional(),
  delivery_type: z.enum(deliveryTypes).optional(),
};

export const shopExportRequest = z.object({ kind: z.enum(shopExportKinds), format: z.enum(exportFormats), ...exportFilters });
export type ShopExportRequest = z.infer<typeof shopExportRequest>;

export const myExportRequest = z.object({
  kind: z.literal("financial"),
  format: z.enum(exportFormats),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
});
export type MyExportRequest = z.infer<typeof myExportRequest>;

export const exportParams = z.object(exportFilters);
export type ExportParams = z.infer<typeof exportParams>;

export const exportView = z.object({
  id: z.string().uuid(),
  kind: z.enum(exportKinds),
  format: z.enum(exportFormats),
  params: exportParams,
  state: z.enum(exportStates),
  rows_done: z.number().int(),
  rows_total: z.number().int().nullable(),
  size_bytes: z.number().int().nullable(),
  file_name: z.string(),
  /** Set once done: the private link (owner, admin or accountant of the shop; the requester for a financial report). */
  download_url: z.string().nullable(),
  /** When the download link stops working. */
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ExportView = z.infer<typeof exportView>;

export const exportListQuery = z.object({
  kind: z.enum(exportKinds).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type ExportListQuery = z.infer<typeof exportListQuery>;

export const dashboardQuery = z.object({ period: z.enum(chartPeriods).default("day") });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const amount = z.object({ currency: z.string(), amount: z.number().int(), orders: z.number().int() });

export const dashboardView = z.object({
  period: z.enum(chartPeriods),
  sales: z.object({ today: z.array(amount), month: z.array(amount) }),
  waiting: z.array(z.object({ state: z.enum(orderProgressStates), count: z.number().int() })),
  top_products: z.array(
    z.object({
      product_id: z.string().nullable(),
      name: z.string(),
      units: z.number().int(),
      amount: z.number().int(),
      currency: z.string(),
    }),
  ),
  campaigns: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      visits: z.number().int(),
      purchases: z.number().int(),
      conversion: z.number().nullable(),
    }),
  ),
  commissions: z.object({
    currency: z.string().nullable(),
    /** What the shop owes resellers and promoters (pending and available), and what its store earned from others' products. */
    owed: z.number().int(),
    earned: z.number().int(),
  }),
  low_stock: z.array(z.object({ id: z.string(), name: z.string(), stock: z.number().int() })),
  chart: z.array(z.object({ date: z.string(), amount: z.number().int(), orders: z.number().int() })),
  chart_currency: z.string().nullable(),
});
export type DashboardView = z.infer<typeof dashboardView>;
