import { ShopHome } from "../features/shop/ShopHome";
import { loadShopHome } from "../features/shop/shop-home.server";
import { requireShop } from "../lib/shop.server";
import type { Route } from "./+types/shop-home";

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadShopHome(context, await requireShop(context, params));
}

export default function ShopHomeRoute({ loaderData }: Route.ComponentProps) {
  return <ShopHome {...loaderData} />;
}
