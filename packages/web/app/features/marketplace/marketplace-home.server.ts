import type { ProductView } from "@tianguis/domain/schemas/product";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { apiGet } from "../../lib/api.server";
import type { WebLoadContext } from "../../load-context";

export async function loadMarketplaceHome(context: WebLoadContext) {
  const [shops, products] = await Promise.all([
    apiGet<{ results: ShopView[] }>(context, "/api/v1/shops?limit=12"),
    apiGet<{ results: ProductView[] }>(context, "/api/v1/directory/products?limit=10"),
  ]);
  return { shops: shops.results, products: products.results, now: new Date().toISOString() };
}
