import { directoryApi } from "@tianguis/domain/routes/directory";
import { shopsApi } from "@tianguis/domain/routes/shops";
import { load } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";

export async function loadMarketplaceHome(context: WebLoadContext) {
  const [shops, products] = await Promise.all([
    load(context, shopsApi.featured, { query: { limit: 12 } }),
    load(context, directoryApi.products, { query: { limit: 10 } }),
  ]);
  return { shops: shops.results, products: products.results, now: new Date().toISOString() };
}
