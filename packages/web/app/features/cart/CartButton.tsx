import { ActionIcon, Indicator } from "@mantine/core";
import { IconShoppingCart } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";

/** Top-bar cart button: links to the shop's cart path (carrito). */
export function CartButton({ basePath, count = 0 }: { basePath: string; count?: number }) {
  const t = useT();
  return (
    <Indicator label={count} size={16} disabled={count === 0} offset={4}>
      <ActionIcon component={Link} to={shopHref(basePath, "/carrito")} variant="subtle" size="lg" aria-label={t("cart")}>
        <IconShoppingCart size={22} />
      </ActionIcon>
    </Indicator>
  );
}
