import { Anchor, Container, Stack } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import type { ProductType } from "@tianguis/domain/schemas/product";
import { Link } from "react-router";
import { ProductForm, goodsTypes } from "../features/products/ProductForm";
import { editPath } from "../features/products/links";
import { requireProductsShop } from "../features/products/my-products.server";
import { localeOf } from "../features/shop/shop-meta";
import { useT } from "../lib/i18n";
import type { Route } from "./+types/product-create";
import { PageHeader } from "../ui/PageHeader";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { shop } = await requireProductsShop(context, request);
  const url = new URL(request.url);
  // The goods form may start on another goods type (?type=experience|digital, from the listings' add cards).
  const goodsType = goodsTypes.find((type) => type === url.searchParams.get("type")) ?? "product";
  const type: ProductType = url.pathname.includes("/services/") ? "service" : goodsType;
  return { shop, type };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "my_products")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

export default function ProductCreate({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shop, type } = loaderData;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader
          back={
            <Anchor component={Link} to="/apps/me/products" size="sm">
              ← {t("my_products")}
            </Anchor>
          }
          title={t(type === "service" ? "service_create" : "product_create")}
          description={shop.name}
        />
        <ProductForm
          key={type}
          shopSlug={shop.slug}
          product={null}
          initialType={type}
          editPath={(product) => editPath(product, shop.slug)}
        />
      </Stack>
    </Container>
  );
}
