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
    return { kind: "offer", price: item.list_price, regular: item.crossout_price, save: item.crossout_price - item.list_price, currency: item.currency };
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
