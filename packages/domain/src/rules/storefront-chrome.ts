/**
 * Storefront frame rules (storefront-and-admin §1, §2): footer categories, contact and messaging buttons,
 * office hours.
 */

/** The footer shows at most 5 categories, with a 'see more' link when there are more than 3. */
export function footerCategories<T>(categories: readonly T[]): { shown: T[]; seeMore: boolean } {
  return { shown: categories.slice(0, 5), seeMore: categories.length > 3 };
}

interface ContactShop {
  live_chat_license: string | null;
  whatsapp_country_code: string | null;
  whatsapp_phone: string | null;
  store_type: string | null;
}

/** Contact modal and chat button when a live chat licence or a WhatsApp phone exists; franchise stores hide chat on admin routes. */
export function showsContactButton(shop: ContactShop, pathAfterBase: string): boolean {
  if (shop.store_type === "franchise" && /^\/admin(\/|$)/.test(pathAfterBase)) return false;
  return !!shop.live_chat_license || !!shop.whatsapp_phone;
}

/** The messaging (WhatsApp) button: only on the root, productos, servicios, franquicias, blog list and blog detail paths, with country code and phone. */
export function showsMessagingButton(shop: ContactShop, pathAfterBase: string): boolean {
  if (!shop.whatsapp_country_code || !shop.whatsapp_phone) return false;
  const path = pathAfterBase.replace(/\/$/, "") || "/";
  // The blog's writing page (/blogs/crear) is neither its list nor an entry.
  const isBlogPage = /^\/blogs(\/[^/]+)?$/.test(path) && path !== "/blogs/crear";
  return path === "/" || /^\/(productos|servicios|franquicias)$/.test(path) || isBlogPage;
}

/** The office-hours message (§1): attended from 9am to 6pm. */
export const officeHours = { opens: 9, closes: 18 } as const;

export function isOfficeOpen(hour: number): boolean {
  return hour >= officeHours.opens && hour < officeHours.closes;
}

/** Cart panel (commerce-and-accounts L110, L230): closing it resets its request state after this long. */
export const CART_PANEL_RESET_MS = 500;

/** The cart button is inactive during checkout (storefront-and-admin L138): the 'comprar' and 'comprar-articulo' paths. */
export function cartButtonActive(pathAfterBase: string): boolean {
  return !/^\/comprar(-articulo)?(\/|$)/.test(pathAfterBase);
}
