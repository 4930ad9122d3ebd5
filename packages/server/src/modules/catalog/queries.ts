import { createHash } from "node:crypto";
import type { ProductImage, ProductType } from "@tianguis/domain/schemas/product";
import { type Query, type SQL, type SQLWrapper, and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { type PgDialect, type PgSession, alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { productImages, products, storeProducts } from "../../db/schema/catalog";
import { shops } from "../../db/schema/shops";
import { cachedEstimate, keptEstimate } from "./cache";
import type { ProductRow } from "./views";
import { rowsOf } from "../../db/client";

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

/** The filter's conditions; `value` gives what each compares with (the filter's own values, or placeholders). */
function filterSql(
  filter: ListingFilter,
  value: (name: keyof ListingFilter) => string | SQLWrapper = (name) => filter[name] as string,
): SQL | undefined {
  return and(
    filter.type ? eq(products.type, value("type")) : undefined,
    filter.tsQuery ? sql`${products.search} @@ to_tsquery('spanish', immutable_unaccent(${value("tsQuery")}))` : undefined,
    filter.category ? eq(products.category, value("category")) : undefined,
  );
}

/** The page's order over the merged keys (`keys`): the same keys each half is read in, by its own index. */
function mergedOrder(sort: ListingSort, ranked: boolean): SQL {
  if (sort === "list_price") return sql`keys.list_price asc, keys.id asc`;
  if (sort === "-list_price") return sql`keys.list_price desc, keys.id asc`;
  return sql`${ranked ? sql`keys.rank desc, ` : sql``}keys.position asc, keys.created_at desc, keys.id asc`;
}

/** Above this many matches the total is the planner's estimate (matches_estimated), not an exact count. */
const exactCountLimit = 2000;

/** The matches of each half as plain queries: counted (up to the limit) with the page, planned for an estimate above it. */
function countQueries(shopId: string | SQLWrapper, filter: ListingFilter, value?: (name: keyof ListingFilter) => string | SQLWrapper) {
  const where = filterSql(filter, value);
  return {
    own: sql`select 1 from ${products} where ${and(eq(products.shopId, shopId), where)}`,
    // Each resold row looks its item up by primary key (the LIMIT keeps the planner from hashing every item instead).
    resold: sql`select 1 from ${storeProducts} join lateral (select 1 from ${products}
      where ${and(eq(products.id, storeProducts.productId), where)} limit 1) item on true where ${eq(storeProducts.shopId, shopId)}`,
    key: `${shopId}:${filter.type ?? ""}:${filter.tsQuery ?? ""}:${filter.category ?? ""}`,
  };
}

/** An exact count up to the limit; above it the planner's estimate, kept 30 s (cache.ts). */
async function totalOf(db: DbOrTx, kept: number | undefined, exact: number, query: SQL, key: string): Promise<number> {
  if (kept !== undefined) return kept;
  if (exact <= exactCountLimit) return exact;
  return cachedEstimate(key, () => plannerEstimate(db, query, exact));
}

type PageRow = { own_total: number; resold_total: number; position: number | null; in_shop: boolean | null; images: unknown } & Record<
  string,
  unknown
>;

/** What decides a listing statement's text; everything else is a parameter. */
interface ListingShape {
  sort: ListingSort;
  type: boolean;
  tsQuery: boolean;
  category: boolean;
  /** A half whose estimate is kept is not counted. */
  countOwn: boolean;
  countResold: boolean;
}

const columns = Object.entries(productColumns);

/**
 * Items a shop shows: its own and those it resells (store_products), each with its position in that shop, in one
 * statement. Each half is read in order by its own index (narrow: sort keys only), limited to offset + limit rows; the
 * merged keys are ordered and the page's slice joined to the full rows, owner shop and images; the same statement counts
 * each half up to 2,001 matches (above that the total is the planner's estimate, as the spec's matches_estimated allows).
 * Parameters are placeholders: the text is built once per shape.
 */
function listingStatement(shape: ListingShape): SQL {
  const param = (name: string) => sql.placeholder(name);
  // Which conditions there are; their values are the placeholders.
  const filter = { type: shape.type, tsQuery: shape.tsQuery, category: shape.category } as unknown as ListingFilter;
  const where = filterSql(filter, param);
  const rank = shape.tsQuery
    ? sql`ts_rank(${products.search}, to_tsquery('spanish', immutable_unaccent(${param("tsQuery")})))`
    : sql`0::real`;
  const ranked = shape.tsQuery && shape.sort === "queue_position";
  const halfOrder = (position: SQL) =>
    shape.sort === "queue_position"
      ? sql`${ranked ? sql`${rank} desc, ` : sql``}${position} asc, ${products.createdAt} desc, ${products.id} asc`
      : sql`${products.listPrice} ${shape.sort === "list_price" ? sql`asc` : sql`desc`}, ${products.id} asc`;
  const keys = sql`${products.id} as id, ${products.listPrice} as list_price, ${products.createdAt} as created_at, ${rank} as rank`;
  const own = sql`select ${keys}, ${products.queuePosition} as position, false as in_shop from ${products}
    where ${and(eq(products.shopId, param("shopId")), where)} order by ${halfOrder(sql`${products.queuePosition}`)} limit ${param("take")}`;
  const resold = sql`select ${keys}, ${storeProducts.queuePosition} as position, true as in_shop
    from ${storeProducts} join ${products} on ${eq(products.id, storeProducts.productId)}
    where ${and(eq(storeProducts.shopId, param("shopId")), where)} order by ${halfOrder(sql`${storeProducts.queuePosition}`)} limit ${param("take")}`;
  const order = mergedOrder(shape.sort, ranked);
  const counts = countQueries(param("shopId"), filter, param);
  const cappedCount = (query: SQL, counted: boolean) =>
    counted ? sql`(select count(*)::int from (${query} limit ${exactCountLimit + 1}) capped)` : sql`null::int`;
  const itemColumns = sql.join(
    columns.map(([key, column]) => sql`item.${sql.identifier(column.name)} as ${sql.identifier(key)}`),
    sql`, `,
  );
  return sql`
    with keys as ((${own}) union all (${resold})),
    page as (select keys.*, row_number() over (order by ${order}) as ord from keys order by ${order} offset ${param("offset")} limit ${param("limit")})
    select totals.own_total, totals.resold_total, items.* from (select ${cappedCount(counts.own, shape.countOwn)} as own_total, ${cappedCount(counts.resold, shape.countResold)} as resold_total) totals
    left join lateral (
      select page.ord, page.position, page.in_shop, ${itemColumns}, owner.name as "ownerName", owner.slug as "ownerSlug",
        (select coalesce(json_agg(json_build_object('id', i.id, 'original', i.original, 'thumb', i.thumb, 'card', i.card, 'large', i.large, 'alt', i.alt) order by i.position), '[]'::json)
          from ${productImages} i where i.product_id = item.id) as images
      from page join ${products} item on item.id = page.id join ${shops} owner on owner.id = item.shop_id
    ) items on true
    order by items.ord`;
}

/**
 * The listing statements built so far, by shape (3 sorts × 2⁵ filters and counts at most). On PostgreSQL each runs as
 * a named prepared statement, so a connection parses it once; the planner still plans each execution for its values.
 */
const listingStatements = new Map<string, { query: Query; name: string }>();

function preparedListing(db: DbOrTx, shape: ListingShape) {
  const key = JSON.stringify(shape);
  let statement = listingStatements.get(key);
  if (!statement) {
    const query = dialectOf(db).sqlToQuery(listingStatement(shape));
    statement = { query, name: `listing_${createHash("sha256").update(query.sql).digest("hex").slice(0, 16)}` };
    listingStatements.set(key, statement);
  }
  return sessionOf(db).prepareQuery(statement.query, undefined, statement.name, false);
}

// Drizzle builds a raw statement on every call and offers prepared statements only for its query builder; the dialect
// (to build once) and the session (to run it by name) are its own objects behind the database handle.
const dialectOf = (db: DbOrTx) => (db as unknown as { dialect: PgDialect }).dialect;
const sessionOf = (db: DbOrTx) => (db as unknown as { session: PgSession }).session;

export async function selectShopProducts(
  db: DbOrTx,
  shopId: string,
  options: ListingFilter & { offset: number; limit: number; sort: ListingSort },
) {
  const counts = countQueries(shopId, options);
  const kept = { own: keptEstimate(`own:${counts.key}`), resold: keptEstimate(`resold:${counts.key}`) };
  const shape: ListingShape = {
    sort: options.sort,
    type: !!options.type,
    tsQuery: !!options.tsQuery,
    category: !!options.category,
    countOwn: kept.own === undefined,
    countResold: kept.resold === undefined,
  };
  const result = await preparedListing(db, shape).execute({
    shopId,
    type: options.type,
    tsQuery: options.tsQuery,
    category: options.category,
    take: options.offset + options.limit,
    offset: options.offset,
    limit: options.limit,
  });
  const found = rowsOf<PageRow>(result);
  const rows = found
    .filter((row) => row.position !== null)
    .map((row) => {
      const product = Object.fromEntries(
        columns.map(([key, column]) => [key, row[key] === null ? null : column.mapFromDriverValue(row[key])]),
      ) as ProductRow;
      const images = (typeof row.images === "string" ? JSON.parse(row.images) : row.images) as ProductImage[];
      return {
        product,
        ownerName: row.ownerName as string,
        ownerSlug: row.ownerSlug as string,
        images,
        inShop: !!row.in_shop,
        position: Number(row.position),
      };
    });
  const [first] = found;
  const total =
    (await totalOf(db, kept.own, Number(first?.own_total ?? 0), counts.own, `own:${counts.key}`)) +
    (await totalOf(db, kept.resold, Number(first?.resold_total ?? 0), counts.resold, `resold:${counts.key}`));
  return { rows, total };
}

async function plannerEstimate(db: DbOrTx, query: SQL, atLeast: number): Promise<number> {
  const [plan] = rowsOf<{ "QUERY PLAN": string | [{ Plan: { "Plan Rows": number } }] }>(
    await db.execute(sql`explain (format json) ${query}`),
  );
  const document = typeof plan?.["QUERY PLAN"] === "string" ? JSON.parse(plan["QUERY PLAN"]) : plan?.["QUERY PLAN"];
  const estimate = document?.[0]?.Plan?.["Plan Rows"];
  return Math.max(atLeast, Math.round(Number(estimate ?? atLeast)));
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
    list.push({ id: row.id, original: row.original, thumb: row.thumb, card: row.card, large: row.large, alt: row.alt });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}
