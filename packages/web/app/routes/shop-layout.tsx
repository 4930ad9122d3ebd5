import { Outlet, isRouteErrorResponse, useRouteError } from "react-router";
import { ShopChrome } from "../features/shop/ShopChrome";
import { requireShop } from "../lib/shop.server";
import { ErrorPage } from "../ui/ErrorPage";
import type { Route } from "./+types/shop-layout";

export async function loader({ context, params }: Route.LoaderArgs) {
  return { shopContext: await requireShop(context, params) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const shop = data?.shopContext.shop;
  return shop ? [{ title: shop.name }, { name: "description", content: shop.seo_description ?? shop.name }] : [];
};

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const { shop, basePath } = loaderData.shopContext;
  return (
    <ShopChrome shop={shop} basePath={basePath}>
      <Outlet />
    </ShopChrome>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const code = isRouteErrorResponse(error) ? (error.data as { code?: string } | undefined)?.code : undefined;
  return <ErrorPage kind={code === "shop_not_found" ? "shop" : isRouteErrorResponse(error) && error.status === 404 ? "page" : "error"} />;
}
