import { CART_PANEL_RESET_MS } from "@tianguis/domain/rules/storefront-chrome";
import { cartApi } from "@tianguis/domain/routes/cart";
import type { CartView } from "@tianguis/domain/schemas/cart";
import { useSyncExternalStore } from "react";
import { api } from "../../lib/api/client";
import { type LocalCart, localItems, readLocalCart, writeLocalCart } from "./local-cart";

/**
 * One cart per shop, shared by the top-bar button, the drawer, the cart page and the add buttons.
 * Signed-in carts live on the server; anonymous carts in localStorage, priced by POST cart/quote.
 */
export interface CartState {
  cart: CartView;
  loaded: boolean;
  busy: boolean;
  drawerOpen: boolean;
}

const emptyCart: CartView = { orders: [], total_products: 0, total_amount: 0 };

let state: CartState = { cart: emptyCart, loaded: false, busy: false, drawerOpen: false };
let loadedFor = "";
const listeners = new Set<() => void>();

function set(patch: Partial<CartState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useCartState(): CartState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

// Closing the panel resets its request state after CART_PANEL_RESET_MS (commerce-and-accounts L110): the next opening
// asks the server for a signed-in user's orders again (another tab or device may have changed them).
let resetTimer: ReturnType<typeof setTimeout> | undefined;
let requestReset = false;

export const openDrawer = () => {
  clearTimeout(resetTimer);
  set({ drawerOpen: true });
};
export const closeDrawer = () => {
  set({ drawerOpen: false });
  clearTimeout(resetTimer);
  resetTimer = setTimeout(() => {
    if (!state.drawerOpen) requestReset = true;
  }, CART_PANEL_RESET_MS);
};

/** On opening the panel: a signed-in user's orders load again once the last closing has reset the request state. */
export async function reloadOnOpen(shopSlug: string, userId: string | null) {
  if (!requestReset || !userId || !shopSlug) return;
  requestReset = false;
  await loadCart(shopSlug, userId, true);
}

const shopParams = (shopSlug: string) => ({ slug: shopSlug });

async function quote(shopSlug: string, local: LocalCart): Promise<CartView> {
  const items = localItems(local);
  if (items.length === 0) return emptyCart;
  return api(cartApi.quote, { params: shopParams(shopSlug), body: { items } });
}

/** Loads the cart once per (shop, user); a signed-in user's local cart is merged into the server cart, then cleared. */
export async function loadCart(shopSlug: string, userId: string | null, force = false) {
  const key = `${shopSlug}:${userId ?? ""}`;
  if (!force && loadedFor === key) return;
  loadedFor = key;
  set({ busy: true, ...(force ? {} : { loaded: false }) });
  try {
    let cart: CartView;
    if (userId) {
      const local = readLocalCart(shopSlug);
      const items = localItems(local);
      if (items.length > 0) {
        cart = await api(cartApi.merge, { params: shopParams(shopSlug), body: { items } });
        writeLocalCart(shopSlug, {});
      } else {
        cart = await api(cartApi.get, { params: shopParams(shopSlug) });
      }
    } else {
      cart = await quote(shopSlug, readLocalCart(shopSlug));
    }
    if (loadedFor === key) set({ cart, loaded: true });
  } catch {
    if (loadedFor === key) set({ cart: emptyCart, loaded: true });
  } finally {
    set({ busy: false });
  }
}

/** Sets one line's quantity (server cart or local cart); throws the API's 422 (quantityExceeded, maxPurchaseAmountExceeded). */
export async function setQuantity(shopSlug: string, signedIn: boolean, productId: string, quantity: number) {
  set({ busy: true });
  try {
    if (signedIn) {
      set({ cart: await api(cartApi.setQuantity, { params: shopParams(shopSlug), body: { product_id: productId, quantity } }) });
    } else {
      const local = readLocalCart(shopSlug);
      const next = { ...local, [productId]: quantity };
      const cart = await quote(shopSlug, next);
      writeLocalCart(shopSlug, next);
      set({ cart });
    }
  } finally {
    set({ busy: false });
  }
}

export async function removeItem(shopSlug: string, signedIn: boolean, productId: string) {
  set({ busy: true });
  try {
    if (signedIn) {
      set({ cart: await api(cartApi.remove, { params: { slug: shopSlug, productId } }) });
    } else {
      const local = { ...readLocalCart(shopSlug) };
      delete local[productId];
      writeLocalCart(shopSlug, local);
      set({ cart: await quote(shopSlug, local) });
    }
  } finally {
    set({ busy: false });
  }
}

/** Quantity of a product already in the cart (0 when absent). */
export function quantityInCart(productId: string): number {
  for (const order of state.cart.orders) {
    const line = order.products.find((product) => product.product_id === productId);
    if (line) return line.quantity;
  }
  return 0;
}

/** Adds one unit; when the item count rises the drawer opens. */
export async function addOne(shopSlug: string, signedIn: boolean, productId: string) {
  const before = countItems(state.cart);
  const current = signedIn ? quantityInCart(productId) : (readLocalCart(shopSlug)[productId] ?? 0);
  await setQuantity(shopSlug, signedIn, productId, current + 1);
  if (countItems(state.cart) > before) openDrawer();
}

/** After a purchase is paid (or reserved for an offline payment) the cart is empty. */
export function forgetCart(shopSlug: string) {
  writeLocalCart(shopSlug, {});
  set({ cart: emptyCart, loaded: true });
}

/** Units in the cart (the badge count). */
export function countItems(cart: CartView): number {
  return cart.orders.reduce((sum, order) => sum + order.products.reduce((units, product) => units + product.quantity, 0), 0);
}
