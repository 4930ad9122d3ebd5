import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { MyProductsList } from "../features/products/MyProductsList";
import { loadMyProducts } from "../features/products/my-products.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/my-products";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMyProducts(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "my_products")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

export default function MyProducts({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="xl">
      <MyProductsList shop={loaderData.shop} products={loaderData.products} />
    </Container>
  );
}
