import { Container } from "@mantine/core";
import { MyProductsList } from "../features/products/MyProductsList";
import { loadMyProducts } from "../features/products/my-products.server";
import type { Route } from "./+types/my-products";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMyProducts(context, request);
}

export const meta: Route.MetaFunction = () => [{ title: "Mis productos · Tianguis" }, { name: "robots", content: "noindex" }];

export default function MyProducts({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="xl">
      <MyProductsList shop={loaderData.shop} products={loaderData.products} />
    </Container>
  );
}
