import { IconShoppingCartPlus } from "@tabler/icons-react";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useState } from "react";
import { ApiRequestError } from "../../lib/api/client";
import { messageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { intentToOpen } from "../../lib/lazy-part";
import { useShop } from "../../lib/useShop";
import { notifyWarning } from "../../ui/notify";
import { PlainButton } from "../../ui/PlainButton";
import classes from "./AddToCartButton.module.css";
import { CartDrawer } from "./CartButton";
import { addOne } from "./cart-store";
import { useCart } from "./useCart";

/** Adds one unit to this shop's cart (server cart when signed in, localStorage otherwise); the drawer then opens. */
export function AddToCartButton({ product, shopSlug }: { product: ProductView; shopSlug: string }) {
  const t = useT();
  const { signedIn } = useCart(shopSlug);
  const [busy, setBusy] = useState(false);
  // A shop the platform disabled sells nothing (the server refuses too, with shop_disabled).
  const disabledShop = useShop()?.shop.disabled === true;
  const add = async () => {
    setBusy(true);
    try {
      await addOne(shopSlug, signedIn, product.id);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        const details = (error.body as { details?: { max?: number } }).details;
        notifyWarning(
          t("purchase_order_warning"),
          details?.max !== undefined ? t(messageCode(error.body.code), { max: details.max }) : error.body.message,
          5000,
        );
      }
    } finally {
      setBusy(false);
    }
  };
  if (disabledShop) {
    return (
      <div className={classes.disabled}>
        <PlainButton size="md" leftSection={<IconShoppingCartPlus size={20} />} disabled aria-describedby="add-to-cart-disabled">
          {t("add_to_cart")}
        </PlainButton>
        <p className={classes.reason} id="add-to-cart-disabled">
          {t("shop_disabled_cart")}
        </p>
      </div>
    );
  }
  return (
    // The drawer opens once the item is in: its code downloads as the visitor reaches for the button.
    <PlainButton size="md" leftSection={<IconShoppingCartPlus size={20} />} onClick={add} loading={busy} {...intentToOpen(CartDrawer)}>
      {t("add_to_cart")}
    </PlainButton>
  );
}
