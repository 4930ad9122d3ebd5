/** Store slugs, roles, photos and header buttons, without the shop's zod schemas (schemas/shop.ts builds those). */

/** Store slugs: letters, digits, underscore and hyphen only ('Invalid slug'). */
export const slugPattern = /^[A-Za-z0-9_-]+$/;

export const photoDisplays = ["bdr_cir", "cir", "bdr_sq", "sq", "bdr_rec", "rec"] as const;
export const headerActionTypes = ["none", "url", "product", "signup"] as const;
export const buttonLabels = ["signup", "signupnow", "signupfree", "startnow", "buynow", "more"] as const;

/** The roles a person may hold in a shop (its owner and collaborators). */
export const shopRoles = ["admin", "accountant", "dispatcher", "qrreader"] as const;
export type ShopRole = (typeof shopRoles)[number];

/** Shop photo: one file, jpg/jpeg/png/svg, at most 4,000,000 bytes; header background uses the same upload limit. */
export const shopPhotoMaxBytes = 4_000_000;
export const uploadLimitMb = Math.round(shopPhotoMaxBytes / 1_000_000);

/** Wide photos: bdr_rec or rec. */
export function isWidePhoto(display: string | null | undefined): boolean {
  return display === "bdr_rec" || display === "rec";
}
