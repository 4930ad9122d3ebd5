import { translate } from "@tianguis/domain/messages/index";
import { Outlet, data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { trackingHeaders } from "../features/referral/tracking.server";
import { ShopChrome } from "../features/shop/ShopChrome";
import { loadShopChrome } from "../features/shop/shop-chrome.server";
import { localeOf, shopMeta } from "../features/shop/shop-meta";
import { requireShop } from "../lib/shop.server";
import { ErrorPage } from "../ui/ErrorPage";
import type { Route } from "./+types/shop-layout";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const shopContext = await requireShop(context, params);
  // /tienda/{shop id}/… (commerce-and-accounts L47) lands on the same page at the shop's slug address.
  if (params.shopSlug && params.shopSlug.toLowerCase() !== shopContext.shop.slug.toLowerCase()) {
    const url = new URL(request.url);
    const rest = url.pathname.slice(`/tienda/${params.shopSlug}`.length);
    throw redirect(`/tienda/${shopContext.shop.slug}${rest}${url.search}`, 301);
  }
  const loaded = { shopContext, chrome: await loadShopChrome(context, shopContext, request) };
  return data(loaded, { headers: trackingHeaders(request) });
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  return data ? shopMeta(data.shopContext.shop, data.chrome) : [{ title: translate(localeOf(matches), "shop_not_found_title") }];
};

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const { shop, basePath } = loaderData.shopContext;
  return (
    <ShopChrome shop={shop} basePath={basePath} chrome={loaderData.chrome}>
      <Outlet />
    </ShopChrome>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const code = isRouteErrorResponse(error) ? (error.data as { code?: string } | undefined)?.code : undefined;
  return <ErrorPage kind={code === "shop_not_found" ? "shop" : isRouteErrorResponse(error) && error.status === 404 ? "page" : "error"} />;
}
