import { parseSearchQuery, toTsQuery } from "@tianguis/domain/rules/search-query";
import type { BusinessView } from "@tianguis/domain/schemas/directory";
import type { ProductType, ProductView } from "@tianguis/domain/schemas/product";
import type { AppContext } from "../../context";
import { toProductViews } from "../catalog/service";
import { selectBusinesses, selectNetworkProducts } from "./queries";

/** Businesses tab: enabled shops that sell something of their own, the most stocked first. */
export async function listBusinesses(ctx: AppContext, options: { text?: string; offset: number; limit: number }) {
  const { rows, total } = await selectBusinesses(ctx.db, options);
  const results: BusinessView[] = rows.map((row) => ({
    id: row.shop.id,
    slug: row.shop.slug,
    name: row.shop.name,
    photo: row.shop.photo,
    description: row.shop.seo,
    store_type: row.shop.shopType,
    items: Number(row.items),
    color: (row.shop.theme as { color1?: string }).color1 ?? "#0f766e",
  }));
  return { results, matches_estimated: total };
}

/** Products tab: published items of every business, filtered by the text search and type. */
export async function listNetworkProducts(
  ctx: AppContext,
  options: { text?: string; type?: ProductType; offset: number; limit: number },
): Promise<{ results: ProductView[]; matches_estimated: number }> {
  const tsQuery = options.text ? toTsQuery(parseSearchQuery(options.text).terms, { prefixLast: true }) : "";
  const { rows, total } = await selectNetworkProducts(ctx.db, { ...options, tsQuery: tsQuery || undefined });
  return { results: await toProductViews(ctx, rows), matches_estimated: total };
}
