import type { ShopView } from "@tianguis/domain/schemas/shop";
import { apiGet } from "../../lib/api.server";
import type { WebLoadContext } from "../../load-context";

export async function loadMarketplaceHome(context: WebLoadContext) {
  const shops = await apiGet<{ results: ShopView[] }>(context, "/api/v1/shops?limit=12");
  return { shops: shops.results };
}
