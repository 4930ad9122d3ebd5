import { Anchor, Button, Container, Stack } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { typePaths } from "@tianguis/domain/schemas/product";
import { Link } from "react-router";
import { ProductForm } from "../features/products/ProductForm";
import { editPath } from "../features/products/links";
import { loadEditableProduct } from "../features/products/my-products.server";
import { localeOf } from "../features/shop/shop-meta";
import { useT } from "../lib/i18n";
import type { Route } from "./+types/product-edit";
import { PageHeader } from "../ui/PageHeader";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadEditableProduct(context, request, params.productId);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "my_products")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

export default function ProductEdit({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shop, product, digitalFile } = loaderData;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader
          back={
            <Anchor component={Link} to="/apps/me/products" size="sm">
              ← {t("my_products")}
            </Anchor>
          }
          title={t("product_edit")}
          description={shop.name}
          actions={
            <Button
              component={Link}
              variant="light"
              to={shopHref(`/tienda/${shop.slug}`, `/${typePaths[product.type]}/${product.owner_slug}/${product.id}`)}
            >
              {t("view_product")}
            </Button>
          }
        />
        <ProductForm
          key={product.id + product.images.length}
          shopSlug={shop.slug}
          product={product}
          initialType={product.type}
          editPath={(saved) => editPath(saved, shop.slug)}
          digitalFile={digitalFile}
        />
      </Stack>
    </Container>
  );
}
