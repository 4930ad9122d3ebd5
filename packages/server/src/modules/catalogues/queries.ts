import type { CatalogueView, PublishedCatalogueView } from "@tianguis/domain/schemas/catalogue";
import type { AccessRequestState, DropshippingAudience } from "@tianguis/domain/schemas/reseller";
import { and, asc, desc, eq, getTableColumns, gt, ilike, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { products, storeProducts } from "../../db/schema/catalog";
import { catalogueProducts, catalogues } from "../../db/schema/catalogues";
import { dropshippingPolicies, resellerAccess } from "../../db/schema/reseller";
import { shops } from "../../db/schema/shops";

// A catalogue lists items of any supplier: its reads join products (and their owner shop, for name and slug) and the
// shop's resold items. Reads only; products and shops are written by their own modules.
const owners = alias(shops, "owners");
const { search: _search, ...productColumns } = getTableColumns(products);

export type CatalogueRow = typeof catalogues.$inferSelect;

const numProducts = sql<number>`(select count(*)::int from ${catalogueProducts} where ${catalogueProducts.catalogueId} = ${catalogues.id})`;

/** `%text%` for ILIKE, with the text's own wildcards escaped. */
const escapeLike = (text: string) => `%${text.replace(/[%_\\]/g, "\\$&")}%`;

export function toCatalogueView(row: CatalogueRow, count: number): CatalogueView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    photo: row.photo,
    position: row.position,
    num_products: Number(count),
    updated_at: row.updatedAt.toISOString(),
    owner: row.shopId,
    origin_id: row.originId,
  };
}

export async function selectCatalogues(db: DbOrTx, shopId: string, options: { offset: number; limit: number; text?: string }) {
  const where = and(eq(catalogues.shopId, shopId), options.text ? ilike(catalogues.name, escapeLike(options.text)) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ catalogue: catalogues, count: numProducts })
      .from(catalogues)
      .where(where)
      .orderBy(asc(catalogues.position), asc(catalogues.createdAt), asc(catalogues.id))
      .offset(options.offset)
      .limit(options.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(catalogues)
      .where(where),
  ]);
  return { results: rows.map((row) => toCatalogueView(row.catalogue, row.count)), matches_estimated: Number(total) };
}

/**
 * The public catalogues of the marketplace (schemas/catalogue.ts publishedCatalogueQuery): every enabled shop's catalogues
 * with items, by weight (their item count) descending, then the latest changed. Joins shops for their name and link.
 */
export async function selectPublishedCatalogues(db: DbOrTx, options: { offset: number; limit: number; name?: string }) {
  const where = and(
    eq(shops.disabled, false),
    gt(numProducts, 0),
    options.name ? ilike(catalogues.name, escapeLike(options.name)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ catalogue: catalogues, count: numProducts, shop: { slug: shops.slug, name: shops.name, photo: shops.photo } })
      .from(catalogues)
      .innerJoin(shops, eq(shops.id, catalogues.shopId))
      .where(where)
      .orderBy(desc(numProducts), desc(catalogues.updatedAt), asc(catalogues.id))
      .offset(options.offset)
      .limit(options.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(catalogues)
      .innerJoin(shops, eq(shops.id, catalogues.shopId))
      .where(where),
  ]);
  const results: PublishedCatalogueView[] = rows.map((row) => ({
    ...toCatalogueView(row.catalogue, row.count),
    weight: Number(row.count),
    shop: row.shop,
  }));
  return { results, matches_estimated: Number(total) };
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A catalogue of the shop by id or slug. */
export async function selectCatalogue(db: DbOrTx, shopId: string, ref: string) {
  const match = isUuid(ref) ? or(eq(catalogues.id, ref), eq(catalogues.slug, ref)) : eq(catalogues.slug, ref);
  const [row] = await db
    .select({ catalogue: catalogues, count: numProducts })
    .from(catalogues)
    .where(and(eq(catalogues.shopId, shopId), match))
    .limit(1);
  return row ?? null;
}

export async function countCatalogues(db: DbOrTx, shopId: string): Promise<number> {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(catalogues)
    .where(eq(catalogues.shopId, shopId));
  return Number(total);
}

/** The shop's catalogue called `name` (trimmed, case-insensitive), or null. */
export async function selectCatalogueByName(db: DbOrTx, shopId: string, name: string) {
  const [row] = await db
    .select({ id: catalogues.id })
    .from(catalogues)
    .where(and(eq(catalogues.shopId, shopId), sql`lower(btrim(${catalogues.name})) = lower(btrim(${name}))`))
    .limit(1);
  return row ?? null;
}

/** Serialises catalogue creation per shop (two tabs creating the same name at once get one catalogue and one refusal). */
export async function lockShopCatalogues(db: DbOrTx, shopId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogues:${shopId}`}))`);
}

/** A slug for `base` not yet used in the shop: base, base-2, base-3… */
export async function freeSlug(db: DbOrTx, shopId: string, base: string, exceptId?: string): Promise<string> {
  const rows = await db
    .select({ id: catalogues.id, slug: catalogues.slug })
    .from(catalogues)
    .where(and(eq(catalogues.shopId, shopId), ilike(catalogues.slug, `${base}%`)));
  const taken = new Set(rows.filter((row) => row.id !== exceptId).map((row) => row.slug));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/** A page of a catalogue's items by queue_position, each with its owner shop and whether `shopId` shows it; and their total. */
export async function selectCatalogueProducts(
  db: DbOrTx,
  shopId: string,
  catalogueId: string,
  options: { offset: number; limit: number; text?: string },
) {
  const textFilter = options.text ? ilike(products.name, escapeLike(options.text)) : undefined;
  const where = and(eq(catalogueProducts.catalogueId, catalogueId), textFilter);
  const inShop = sql<boolean>`(${products.shopId} = ${shopId} or ${storeProducts.shopId} is not null)`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        product: productColumns,
        ownerName: owners.name,
        ownerSlug: owners.slug,
        position: catalogueProducts.queuePosition,
        inShop,
      })
      .from(catalogueProducts)
      .innerJoin(products, eq(products.id, catalogueProducts.productId))
      .innerJoin(owners, eq(owners.id, products.shopId))
      .leftJoin(storeProducts, and(eq(storeProducts.productId, products.id), eq(storeProducts.shopId, shopId)))
      .where(where)
      .orderBy(asc(catalogueProducts.queuePosition), asc(catalogueProducts.addedAt), asc(products.id))
      .offset(options.offset)
      .limit(options.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(catalogueProducts)
      .innerJoin(products, eq(products.id, catalogueProducts.productId))
      .where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row, inShop: !!row.inShop })), total: Number(total) };
}

/** Copies a catalogue's items into another one: the shop's own items and other suppliers' published ones. */
export async function copyCatalogueProducts(db: DbOrTx, copy: { from: string; to: string; shopId: string; now: Date }) {
  await db.execute(sql`
    insert into ${catalogueProducts} (catalogue_id, product_id, queue_position, added_at)
    select ${copy.to}, cp.product_id, cp.queue_position, ${copy.now} from ${catalogueProducts} cp
    join ${products} p on p.id = cp.product_id
    where cp.catalogue_id = ${copy.from} and (p.shop_id = ${copy.shopId} or p.list_state = 'published')`);
}

/** Puts every other supplier's item of the catalogue in the shop's resold items (store_products), keeping their positions. */
export async function insertResoldCatalogueItems(db: DbOrTx, shopId: string, catalogueId: string) {
  await db.execute(sql`
    insert into ${storeProducts} (shop_id, product_id, queue_position)
    select ${shopId}, cp.product_id, cp.queue_position from ${catalogueProducts} cp
    join ${products} p on p.id = cp.product_id
    where cp.catalogue_id = ${catalogueId} and p.shop_id <> ${shopId}
    on conflict do nothing`);
}

/** A product as the resale rule (domain rules/reseller.ts) needs it, or null. */
export async function selectResaleCandidate(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({
      shopId: products.shopId,
      type: products.type,
      isDropshipping: products.isDropshipping,
      contributionMargin: products.contributionMargin,
      listState: products.listState,
      hiden: products.hiden,
      experienceDate: products.experienceDate,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

/**
 * What a single add needs to know of a supplier's dropshipping policy (no row: 'all') and of the store's access request
 * (null: none). Reads only: the reseller module writes both tables.
 */
export async function selectResaleAccess(db: DbOrTx, supplierShopId: string, resellerShopId: string) {
  const [[policy], [request]] = await Promise.all([
    db
      .select({ audience: dropshippingPolicies.audience })
      .from(dropshippingPolicies)
      .where(eq(dropshippingPolicies.supplierShopId, supplierShopId))
      .limit(1),
    db
      .select({ state: resellerAccess.state })
      .from(resellerAccess)
      .where(and(eq(resellerAccess.supplierShopId, supplierShopId), eq(resellerAccess.resellerShopId, resellerShopId)))
      .limit(1),
  ]);
  return {
    audience: (policy?.audience as DropshippingAudience | undefined) ?? "all",
    requestState: (request?.state as AccessRequestState | undefined) ?? null,
  };
}
