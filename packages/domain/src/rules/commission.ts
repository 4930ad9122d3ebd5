/**
 * Commissions on dropshipping sales (commerce-and-accounts §6 'reseller earning', §9 'commission rate 0.5', 'earnings
 * decimals 2', 'return policy: 72 hours from receipt'). A paid line earns margin × quantity × the beneficiary's plan
 * commission rate, frozen when it is paid; the row then moves through the ledger states below.
 */
import { commissionRateOf, freePlanId } from "./plans";
import { isInteractive, planCommissionRate, resaleEarningLabel, resellerEarning } from "./price-display";

export const commissionStates = ["pending", "available", "paid", "reversed"] as const;
export type CommissionState = (typeof commissionStates)[number];

/**
 * reseller: the owner of the store the purchase was made in; promoter: the user whose referral code the purchase carries;
 * membership: the promoter a membership's buyer arrived with, on each paid period (15 %, rules/referral.ts).
 */
export const commissionSources = ["reseller", "promoter", "membership"] as const;
export type CommissionSource = (typeof commissionSources)[number];

const transitions: Record<CommissionState, readonly CommissionState[]> = {
  // Delivered and the return window passed, or the order was cancelled / fully refunded.
  pending: ["available", "reversed"],
  // The supplier paid it, or a refund arrived before it did.
  available: ["paid", "reversed"],
  paid: [],
  reversed: [],
};

export function canMoveCommission(from: CommissionState, to: CommissionState): boolean {
  return transitions[from].includes(to);
}

/** The states a refund or a cancellation can still take money back from (a paid commission has left the supplier). */
export const reversibleStates = commissionStates.filter((state) => canMoveCommission(state, "reversed"));

/** The return window after delivery (spec §9): a commission becomes available only once it has passed. */
export const RETURN_WINDOW_MS = 72 * 60 * 60 * 1000;

export function availableFrom(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + RETURN_WINDOW_MS);
}

/** The rate a beneficiary earns at: the commission rate of the beneficiary's current plan (rules/plans.ts). */
export function beneficiaryRate(planId: string | null = freePlanId): number | null {
  return commissionRateOf(planId);
}

/** margin × quantity × rate, in whole minor units (2 decimals), rounded half away from zero. */
export function commissionAmount(unitMargin: number, quantity: number, rate: number): number {
  return resellerEarning(unitMargin * quantity, rate) ?? 0;
}

export interface PurchaseParties {
  /** The shop the purchase was made in and its owner. */
  storeId: string;
  storeOwnerId: string;
  /** The order's supplier and its owner. */
  supplierId: string;
  supplierOwnerId: string;
  /** The customer, null for a guest. */
  buyerId: string | null;
  /** The user named by the purchase's referral code, when it names one. */
  promoterId: string | null;
}

export interface Beneficiary {
  userId: string;
  source: CommissionSource;
}

/**
 * Who earns an order's commissions. When the purchase was made in another shop than the supplier's, the reseller who
 * owns that shop sold it and earns it. Otherwise (bought in the supplier's own shop) the promoter whose referral code
 * the purchase carries earns it, unless the promoter is the buyer (no commission on one's own purchase); else nobody.
 * Nobody earns a commission from their own supplier shop (a franchise of one's own supplier owes itself nothing).
 */
export function beneficiaryOf(parties: PurchaseParties): Beneficiary | null {
  const beneficiary = candidateOf(parties);
  return beneficiary && beneficiary.userId !== parties.supplierOwnerId ? beneficiary : null;
}

function candidateOf(parties: PurchaseParties): Beneficiary | null {
  if (parties.storeId !== parties.supplierId) return { userId: parties.storeOwnerId, source: "reseller" };
  if (parties.promoterId && parties.promoterId !== parties.buyerId) return { userId: parties.promoterId, source: "promoter" };
  return null;
}

/**
 * How much of a commission a refund takes back: the same share of it as the refunded goods are of the order's goods,
 * from the cumulative refunded amount so that repeated or partial refunds never drift by rounding; never more than it.
 */
export function reversedShare(amount: number, refundedGoods: number, goodsTotal: number): number {
  if (goodsTotal <= 0 || refundedGoods >= goodsTotal) return amount;
  if (refundedGoods <= 0) return 0;
  return Math.min(amount, Math.round((amount * refundedGoods) / goodsTotal));
}

/** What a commission is worth now: its amount less what refunds took back (nothing once fully reversed). */
export function netAmount(row: { amount: number; reversed_amount: number; state: CommissionState }): number {
  return row.state === "reversed" ? 0 : row.amount - row.reversed_amount;
}

export const earningPeriods = ["day", "week", "month"] as const;
export type EarningPeriod = (typeof earningPeriods)[number];

/** How many buckets the earnings chart shows per period: two weeks of days, twelve weeks, twelve months. */
export const bucketCount: Record<EarningPeriod, number> = { day: 14, week: 12, month: 12 };

/** The start (UTC, ISO date) of the day, week (Monday) or month that holds `at`. */
export function bucketStart(at: Date, period: EarningPeriod): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (period === "month") day.setUTCDate(1);
  if (period === "week") day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The starts of the last `bucketCount[period]` buckets up to the one holding `now`, oldest first. */
export function bucketStarts(now: Date, period: EarningPeriod): string[] {
  const starts: string[] = [];
  let cursor = new Date(`${bucketStart(now, period)}T00:00:00Z`);
  for (let i = 0; i < bucketCount[period]; i += 1) {
    starts.unshift(cursor.toISOString().slice(0, 10));
    if (period === "day") cursor = new Date(cursor.getTime() - 86_400_000);
    else if (period === "week") cursor = new Date(cursor.getTime() - 7 * 86_400_000);
    else cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() - 1, 1));
  }
  return starts;
}

export interface EarningBucket {
  start: string;
  pending: number;
  available: number;
  paid: number;
  reversed: number;
}

/** Sums commissions into the chart's buckets by the day they were earned; rows outside the range are left out. */
export function bucketEarnings(
  rows: { created_at: Date; amount: number; reversed_amount: number; state: CommissionState }[],
  now: Date,
  period: EarningPeriod,
): EarningBucket[] {
  const buckets = bucketStarts(now, period).map((start) => ({ start, pending: 0, available: 0, paid: 0, reversed: 0 }));
  const byStart = new Map(buckets.map((bucket) => [bucket.start, bucket]));
  for (const row of rows) {
    const bucket = byStart.get(bucketStart(row.created_at, period));
    if (!bucket) continue;
    if (row.state === "reversed") bucket.reversed += row.amount;
    else {
      bucket[row.state] += row.amount - row.reversed_amount;
      bucket.reversed += row.reversed_amount;
    }
  }
  return buckets;
}

interface ResaleNoteItem {
  list_price: number;
  is_dropshipping: boolean;
  contribution_margin: number | null;
  list_state: string;
  hiden: boolean;
}

/**
 * What a product page tells a signed-in user about reselling it (spec §6 'User levels'): the earn-reselling label
 * (levels 1 and 2, resale info on, same conditions as the cards), and for everyone signed in but level 2 the premium
 * plan upsell with the commission the professional plan would earn (margin × its rate). Visitors get neither.
 */
export function resaleNote(
  item: ResaleNoteItem,
  viewer: { userLevel: number | null; showResaleInfo: boolean },
): { earning: number | null; upsell: number | null } {
  if (viewer.userLevel === null) return { earning: null, upsell: null };
  const earning =
    viewer.userLevel > 0 ? resaleEarningLabel(item, { showResaleInfo: viewer.showResaleInfo, rate: planCommissionRate }) : null;
  const sellable = item.is_dropshipping && isInteractive(item) && (item.contribution_margin ?? 0) > 0;
  const upsell = viewer.userLevel !== 2 && sellable ? resellerEarning(item.contribution_margin, planCommissionRate) : null;
  return { earning, upsell };
}
