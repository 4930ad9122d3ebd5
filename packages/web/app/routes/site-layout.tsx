import { Outlet, data } from "react-router";
import { MarketplaceChrome } from "../features/marketplace/MarketplaceChrome";
import { trackingHeaders } from "../features/referral/tracking.server";
import { ShopChrome } from "../features/shop/ShopChrome";
import { loadShopChrome } from "../features/shop/shop-chrome.server";
import { shopMeta } from "../features/shop/shop-meta";
import { resolveShop } from "../lib/shop.server";
import type { Route } from "./+types/site-layout";

/** The root of the site: the marketplace on the main host, a shop's storefront on its own sub-domain. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const shopContext = await resolveShop(context, {});
  const loaded = { shopContext, chrome: shopContext ? await loadShopChrome(context, shopContext, request) : null };
  // A shop on its own sub-domain keeps the tracking values like /tienda/{slug}/ does.
  return data(loaded, { headers: shopContext ? trackingHeaders(request) : undefined });
}

export const meta: Route.MetaFunction = ({ data }) => {
  const shop = data?.shopContext?.shop;
  return shop && data?.chrome
    ? shopMeta(shop, data.chrome)
    : [{ title: "Tianguis" }, { name: "description", content: "Tianguis: tiendas en línea de vendedores de Latinoamérica" }];
};

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { shopContext } = loaderData;
  if (shopContext) {
    return (
      <ShopChrome shop={shopContext.shop} basePath={shopContext.basePath} chrome={loaderData.chrome ?? undefined}>
        <Outlet />
      </ShopChrome>
    );
  }
  return (
    <MarketplaceChrome>
      <Outlet />
    </MarketplaceChrome>
  );
}
