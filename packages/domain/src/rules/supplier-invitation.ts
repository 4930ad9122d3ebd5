import { barRoles } from "./admin-modules";

/**
 * The invitation banners of a shop's storefront (commerce-and-accounts §2 'Supplier-invitation banners', storefront-and-
 * admin §2, §6 'Supplier-invitation banner hidden when flag hides it'): '¿Quieres ser proveedor de {shop}?' leads to
 * the shop's supplier landing (default /proveedores), and the affiliate one to its affiliate landing (default
 * /emprendedores). The spec's supplier variant for one shop slug is, here, any shop's own supplier text
 * (dssupplier_banner) in place of the default sentence. The owner hides either with its flag.
 */

export const defaultSupplierLanding = "/proveedores";
export const defaultAffiliateLanding = "/emprendedores";

export interface InvitingShop {
  permissions: readonly string[];
  affiliate_landing: string | null;
  dssupplier_landing: string | null;
  hidden_affiliate_banner: boolean;
  hidden_dssupplier_banner: boolean;
  dssupplier_banner: string | null;
}

export type Invitation = { kind: "supplier"; landing: string; text: string | null } | { kind: "affiliate"; landing: string };

/** A landing is a path of the marketplace; anything else falls back to the default. */
const landingOr = (landing: string | null, fallback: string) => (landing && /^\/(?!\/)/.test(landing) ? landing : fallback);

/**
 * The banners a visitor of the shop sees, supplier first. Nobody who works in the shop is invited to it. The supplier
 * invitation is for everyone else (anonymous visitors too); the affiliate one for those without a store of their own
 * yet (anonymous, level 0 and level 1: an entrepreneur with a store already resells).
 */
export function invitationsFor(shop: InvitingShop, userLevel: number | null): Invitation[] {
  if (shop.permissions.some((role) => (barRoles as readonly string[]).includes(role))) return [];
  const invitations: Invitation[] = [];
  if (!shop.hidden_dssupplier_banner) {
    const text = shop.dssupplier_banner?.trim() || null;
    invitations.push({ kind: "supplier", landing: landingOr(shop.dssupplier_landing, defaultSupplierLanding), text });
  }
  if (!shop.hidden_affiliate_banner && (userLevel === null || userLevel <= 1))
    invitations.push({ kind: "affiliate", landing: landingOr(shop.affiliate_landing, defaultAffiliateLanding) });
  return invitations;
}
