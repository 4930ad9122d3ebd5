import { shopHref } from "@tianguis/domain/rules/shop-resolution";

/** A purchase's detail page under a shop base path ('' outside a shop), with a guest's access token when there is one. */
export function purchaseHref(basePath: string, checkoutId: string, token?: string | null): string {
  const path = shopHref(basePath, `/mis-compras/${checkoutId}`);
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

/** Where an unpaid purchase is paid: the checkout page of its shop (`shopBase` is that shop's base path). */
export function payPurchaseHref(shopBase: string, checkoutId: string, token: string): string {
  return `${shopHref(shopBase, "/comprar")}?checkout=${checkoutId}&token=${encodeURIComponent(token)}`;
}
