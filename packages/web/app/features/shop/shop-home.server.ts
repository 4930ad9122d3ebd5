import type { ProductView } from "@tianguis/domain/schemas/product";
import { apiGet } from "../../lib/api.server";
import type { ShopContext } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

export async function loadShopHome(context: WebLoadContext, { shop, basePath }: ShopContext) {
  const listing = await apiGet<{ results: ProductView[]; matches_estimated: number }>(context, `/api/v1/shops/${shop.slug}/products?limit=30`);
  return { shop, basePath, products: listing.results, now: new Date().toISOString() };
}
