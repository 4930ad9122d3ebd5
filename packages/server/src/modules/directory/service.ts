import type { BusinessView } from "@tianguis/domain/schemas/directory";
import { parseSearchQuery, toTsQuery } from "@tianguis/domain/rules/search-query";
import type { ProductType, ProductView } from "@tianguis/domain/schemas/product";
import { and, asc, count, desc, eq, ilike, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { products } from "../../db/schema/catalog";
import { shops } from "../../db/schema/shops";
import { owners, productColumns, selectImages } from "../catalog/queries";
import { toProductView } from "../catalog/views";

/** Businesses tab: enabled shops that sell something of their own, the most stocked first. */
export async function listBusinesses(ctx: AppContext, options: { text?: string; offset: number; limit: number }) {
  const itemCount = sql<number>`(select count(*)::int from ${products} p where p.shop_id = "shops"."id" and p.list_state = 'published')`;
  const where = and(eq(shops.disabled, false), ne(shops.isProxy, true), options.text ? ilike(shops.name, `%${options.text.replace(/[%_]/g, "")}%`) : undefined);
  const rows = await ctx.db
    .select({ shop: { id: shops.id, slug: shops.slug, name: shops.name, photo: shops.photo, seo: shops.seoDescription, storeType: shops.storeType, theme: shops.storeThemeInfo }, items: itemCount })
    .from(shops)
    .where(where)
    .orderBy(desc(itemCount), asc(shops.name))
    .offset(options.offset)
    .limit(options.limit);
  const [{ total }] = await ctx.db.select({ total: count() }).from(shops).where(where);
  const results: BusinessView[] = rows.map((row) => ({
    id: row.shop.id,
    slug: row.shop.slug,
    name: row.shop.name,
    photo: row.shop.photo,
    description: row.shop.seo,
    store_type: row.shop.storeType,
    items: Number(row.items),
    color: (row.shop.theme as { color1?: string }).color1 ?? "#0f766e",
  }));
  return { results, matches_estimated: Number(total) };
}

/** Products tab: published items of every business, filtered by the text search and type. */
export async function listNetworkProducts(ctx: AppContext, options: { text?: string; type?: ProductType; offset: number; limit: number }): Promise<{ results: ProductView[]; matches_estimated: number }> {
  const tsQuery = options.text ? toTsQuery(parseSearchQuery(options.text).terms, { prefixLast: true }) : "";
  const where = and(
    eq(products.listState, "published"),
    eq(products.hiden, false),
    eq(owners.disabled, false),
    options.type ? eq(products.type, options.type) : undefined,
    tsQuery ? sql`${products.search} @@ to_tsquery('spanish', immutable_unaccent(${tsQuery}))` : undefined,
  );
  const rows = await ctx.db
    .select({ product: productColumns, ownerName: owners.name, ownerSlug: owners.slug })
    .from(products)
    .innerJoin(owners, eq(owners.id, products.shopId))
    .where(where)
    .orderBy(desc(products.createdAt), asc(products.id))
    .offset(options.offset)
    .limit(options.limit);
  const [{ total }] = await ctx.db.select({ total: count() }).from(products).innerJoin(owners, eq(owners.id, products.shopId)).where(where);
  const images = await selectImages(ctx.db, rows.map((row) => row.product.id));
  const now = ctx.clock.now();
  return {
    results: rows.map((row) => toProductView(row.product, { name: row.ownerName, slug: row.ownerSlug }, images.get(row.product.id) ?? [], { now })),
    matches_estimated: Number(total),
  };
}
