import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconShoppingCartPlus } from "@tabler/icons-react";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useT } from "../../lib/i18n";

/** Adds one unit of the item to this store's local cart (anonymous carts live in localStorage per store). */
export function AddToCartButton({ product, shopSlug }: { product: ProductView; shopSlug: string }) {
  const t = useT();
  const add = () => {
    const key = `tianguis_cart_${shopSlug}`;
    const cart = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, number>;
    cart[product.id] = (cart[product.id] ?? 0) + 1;
    localStorage.setItem(key, JSON.stringify(cart));
    notifications.show({ color: "teal", message: t("added_to_cart") });
  };
  return (
    <Button size="md" leftSection={<IconShoppingCartPlus size={20} />} onClick={add}>
      {t("add_to_cart")}
    </Button>
  );
}
