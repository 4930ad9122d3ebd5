import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { PaidSummary } from "../features/checkout/PaidSummary";
import { loadCheckoutFromUrl, settleRedirectReturn } from "../features/checkout/checkout.server";
import { localeOf } from "../features/shop/shop-meta";
import { requireShop } from "../lib/shop.server";
import type { Route } from "./+types/shop-paid";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { shop, basePath } = await requireShop(context, params);
  const url = new URL(request.url);
  await settleRedirectReturn(context, url);
  const checkout = await loadCheckoutFromUrl(context, url);
  return {
    shopName: shop.name,
    shopSlug: shop.slug,
    basePath,
    checkout,
    token: url.searchParams.get("token") ?? "",
    shared: url.searchParams.has("compartido"),
    canceled: url.searchParams.get("code") === "2",
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? [{ title: `${data.shopName} · ${translate(localeOf(matches), "checkout_title")}` }] : [];

export default function ShopPaidRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="sm" py="lg">
      <PaidSummary key={loaderData.checkout?.id ?? "none"} {...loaderData} />
    </Container>
  );
}
