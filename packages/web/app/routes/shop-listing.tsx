import { Container, Title } from "@mantine/core";
import { typeFromPath } from "@tianguis/domain/schemas/product";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { data } from "react-router";
import { ProductGrid } from "../features/catalog/ProductGrid";
import { useT } from "../lib/i18n";
import { apiGet } from "../lib/api.server";
import { requireShop } from "../lib/shop.server";
import type { Route } from "./+types/shop-listing";

const titles = { product: "nav_products", service: "nav_services", experience: "nav_experiences", digital: "nav_digital" } as const;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = typeFromPath(url.pathname.split("/").filter(Boolean).at(-1) ?? "");
  if (!type) throw data({ code: "not_found" }, { status: 404 });
  const { shop, basePath } = await requireShop(context, params);
  const listing = await apiGet<{ results: ProductView[]; matches_estimated: number }>(
    context,
    `/api/v1/shops/${shop.slug}/products?type=${type}&limit=30`,
  );
  return { type, listing, basePath, now: new Date().toISOString() };
}

export default function ShopListing({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { type, listing, basePath, now } = loaderData;
  return (
    <Container size="xl" py="lg">
      <Title order={1} size="h2" mb="md">
        {t(titles[type])}
      </Title>
      <ProductGrid products={listing.results} basePath={basePath} now={new Date(now)} />
    </Container>
  );
}
