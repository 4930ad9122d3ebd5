import type { SearchResult } from "@tianguis/domain/schemas/search";
import { parseSearchQuery, toTsQuery } from "@tianguis/domain/rules/search-query";
import type { ProductType } from "@tianguis/domain/schemas/product";
import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { productImages, products, storeProducts } from "../../db/schema/catalog";
import { shops } from "../../db/schema/shops";
import { findShopBySlug } from "../shops/service";
import { suggestFromIndex } from "./autocomplete-scopes";
import { cachedSuggestions } from "./cache";
import { rowsOf } from "../../db/client";

type ResultRow = { id: string; name: string; type: ProductType; owner: string; owner_slug: string; currency: string; photo: string | null };

// Joins shops for each result's owner slug: a read only; shops are written by the shops module.
const rankWindow = 200;

/** The listing's text query (`?q=tala*`) as a tsquery; empty when the text has nothing searchable. */
export function listingTsQuery(text: string | undefined): string | undefined {
  if (!text) return undefined;
  return toTsQuery(parseSearchQuery(text).terms) || undefined;
}

/**
 * Autocomplete: published items of `type` whose Spanish full-text document matches the typed words, the
 * last one as a prefix (GIN index). Only when that finds nothing, a trigram similarity search over the
 * unaccented name catches misspellings. Scoped to one shop's items (own and resold) when `shopId` is set.
 */
export async function autocomplete(
  ctx: AppContext,
  options: { q: string; type: ProductType; shopId?: string; limit: number },
): Promise<SearchResult[]> {
  const tsQuery = toTsQuery(parseSearchQuery(options.q).terms, { prefixLast: true });
  const scope = options.shopId
    ? sql`and (p.shop_id = ${options.shopId} or exists (select 1 from ${storeProducts} sp where sp.product_id = p.id and sp.shop_id = ${options.shopId}))`
    : sql``;
  const rankSelect = tsQuery ? sql`, ts_rank(p.search, to_tsquery('spanish', immutable_unaccent(${tsQuery}))) as rank` : sql`, 0 as rank`;
  const base = sql`select p.id, p.name, p.type, p.shop_id as owner, o.slug as owner_slug, p.currency, p.queue_position${rankSelect}
    from ${products} p join ${shops} o on o.id = p.shop_id`;
  const visible = sql`p.type = ${options.type} and p.list_state = 'published' and not p.hiden ${scope}`;
  /** The first photo is read only for the rows returned. */
  const withPhoto = (inner: SQL, order: SQL) => sql`select m.id, m.name, m.type, m.owner, m.owner_slug, m.currency,
      (select i.thumb from ${productImages} i where i.product_id = m.id order by i.position limit 1) as photo
    from (${inner}) m order by ${order} limit ${options.limit}`;
  if (tsQuery) {
    const query = sql`to_tsquery('spanish', immutable_unaccent(${tsQuery}))`;
    // Rank only the first matches the GIN index yields: a short prefix can match thousands of items.
    const found = rowsOf<ResultRow>(
      await ctx.db.execute(
        withPhoto(sql`${base} where p.search @@ ${query} and ${visible} limit ${rankWindow}`, sql`m.rank desc, m.queue_position asc, m.id`),
      ),
    );
    if (found.length > 0) return found;
  }
  const term = options.q.replace(/\*/g, "").trim().toLowerCase();
  if (term.length < 3) return [];
  const similarity = sql`similarity(immutable_unaccent(lower(p.name)), immutable_unaccent(${term}))`;
  return rowsOf<ResultRow>(
    await ctx.db.execute(
      withPhoto(
        sql`select p.id, p.name, p.type, p.shop_id as owner, o.slug as owner_slug, p.currency, ${similarity} as rank
          from ${products} p join ${shops} o on o.id = p.shop_id
          where immutable_unaccent(lower(p.name)) % immutable_unaccent(${term}) and ${visible} order by rank desc limit ${options.limit}`,
        sql`m.rank desc, m.id`,
      ),
    ),
  );
}

/** Where an autocomplete answer came from: the shop's in-memory index, or the SQL autocomplete. */
export type SuggestionSource = "index" | "database";

/**
 * The search panel's suggestions: from the shop's in-memory index when it is built and current, otherwise (and for
 * the search across shops) from the SQL autocomplete; either answer is kept a few seconds (cache.ts), so a short prefix
 * many visitors type is ranked once, not once per visitor.
 */
export async function suggest(
  ctx: AppContext,
  options: { shop?: string; q: string; type: ProductType; limit: number },
): Promise<{ results: SearchResult[]; source: SuggestionSource }> {
  const { shop, ...query } = options;
  return cachedSuggestions(JSON.stringify([shop, query.type, query.limit, query.q]), async () => {
    const indexed = shop ? await suggestFromIndex(ctx, { ...query, shop }) : undefined;
    if (indexed) return { results: indexed, source: "index" as const };
    const shopId = shop ? ((await findShopBySlug(ctx.db, shop))?.id ?? null) : undefined;
    return { results: shopId === null ? [] : await autocomplete(ctx, { ...query, shopId }), source: "database" as const };
  });
}
