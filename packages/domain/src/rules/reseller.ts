/**
 * Who may put which item in a store (commerce-and-accounts §1, §4 'Picker and catalogues', §6, §8 'Adding product').
 * A store shows its own items; a reseller adds suppliers' dropshipping items (with a contribution margin) when the
 * supplier lets it (audience 'all', or 'approved' and its access request was approved); a franchise store also adds
 * its root supplier's items. Unpublished or hidden items and concluded experiences cannot be added.
 */

/** Whether a reseller may sell a supplier's dropshipping items. */
export const accessStates = ["open", "approved", "pending", "rejected", "none"] as const;
export type AccessState = (typeof accessStates)[number];

/** A supplier's choice of who may resell its dropshipping items. */
export const dropshippingAudiences = ["all", "approved"] as const;
export type DropshippingAudience = (typeof dropshippingAudiences)[number];

export type ProductTypeTitle = "picker_title_product" | "picker_title_service" | "picker_title_experience" | "picker_title_digital";

export interface ResaleCandidate {
  shopId: string;
  type: string;
  isDropshipping: boolean;
  contributionMargin: number | null;
  listState: string;
  hiden: boolean;
  experienceDate: Date | null;
}

export interface ResellerStore {
  id: string;
  /** For franchise (and affinity) stores: the supplier they belong to. */
  rootShopId: string | null;
}

/** Why an item may not be added, as a catalogue code with its status; null when it may. */
export type ResaleRefusal =
  | { code: "product_not_found"; status: 404 }
  | { code: "invalid_product"; status: 422 }
  | { code: "reseller_access_required"; status: 403 }
  | { code: "experience_concluded"; status: 422 };

/** The reseller's access to a supplier's dropshipping items, from the supplier's audience and its request's state. */
export function accessOf(audience: DropshippingAudience, requestState: "pending" | "approved" | "rejected" | null): AccessState {
  if (audience === "all") return "open";
  return requestState ?? "none";
}

export function mayResell(access: AccessState): boolean {
  return access === "open" || access === "approved";
}

export function resaleRefusal(item: ResaleCandidate, store: ResellerStore, access: AccessState, now: Date): ResaleRefusal | null {
  if (item.shopId === store.id) return null;
  if (item.listState !== "published" || item.hiden) return { code: "product_not_found", status: 404 };
  if (item.type === "experience" && item.experienceDate !== null && item.experienceDate < now)
    return { code: "experience_concluded", status: 422 };
  if (store.rootShopId !== null && item.shopId === store.rootShopId) return null;
  if (!item.isDropshipping || item.contributionMargin === null) return { code: "invalid_product", status: 422 };
  if (!mayResell(access)) return { code: "reseller_access_required", status: 403 };
  return null;
}

/** The picker's title by item type (§2: Products, Services, Experiences, Digital products). */
export function pickerTitle(type: string): ProductTypeTitle {
  if (type === "service") return "picker_title_service";
  if (type === "experience") return "picker_title_experience";
  if (type === "digital") return "picker_title_digital";
  return "picker_title_product";
}

/** Share of a bulk add done, 0–100 (a bulk add with nothing to add is complete). */
export function bulkAddPercent(progress: { total: number; processed: number }): number {
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.floor((progress.processed * 100) / progress.total));
}

/**
 * Franchise stores toggle 'Mis productos' (their own supplier's items: the root supplier's, or their own when they are
 * the franchise supplier) and 'Otros proveedores' (dropshipping suppliers).
 */
export function hasOwnSupplier(store: { storeType: string | null }): boolean {
  return store.storeType === "franchise";
}

/**
 * The reseller picker (commerce-and-accounts §2 'Reseller picker', §4 'Picker and catalogues', §9): page size 10,
 * check_at_least 1000, default sort contribution margin descending; categories 15 a page; suppliers 10 a page.
 */
export const pickerPageSize = 10;
export const pickerCheckAtLeast = 1000;
export const categoryPageSize = 15;
export const supplierPageSize = 10;
