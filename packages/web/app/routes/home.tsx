import { MarketplaceHome } from "../features/marketplace/MarketplaceHome";
import { loadMarketplaceHome } from "../features/marketplace/marketplace-home.server";
import { ShopHome } from "../features/shop/ShopHome";
import { loadShopHome } from "../features/shop/shop-home.server";
import { resolveShop } from "../lib/shop.server";
import type { Route } from "./+types/home";

/** "/" is the marketplace home on the main host and the shop's home on its sub-domain. */
export async function loader({ context }: Route.LoaderArgs) {
  const shopContext = await resolveShop(context, {});
  if (shopContext) return { kind: "shop" as const, ...(await loadShopHome(context, shopContext)) };
  return { kind: "marketplace" as const, ...(await loadMarketplaceHome(context)) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "shop") return <ShopHome {...loaderData} />;
  return <MarketplaceHome {...loaderData} />;
}
