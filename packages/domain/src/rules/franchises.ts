/**
 * Franchises and affinity stores (commerce-and-accounts §1, §2 'Franchise modal', §4 'Franchise in a shop', §6, §9):
 * a franchise shop lists other franchise and affinity stores in its own store; visitors see them at {base}/franquicias.
 */

/** The store types a franchise shop may list (storefront-and-admin §3 store_type). */
export const franchiseStoreTypes = ["franchise", "affinity"] as const;
export type FranchiseStoreType = (typeof franchiseStoreTypes)[number];

/** Page sizes (§9): the modal loads 2 at a time inside a 250 px list; the admin list 10; the public list 30. */
export const franchiseModalPageSize = 2;
export const franchiseModalListHeight = 250;
export const franchiseAdminPageSize = 10;
export const franchisePublicPageSize = 30;
/** Removal waits this long with an undo before the request is sent (§9 undo delays). */
export const franchiseUndoMs = 5000;

/** Only franchise shops add franchise and affinity stores to their store (§1, §6). */
export function mayListFranchises(shop: { store_type: string | null }): boolean {
  return shop.store_type === "franchise";
}

/** A store visitors may reach: enabled and not a proxy (the admin list also shows the others, §6). */
export function isPublicStore(store: { disabled: boolean; is_proxy: boolean }): boolean {
  return !store.disabled && !store.is_proxy;
}

export interface FranchiseCandidate {
  id: string;
  store_type: string | null;
  disabled: boolean;
  is_proxy: boolean;
  /** The root store of an affinity group the candidate already belongs to, if any. */
  root_shop_id: string | null;
}

/**
 * Why a store cannot be added to `shop`'s franchises, or null when it can: it must be a published (public) franchise or
 * affinity store other than the shop itself, and a store already in another root store's affinity group stays with
 * its root (only that root may list it). The published-stores query applies the same conditions in SQL.
 */
export function franchiseRefusal(candidate: FranchiseCandidate, shop: { id: string }): "franchise_not_available" | null {
  if (candidate.id === shop.id) return "franchise_not_available";
  if (!(franchiseStoreTypes as readonly string[]).includes(candidate.store_type ?? "")) return "franchise_not_available";
  if (!isPublicStore(candidate)) return "franchise_not_available";
  if (candidate.root_shop_id !== null && candidate.root_shop_id !== shop.id) return "franchise_not_available";
  return null;
}

/** Where a listed store's link goes: its canonical URL when it has one, else its path on the platform. */
export function franchiseUrl(store: { slug: string; canonical_url: string | null }): string {
  return store.canonical_url?.trim() || `/tienda/${store.slug}`;
}

/** Visitors see the 'Franquicias' link only when the shop lists a public store; its admins always (to manage it). */
export function showsFranchisesLink(shop: { has_franchises?: boolean }, viewer: { isAdmin: boolean }): boolean {
  return viewer.isAdmin || shop.has_franchises !== false;
}
