import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { Link } from "react-router";
import { ProductForm } from "../features/products/ProductForm";
import { editPath } from "../features/products/links";
import { requireProductsShop } from "../features/products/my-products.server";
import { localeOf } from "../features/shop/shop-meta";
import { useT } from "../lib/i18n";
import type { Route } from "./+types/product-create";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { shop } = await requireProductsShop(context, request);
  const type = new URL(request.url).pathname.includes("/services/") ? ("service" as const) : ("product" as const);
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
        <Stack gap={0}>
          <Anchor component={Link} to="/apps/me/products" size="sm">
            ← {t("my_products")}
          </Anchor>
          <Title order={1} size="h2">
            {t(type === "service" ? "service_create" : "product_create")}
          </Title>
          <Text c="dimmed">{shop.name}</Text>
        </Stack>
        <ProductForm shopSlug={shop.slug} product={null} initialType={type} editPath={(product) => editPath(product, shop.slug)} />
      </Stack>
    </Container>
  );
}
