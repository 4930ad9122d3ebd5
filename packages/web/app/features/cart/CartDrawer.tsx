import { Drawer } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useT } from "../../lib/i18n";
import { useShop } from "../../lib/useShop";
import { useOpenedAfterMount } from "../../lib/lazy-part";
import { shopColorVariables } from "../../ui/shop-color";
import { CartContent } from "./CartContent";
import { useEffect } from "react";
import { useUser } from "../../lib/user";
import { closeDrawer, reloadOnOpen } from "./cart-store";

/** The cart drawer (right side, the whole screen on a phone), loaded with the cart's contents on its first opening. */
export function CartDrawer({ opened }: { opened: boolean }) {
  const t = useT();
  // It renders in the browser only, so the screen's width is known at once.
  const phone = useMediaQuery("(max-width: 36em)", undefined, { getInitialValueInEffect: false });
  // The drawer renders in a portal, outside the storefront frame: give it the shop's colour too.
  const shop = useShop();
  const color = shop?.shop.store_theme_info.color1;
  const userId = useUser()?.id || null;
  const shopSlug = shop?.shop.slug ?? "";
  useEffect(() => {
    if (opened) void reloadOnOpen(shopSlug, userId);
  }, [opened, shopSlug, userId]);
  return (
    <Drawer
      opened={useOpenedAfterMount(opened)}
      onClose={closeDrawer}
      position="right"
      title={t("cart")}
      size={phone ? "100%" : "md"}
      padding="md"
      style={color ? shopColorVariables(color) : undefined}
    >
      <CartContent onNavigate={closeDrawer} />
    </Drawer>
  );
}
