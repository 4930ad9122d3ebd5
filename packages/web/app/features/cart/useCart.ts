import { useEffect } from "react";
import { useUser } from "../../lib/user";
import { useShop } from "../../lib/useShop";
import { loadCart, useCartState } from "./cart-store";

/** The current shop's cart, loaded after hydration (and re-loaded when the user signs in or out). */
export function useCart(shopSlugOverride?: string) {
  const shop = useShop();
  const user = useUser();
  const shopSlug = shopSlugOverride ?? shop?.shop.slug ?? "";
  const userId = user?.id ?? null;
  const state = useCartState();
  useEffect(() => {
    // An empty id: a page shared with the visitor's audience whose person is still loading (lib/user.ts).
    if (shopSlug && userId !== "") void loadCart(shopSlug, userId);
  }, [shopSlug, userId]);
  return { ...state, shopSlug, signedIn: userId !== null, basePath: shop?.basePath ?? "" };
}
