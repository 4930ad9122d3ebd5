import { z } from "zod";
import { commissionSources, commissionStates, earningPeriods } from "../rules/commission";
import { pageQuery } from "./common";

/** One commission as its beneficiary sees it: the order and product it came from, what it is worth, where it stands. */
export const commissionView = z.object({
  id: z.string().uuid(),
  /** Null for a membership's commission (source 'membership'): it comes from a paid period, not an order. */
  order_id: z.string().uuid().nullable(),
  order_number: z.number().int().nullable(),
  product_id: z.string().uuid().nullable(),
  product_name: z.string(),
  product_photo: z.string().nullable(),
  quantity: z.number().int(),
  /** Frozen when the purchase was paid: amount = unit_margin × quantity × rate, 2 decimals (minor units). */
  unit_margin: z.number().int(),
  rate: z.number(),
  amount: z.number().int(),
  reversed_amount: z.number().int(),
  /** What it is worth now: amount − reversed_amount, 0 once reversed. */
  net_amount: z.number().int(),
  currency: z.string(),
  state: z.enum(commissionStates),
  source: z.enum(commissionSources),
  store_name: z.string(),
  supplier_name: z.string(),
  created_at: z.string(),
  available_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  reversed_at: z.string().nullable(),
});
export type CommissionView = z.infer<typeof commissionView>;

/** The beneficiary's commissions come 10 per page (spec §9 'default table 10'). */
export const COMMISSIONS_PAGE_SIZE = 10;

export const commissionListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  state: z.enum(commissionStates).optional(),
});
export type CommissionListQuery = z.infer<typeof commissionListQuery>;

const totals = z.object({
  pending: z.number().int(),
  available: z.number().int(),
  paid: z.number().int(),
  reversed: z.number().int(),
});

export const earningsQuery = z.object({
  period: z.enum(earningPeriods).default("week"),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "validation_failed")
    .optional(),
});
export type EarningsQuery = z.infer<typeof earningsQuery>;

/** The beneficiary's earnings in one currency: totals per state and the chart's buckets for the period. */
export const earningsSummary = z.object({
  currency: z.string(),
  /** Every currency the beneficiary has commissions in (usually one). */
  currencies: z.array(z.string()),
  count: z.number().int(),
  totals,
  period: z.enum(earningPeriods),
  buckets: z.array(totals.extend({ start: z.string() })),
});
export type EarningsSummary = z.infer<typeof earningsSummary>;

/** What a supplier owes one beneficiary in one currency. */
export const owedToBeneficiary = z.object({
  beneficiary_id: z.string().uuid(),
  beneficiary_name: z.string(),
  /** The reseller's store name(s) the sales came from, or empty for a promoter. */
  stores: z.array(z.string()),
  currency: z.string(),
  /** Owed now: delivered and past the return window. */
  available: z.number().int(),
  available_count: z.number().int(),
  /** Not yet owed: waiting for delivery and the return window. */
  pending: z.number().int(),
  paid: z.number().int(),
});
export type OwedToBeneficiary = z.infer<typeof owedToBeneficiary>;

export const markCommissionsPaidBody = z.object({
  beneficiary_id: z.string().uuid(),
  currency: z.string().regex(/^[A-Z]{3}$/, "validation_failed"),
  /** The available total the supplier saw: if it changed meanwhile nothing is marked (commission_total_changed). */
  expected_amount: z.number().int().min(0),
});
export type MarkCommissionsPaidBody = z.infer<typeof markCommissionsPaidBody>;

export const markCommissionsPaidResult = z.object({ count: z.number().int(), amount: z.number().int(), currency: z.string() });

/** An order's commissions as its supplier sees them: what it owes per line and in total. */
export const orderCommissions = z.object({
  lines: z.array(
    z.object({
      order_item_id: z.string().uuid(),
      product_name: z.string(),
      quantity: z.number().int(),
      beneficiary_name: z.string(),
      source: z.enum(commissionSources),
      amount: z.number().int(),
      net_amount: z.number().int(),
      state: z.enum(commissionStates),
    }),
  ),
  currency: z.string().nullable(),
  /** Pending and available commissions not yet paid. */
  total_owed: z.number().int(),
});
export type OrderCommissions = z.infer<typeof orderCommissions>;
