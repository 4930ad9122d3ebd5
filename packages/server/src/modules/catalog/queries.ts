import type { ProductImage, ProductType } from "@tianguis/domain/schemas/product";
import { type SQL, and, asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { productImages, products, storeProducts } from "../../db/schema/catalog";
import { shops } from "../../db/schema/shops";
import { cachedEstimate } from "./cache";

export type ListingSort = "queue_position" | "-list_price" | "list_price";

/** Joins the owner shop to read its name and slug with each item (a read only; shops are written by the shops module). */
const owners = alias(shops, "owners");

/** Every product column except the search document, which only the database reads. */
const { search: _search, ...productColumns } = getTableColumns(products);

export interface ListingFilter {
  type?: ProductType;
  /** A PostgreSQL tsquery text (already sanitised by the domain's toTsQuery). */
  tsQuery?: string;
  category?: string;
}

function filterSql(filter: ListingFilter): SQL | undefined {
  return and(
    filter.type ? eq(products.type, filter.type) : undefined,
    filter.tsQuery ? sql`${products.search} @@ to_tsquery('spanish', immutable_unaccent(${filter.tsQuery}))` : undefined,
    filter.category ? eq(products.category, filter.category) : undefined,
  );
}

type Key = { id: string; listPrice: number; createdAt: Date; position: number; rank: number; inShop: boolean };

function compare(sort: ListingSort, ranked: boolean) {
  return (a: Key, b: Key): number => {
    if (sort === "list_price" && a.listPrice !== b.listPrice) return a.listPrice - b.listPrice;
    if (sort === "-list_price" && a.listPrice !== b.listPrice) return b.listPrice - a.listPrice;
    if (sort === "queue_position") {
      if (ranked && a.rank !== b.rank) return b.rank - a.rank;
      if (a.position !== b.position) return a.position - b.position;
      const created = b.createdAt.getTime() - a.createdAt.getTime();
      if (created !== 0) return created;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/**
 * Items a shop shows: its own and those it resells (store_products), each with its position in that
 * shop. Each half is read in order with its own index, narrow (sort keys only) and limited to
 * offset + limit rows, then merged; only the page's rows are read in full. Fast on shops with a hundred
 * thousand items, and on deep pages.
 */
export async function selectShopProducts(
  db: DbOrTx,
  shopId: string,
  options: ListingFilter & { offset: number; limit: number; sort: ListingSort },
) {
  const take = options.offset + options.limit;
  const where = filterSql(options);
  const rank = options.tsQuery
    ? sql<number>`ts_rank(${products.search}, to_tsquery('spanish', immutable_unaccent(${options.tsQuery})))`
    : sql<number>`0`;
  const ranked = !!options.tsQuery && options.sort === "queue_position";
  const priceOrder =
    options.sort === "list_price" ? [asc(products.listPrice), asc(products.id)] : [desc(products.listPrice), asc(products.id)];
  const ownOrder =
    options.sort === "queue_position"
      ? [...(ranked ? [desc(rank)] : []), asc(products.queuePosition), desc(products.createdAt), asc(products.id)]
      : priceOrder;
  const resoldOrder =
    options.sort === "queue_position"
      ? [...(ranked ? [desc(rank)] : []), asc(storeProducts.queuePosition), desc(products.createdAt), asc(products.id)]
      : priceOrder;
  const keys = { id: products.id, listPrice: products.listPrice, createdAt: products.createdAt, rank };
  const own = await db
    .select({ ...keys, position: products.queuePosition })
    .from(products)
    .where(and(eq(products.shopId, shopId), where))
    .orderBy(...ownOrder)
    .limit(take);
  const resold = await db
    .select({ ...keys, position: storeProducts.queuePosition })
    .from(storeProducts)
    .innerJoin(products, eq(products.id, storeProducts.productId))
    .where(and(eq(storeProducts.shopId, shopId), where))
    .orderBy(...resoldOrder)
    .limit(take);
  const page = [...own.map((row) => ({ ...row, inShop: false })), ...resold.map((row) => ({ ...row, inShop: true }))]
    .map((row) => ({ ...row, rank: Number(row.rank), position: Number(row.position) }))
    .sort(compare(options.sort, ranked))
    .slice(options.offset, take);
  const full =
    page.length === 0
      ? []
      : await db
          .select({ product: productColumns, ownerName: owners.name, ownerSlug: owners.slug })
          .from(products)
          .innerJoin(owners, eq(owners.id, products.shopId))
          .where(
            inArray(
              products.id,
              page.map((row) => row.id),
            ),
          );
  const byId = new Map(full.map((row) => [row.product.id, row]));
  const rows = page.flatMap((key) => {
    const row = byId.get(key.id);
    return row ? [{ ...row, inShop: key.inShop, position: key.position }] : [];
  });
  return { rows, total: await countShopProducts(db, shopId, options) };
}

/** Above this many matches the total is the planner's estimate (matches_estimated), not an exact count. */
const exactCountLimit = 2000;

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

async function cappedCount(db: DbOrTx, query: SQL, key: string): Promise<number> {
  const [row] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from (${query} limit ${exactCountLimit + 1}) capped`),
  );
  const exact = Number(row?.total ?? 0);
  if (exact <= exactCountLimit) return exact;
  return cachedEstimate(key, () => plannerEstimate(db, query, exact));
}

async function plannerEstimate(db: DbOrTx, query: SQL, atLeast: number): Promise<number> {
  const [plan] = rowsOf<{ "QUERY PLAN": string | [{ Plan: { "Plan Rows": number } }] }>(
    await db.execute(sql`explain (format json) ${query}`),
  );
  const document = typeof plan?.["QUERY PLAN"] === "string" ? JSON.parse(plan["QUERY PLAN"]) : plan?.["QUERY PLAN"];
  const estimate = document?.[0]?.Plan?.["Plan Rows"];
  return Math.max(atLeast, Math.round(Number(estimate ?? atLeast)));
}

export async function countShopProducts(db: DbOrTx, shopId: string, filter: ListingFilter): Promise<number> {
  const where = filterSql(filter);
  const own = db
    .select({ one: sql`1` })
    .from(products)
    .where(and(eq(products.shopId, shopId), where));
  const resold = db
    .select({ one: sql`1` })
    .from(storeProducts)
    .innerJoin(products, eq(products.id, storeProducts.productId))
    .where(and(eq(storeProducts.shopId, shopId), where));
  const key = `${shopId}:${filter.type ?? ""}:${filter.tsQuery ?? ""}:${filter.category ?? ""}`;
  return (await cappedCount(db, own.getSQL(), `own:${key}`)) + (await cappedCount(db, resold.getSQL(), `resold:${key}`));
}

/** Categories of a shop's items (own and resold) with how many items each has, most populated first. */
export async function selectCategories(db: DbOrTx, shopId: string): Promise<{ name: string; count: number }[]> {
  const rows = await db.execute<{ name: string; count: number }>(sql`
    select category as name, count(*)::int as count from (
      select p.category from ${products} p where p.shop_id = ${shopId} and p.category is not null
      union all
      select p.category from ${storeProducts} sp join ${products} p on p.id = sp.product_id where sp.shop_id = ${shopId} and p.category is not null
    ) items group by category order by count(*) desc, category asc limit 50`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: { name: string; count: number }[] }).rows;
  return list.map((row) => ({ name: row.name, count: Number(row.count) }));
}

/** One product with its owner shop, or null. */
export async function selectProduct(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({ product: productColumns, ownerName: owners.name, ownerSlug: owners.slug, ownerOwnerId: owners.ownerId })
    .from(products)
    .innerJoin(owners, eq(owners.id, products.shopId))
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

/** An item's id, owner shop and list state, or null. */
export async function selectProductSummary(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({ id: products.id, shopId: products.shopId, listState: products.listState })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

/** The item's position in a shop that resells it, or null when the shop does not show it. */
export async function selectShopPlacement(db: DbOrTx, shopId: string, productId: string): Promise<{ queuePosition: number } | null> {
  const [row] = await db
    .select({ queuePosition: storeProducts.queuePosition })
    .from(storeProducts)
    .where(and(eq(storeProducts.shopId, shopId), eq(storeProducts.productId, productId)))
    .limit(1);
  return row ?? null;
}

export async function selectImages(db: DbOrTx, productIds: string[]): Promise<Map<string, ProductImage[]>> {
  const byProduct = new Map<string, ProductImage[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({ id: row.id, original: row.original, thumb: row.thumb, card: row.card, alt: row.alt });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}
