import { Container, Title } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { CartContent } from "../features/cart/CartContent";
import { localeOf } from "../features/shop/shop-meta";
import { useT } from "../lib/i18n";
import { requireShop } from "../lib/shop.server";
import type { Route } from "./+types/shop-cart";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { shop } = await requireShop(context, params);
  return { shopName: shop.name };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? [{ title: `${data.shopName} · ${translate(localeOf(matches), "cart")}` }] : [];

export default function ShopCartRoute() {
  const t = useT();
  return (
    <Container size="sm" py="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }} mb="md">
        {t("cart")}
      </Title>
      <CartContent />
    </Container>
  );
}
