import { Container, Title } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { redirect } from "react-router";
import { CheckoutFlow } from "../features/checkout/CheckoutFlow";
import { loadCheckoutFromUrl } from "../features/checkout/checkout.server";
import { localeOf } from "../features/shop/shop-meta";
import { useT } from "../lib/i18n";
import { requireShop } from "../lib/shop.server";
import type { Route } from "./+types/shop-checkout";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { shop, basePath } = await requireShop(context, params);
  const url = new URL(request.url);
  const initial = await loadCheckoutFromUrl(context, url);
  // A paid purchase has nothing left to do here: its paid page, named the same way (id and token, or public link).
  if (initial?.state === "paid") throw redirect(`${shopHref(basePath, "/pagado")}${url.search}`);
  return {
    shopName: shop.name,
    shopSlug: shop.slug,
    basePath,
    initial,
    shared: url.searchParams.has("compartido"),
    canceled: url.searchParams.get("code") === "2",
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? [{ title: `${data.shopName} · ${translate(localeOf(matches), "checkout_title")}` }] : [];

export default function ShopCheckoutRoute({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <Container size="sm" py="lg">
      <Title order={1} fz="h2" mb="md">
        {t("checkout_title")}
      </Title>
      <CheckoutFlow
        shopSlug={loaderData.shopSlug}
        basePath={loaderData.basePath}
        initial={loaderData.initial}
        shared={loaderData.shared}
        canceled={loaderData.canceled}
      />
    </Container>
  );
}
