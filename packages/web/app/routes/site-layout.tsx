import { Outlet } from "react-router";
import { MarketplaceChrome } from "../features/marketplace/MarketplaceChrome";
import { ShopChrome } from "../features/shop/ShopChrome";
import { resolveShop } from "../lib/shop.server";
import type { Route } from "./+types/site-layout";

/** The root of the site: the marketplace on the main host, a shop's storefront on its own sub-domain. */
export async function loader({ context }: Route.LoaderArgs) {
  return { shopContext: await resolveShop(context, {}) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const shop = data?.shopContext?.shop;
  return shop
    ? [{ title: shop.name }, { name: "description", content: shop.seo_description ?? shop.name }]
    : [{ title: "Tianguis" }, { name: "description", content: "Tianguis: tiendas en línea de vendedores de Latinoamérica" }];
};

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { shopContext } = loaderData;
  if (shopContext) {
    return (
      <ShopChrome shop={shopContext.shop} basePath={shopContext.basePath}>
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
