import { professionalRate } from "./plans";

/** How a product card shows its price (spec storefront-and-admin §2 'Product card'). */
export type PriceDisplay =
  | { kind: "free" }
  | { kind: "hidden" }
  | { kind: "price"; price: number; currency: string }
  | { kind: "offer"; price: number; regular: number; save: number; currency: string };

export interface PricedItem {
  list_price: number;
  crossout_price: number | null;
  currency: string;
  hide_price: boolean;
  is_free: boolean;
}

export function priceDisplay(item: PricedItem): PriceDisplay {
  if (item.hide_price) return { kind: "hidden" };
  if (item.is_free || item.list_price === 0) return { kind: "free" };
  if (item.crossout_price !== null && item.crossout_price > item.list_price) {
    return {
      kind: "offer",
      price: item.list_price,
      regular: item.crossout_price,
      save: item.crossout_price - item.list_price,
      currency: item.currency,
    };
  }
  return { kind: "price", price: item.list_price, currency: item.currency };
}

/** Unpublished or hidden items are shown faded and cannot be opened or bought. */
export function isInteractive(item: { list_state: string; hiden: boolean }): boolean {
  return item.list_state !== "unpublished" && item.list_state !== "hidden" && !item.hiden;
}

/** An experience whose date is past counts as concluded. */
export function isConcluded(item: { type: string; experience_date: string | null }, now: Date): boolean {
  return item.type === "experience" && item.experience_date !== null && new Date(item.experience_date) < now;
}

/** The plan commission rate of the spec (commerce-and-accounts §9): 0.5, the professional plan's (rules/plans.ts). */
export const planCommissionRate = professionalRate;

/** The 'public price' label is hidden for user level 0 (and for visitors, whose level is unknown). */
export function showsPublicPriceLabel(userLevel: number | null | undefined): boolean {
  return typeof userLevel === "number" && userLevel > 0;
}

/** Reseller earning = contribution_margin × plan commission rate, rounded to 2 decimals (whole minor units). */
export function resellerEarning(contributionMargin: number | null, rate: number | null = planCommissionRate): number | null {
  if (contributionMargin === null || rate === null) return null;
  const product = contributionMargin * rate;
  return Math.sign(product) * Math.round(Math.abs(product) + Number.EPSILON * 100);
}

interface ResaleItem {
  list_price: number;
  is_dropshipping: boolean;
  contribution_margin: number | null;
  list_state: string;
  hiden: boolean;
}

/**
 * The 'earn reselling' label: only when resale info is enabled, the product is dropshipping, a plan
 * commission rate exists and the product is not unpublished or hidden. Returns the earning or null.
 */
export function resaleEarningLabel(item: ResaleItem, options: { showResaleInfo: boolean; rate: number | null }): number | null {
  if (!options.showResaleInfo || !item.is_dropshipping || options.rate === null || !isInteractive(item)) return null;
  return resellerEarning(item.contribution_margin, options.rate);
}

/** Level one and two users see dropshipping items 'buy by' list price − margin × rate; null for everyone else. */
export function buyByPrice(
  item: ResaleItem,
  userLevel: number | null | undefined,
  rate: number | null = planCommissionRate,
): number | null {
  if ((userLevel !== 1 && userLevel !== 2) || !item.is_dropshipping) return null;
  const earning = resellerEarning(item.contribution_margin, rate);
  if (earning === null) return null;
  return Math.max(0, item.list_price - earning);
}
