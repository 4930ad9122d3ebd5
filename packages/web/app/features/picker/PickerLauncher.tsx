import { renderedPart } from "../../lib/rendered-part";

/** Stores that resell suppliers' items (storefront-and-admin §1: affiliate, affinity and franchise stores) open the picker. */
export function isResellerStore(shop: { store_type: string | null }): boolean {
  return shop.store_type !== null;
}

/**
 * A reseller store's first listing card for its admin: instead of creating an item, add suppliers' items
 * (PickerTriggers.tsx; only its admins download it).
 */
export const PickerCard = renderedPart("PickerCardButton", "shop-admin", () =>
  import("./PickerTriggers").then((module) => module.PickerCardButton),
);

/** The catalogue page's button: the picker adds to the store and to this catalogue (PickerTriggers.tsx). */
export const PickerButton = renderedPart("PickerCatalogueButton", "shop-admin", () =>
  import("./PickerTriggers").then((module) => module.PickerCatalogueButton),
);
