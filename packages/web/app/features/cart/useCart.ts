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
    if (shopSlug) void loadCart(shopSlug, userId ? String(userId) : null);
  }, [shopSlug, userId]);
  return { ...state, shopSlug, signedIn: userId !== null, basePath: shop?.basePath ?? "" };
}
