/** What the shop's listing and detail pages decide about items, without the product form's zod schema. */

/** What a product's detail page says about buying it: out of stock, temporarily unavailable, or nothing. */
export type SaleState = "available" | "out_of_stock" | "unavailable_for_sale";

export function saleState(
  item: { list_state: string; hiden: boolean; sold_out: boolean; type: string; experience_date: string | null },
  now: Date,
): SaleState {
  if (item.list_state !== "published" || item.hiden) return "unavailable_for_sale";
  if (item.type === "experience" && item.experience_date !== null && new Date(item.experience_date) < now) return "unavailable_for_sale";
  if (item.sold_out) return "out_of_stock";
  return "available";
}

/** Page sizes of the spec (§2, §9): the product listing 30; other store lists 36; services 18. */
export function listingPageSize(type: string): number {
  if (type === "product") return 30;
  if (type === "service") return 18;
  return 36;
}

export const listingSorts = ["queue_position", "-list_price", "list_price"] as const;
export type ListingSortKey = (typeof listingSorts)[number];
