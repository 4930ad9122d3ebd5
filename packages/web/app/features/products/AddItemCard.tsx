import { renderedPart } from "../../lib/rendered-part";

/**
 * The first card of a shop's listing for its admin (storefront-and-admin §6): add an item of the listing's type
 * (AddItemLink.tsx; only its admins download it).
 */
export const AddItemCard = renderedPart("AddItemLink", "shop-admin", () => import("./AddItemLink").then((module) => module.AddItemLink));
