import { Button } from "@mantine/core";
import { IconShoppingCartPlus } from "@tabler/icons-react";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useState } from "react";
import { ApiRequestError } from "../../lib/api/client";
import { messageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { notifyWarning } from "../../ui/notify";
import { addOne } from "./cart-store";
import { useCart } from "./useCart";

/** Adds one unit to this shop's cart (server cart when signed in, localStorage otherwise); the drawer then opens. */
export function AddToCartButton({ product, shopSlug }: { product: ProductView; shopSlug: string }) {
  const t = useT();
  const { signedIn } = useCart(shopSlug);
  const [busy, setBusy] = useState(false);
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
  return (
    <Button size="md" leftSection={<IconShoppingCartPlus size={20} />} onClick={add} loading={busy}>
      {t("add_to_cart")}
    </Button>
  );
}
