import { ActionIcon, Drawer, Indicator } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconShoppingCart } from "@tabler/icons-react";
import { useT } from "../../lib/i18n";
import { shopColorVariables } from "../../ui/shop-color";
import { useShop } from "../../lib/useShop";
import { CartContent } from "./CartContent";
import { closeDrawer, countItems, openDrawer } from "./cart-store";
import { useCart } from "./useCart";

/** Top-bar cart button with the item count; opens the cart drawer (right side), which also opens when the count rises. */
export function CartButton({ basePath: _basePath, count }: { basePath: string; count?: number }) {
  const t = useT();
  const { cart, drawerOpen } = useCart();
  const units = count ?? countItems(cart);
  const phone = useMediaQuery("(max-width: 36em)");
  // The drawer renders in a portal, outside the storefront frame: give it the shop's colour too.
  const color = useShop()?.shop.store_theme_info.color1;
  return (
    <>
      <Indicator label={units} size={16} disabled={units === 0} offset={4}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={units > 0 ? `${t("cart")} (${units})` : t("cart")}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={openDrawer}
        >
          <IconShoppingCart size={22} />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={drawerOpen}
        onClose={closeDrawer}
        position="right"
        title={t("cart")}
        size={phone ? "100%" : "md"}
        padding="md"
        style={color ? shopColorVariables(color) : undefined}
      >
        <CartContent onNavigate={closeDrawer} />
      </Drawer>
    </>
  );
}
