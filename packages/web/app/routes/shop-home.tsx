import { ShopHero } from "../features/merchandising/ShopHero";
import { loadMerchandising } from "../features/merchandising/merchandising.server";
import { InvitationBanners } from "../features/shop/InvitationBanners";
import { ShopHome } from "../features/shop/ShopHome";
import { loadShopHome } from "../features/shop/shop-home.server";
import { requireShop } from "../lib/shop.server";
import { storefrontStyles } from "../lib/page-styles";
import type { Route } from "./+types/shop-home";

export const handle = storefrontStyles;

export async function loader({ context, params }: Route.LoaderArgs) {
  const shopContext = await requireShop(context, params);
  const [home, merchandising] = await Promise.all([loadShopHome(context, shopContext), loadMerchandising(context, shopContext.shop)]);
  return { ...home, merchandising };
}

export default function ShopHomeRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ShopHero shop={loaderData.shop} basePath={loaderData.basePath} merchandising={loaderData.merchandising} />
      <ShopHome {...loaderData} />
      <InvitationBanners shop={loaderData.shop} />
    </>
  );
}
