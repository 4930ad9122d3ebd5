/** The anonymous cart: {productId: quantity} in localStorage per shop (key tianguis_cart_{shopSlug}). */
export type LocalCart = Record<string, number>;

const key = (shopSlug: string) => `tianguis_cart_${shopSlug}`;

export function readLocalCart(shopSlug: string): LocalCart {
  if (typeof localStorage === "undefined") return {};
  try {
    const value = JSON.parse(localStorage.getItem(key(shopSlug)) ?? "{}") as LocalCart;
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

export function writeLocalCart(shopSlug: string, cart: LocalCart) {
  if (Object.keys(cart).length === 0) localStorage.removeItem(key(shopSlug));
  else localStorage.setItem(key(shopSlug), JSON.stringify(cart));
}

export function localItems(cart: LocalCart) {
  return Object.entries(cart)
    .filter(([, quantity]) => quantity > 0)
    .map(([product_id, quantity]) => ({ product_id, quantity }));
}
