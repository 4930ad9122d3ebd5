import { z } from "zod";
import { pageQuery } from "./common";

/** An alert's params as the API shows them (commerce-and-accounts §3 'Alert ... params'). */
export const alertParams = z.object({
  type: z.string().optional(),
  subtype: z.string().optional(),
  invoice: z.string().optional(),
  order: z.string().optional(),
  customer: z.string().optional(),
  supplier: z.string().optional(),
  dssupplier: z.string().optional(),
  checkout_aggregation: z.string().optional(),
  payment_token: z.string().optional(),
  contact_id: z.string().optional(),
  package_id: z.string().optional(),
  wallet_type_id: z.string().optional(),
  role: z.enum(["customer", "supplier", "dssupplier"]).optional(),
  shop: z.string().optional(),
});

export const alertView = z.object({
  id: z.string().uuid(),
  origin_app: z.string(),
  created_at: z.string(),
  /** 1 while the alert has not been opened, 0 once visited. */
  pending_visits: z.number().int(),
  visited: z.boolean(),
  /** The message in the request's locale (null when the alert carries none: the UI shows 'No message'). */
  message: z.string().nullable(),
  params: alertParams,
});
export type AlertView = z.infer<typeof alertView>;

/** Alerts load 10 at a time (commerce-and-accounts §9 'Alerts 10 more per click'). */
export const alertsQuery = pageQuery.extend({ limit: z.coerce.number().int().min(1).max(50).default(10) });

export const alertsPage = z.object({
  results: z.array(alertView),
  matches_estimated: z.number().int(),
  pending: z.number().int(),
});

export const alertsPendingView = z.object({ pending: z.number().int() });
