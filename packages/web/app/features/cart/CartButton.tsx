import { IconShoppingCart } from "@tabler/icons-react";
import { cartButtonActive } from "@tianguis/domain/rules/storefront-chrome";
import { useLocation } from "react-router";
import { useT } from "../../lib/i18n";
import { intentToOpen, lazyPart, useOpenedOnce } from "../../lib/lazy-part";
import { PlainIconButton } from "../../ui/PlainButton";
import classes from "./CartButton.module.css";
import { countItems, openDrawer } from "./cart-store";
import { useCart } from "./useCart";

// The drawer and the cart's contents download when the visitor reaches for the cart or adds to it, not with every shop
// page (issue 16).
export const CartDrawer = lazyPart(() => import("./CartDrawer").then((module) => module.CartDrawer));

/** Top-bar cart button with the item count; opens the cart drawer (right side), which also opens when the count rises. */
export function CartButton({ basePath, count }: { basePath: string; count?: number }) {
  const t = useT();
  // Inactive during checkout (storefront-and-admin L138).
  const active = cartButtonActive(useLocation().pathname.slice(basePath.length) || "/");
  const { cart, drawerOpen } = useCart();
  const units = count ?? countItems(cart);
  const drawerOpenedOnce = useOpenedOnce(drawerOpen);
  return (
    <>
      {/* Mantine's Indicator as plain markup (issue 16): its module stays off a shop's first visit. */}
      <div className={classes.root}>
        {units > 0 && <div className={classes.count}>{units}</div>}
        <PlainIconButton
          variant="subtle"
          size="lg"
          aria-label={units > 0 ? `${t("cart")} (${units})` : t("cart")}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={openDrawer}
          disabled={!active}
          {...intentToOpen(CartDrawer)}
        >
          <IconShoppingCart size={22} />
        </PlainIconButton>
      </div>
      {drawerOpenedOnce && <CartDrawer opened={drawerOpen} />}
    </>
  );
}
