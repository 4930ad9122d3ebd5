import { hasOwnSupplier } from "@tianguis/domain/rules/reseller";
import { parseSearchQuery, toTsQuery } from "@tianguis/domain/rules/search-query";
import type { AccessRequestState, DropshippingAudience, ResaleFilters, ResaleSort } from "@tianguis/domain/schemas/reseller";
import { type SQL, and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { productImages, products, storeProducts } from "../../db/schema/catalog";
import { dropshippingPolicies, resellerAccess } from "../../db/schema/reseller";
import { shops } from "../../db/schema/shops";
import { rowsOf } from "../../db/client";

// The picker reads suppliers' products, their owner shops and the reseller's store_products: reads only (STYLE §3);
// products are written by catalog, store_products by catalogues. The partial indexes on products WHERE is_dropshipping
// (margin, supplier + margin, category + margin) keep these pages fast over 100,000 items.

/** The reseller store the picker works for: its id and, for franchise stores, whose items 'Mis productos' shows. */
export interface PickerStore {
  id: string;
  rootShopId: string | null;
  isFranchise: boolean;
}

export function pickerStoreOf(shop: { id: string; rootShopId: string | null; storeType: string | null }): PickerStore {
  return { id: shop.id, rootShopId: shop.rootShopId, isFranchise: hasOwnSupplier(shop) };
}

/** Suppliers whose audience is 'approved' and who did not approve this store. */
function supplierAllows(storeId: string): SQL {
  return sql`not exists (select 1 from ${dropshippingPolicies} dp where dp.supplier_shop_id = p.shop_id and dp.audience = 'approved'
    and not exists (select 1 from ${resellerAccess} ra where ra.supplier_shop_id = p.shop_id and ra.reseller_shop_id = ${storeId} and ra.state = 'approved'))`;
}

function tsQueryOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  return toTsQuery(parseSearchQuery(text).terms, { prefixLast: true }) || undefined;
}

/**
 * Which items a store may pick, as SQL over `products p` joined with `shops o`: in 'others' scope, other suppliers'
 * dropshipping items (with a margin) whose supplier allows the store; in 'mine' scope (franchises), its own supplier's
 * items. `visible` adds what a row needs to be shown: published and not hidden, or already in the store.
 */
export function pickable(store: PickerStore, filters: ResaleFilters, visible: "listed" | { addableAt: Date }): SQL {
  const mine = filters.scope === "mine" && store.isFranchise;
  const parts: SQL[] = [
    sql`p.type = ${filters.type}`,
    sql`not o.disabled`,
    mine
      ? sql`p.shop_id = ${store.rootShopId ?? store.id}`
      : sql`p.is_dropshipping and p.contribution_margin is not null and p.shop_id <> ${store.id} and ${supplierAllows(store.id)}`,
  ];
  if (filters.dssupplier) parts.push(sql`p.shop_id = ${filters.dssupplier}`);
  if (filters.category) parts.push(sql`p.category = ${filters.category}`);
  const tsQuery = tsQueryOf(filters.text);
  if (tsQuery) parts.push(sql`p.search @@ to_tsquery('spanish', immutable_unaccent(${tsQuery}))`);
  if (visible !== "listed")
    parts.push(
      sql`p.list_state = 'published' and not p.hiden and (p.type <> 'experience' or p.experience_date is null or p.experience_date >= ${visible.addableAt})`,
    );
  else
    parts.push(
      sql`(p.list_state = 'published' and not p.hiden or p.shop_id = ${store.id}
        or exists (select 1 from ${storeProducts} s where s.shop_id = ${store.id} and s.product_id = p.id))`,
    );
  return sql.join(parts, sql` and `);
}

const orderBy: Record<ResaleSort, SQL> = {
  "-contribution_margin": sql`p.contribution_margin desc nulls last, p.id`,
  contribution_margin: sql`p.contribution_margin asc nulls last, p.id`,
  "-list_price": sql`p.list_price desc, p.id`,
  list_price: sql`p.list_price asc, p.id`,
  name: sql`p.name asc, p.id`,
};

export interface ResaleRow {
  id: string;
  slug: string;
  name: string;
  type: string;
  list_price: number;
  crossout_price: number | null;
  currency: string;
  hide_price: boolean;
  is_free: boolean;
  is_dropshipping: boolean;
  contribution_margin: number | null;
  owner: string;
  owner_name: string;
  owner_slug: string;
  category: string | null;
  list_state: string;
  hiden: boolean;
  experience_date: Date | string | null;
  in_store: boolean;
  photo: string | null;
}

/** One page of pickable items with in_store and the first photo, in the chosen order. */
export async function selectResalePage(
  db: DbOrTx,
  store: PickerStore,
  filters: ResaleFilters,
  page: { sort: ResaleSort; offset: number; limit: number },
): Promise<ResaleRow[]> {
  const result = await db.execute(sql`
    select p.id, p.slug, p.name, p.type, p.list_price, p.crossout_price, p.currency, p.hide_price, p.is_free, p.is_dropshipping,
      p.contribution_margin, p.shop_id as owner, o.name as owner_name, o.slug as owner_slug, p.category, p.list_state, p.hiden,
      p.experience_date,
      (p.shop_id = ${store.id} or exists (select 1 from ${storeProducts} s where s.shop_id = ${store.id} and s.product_id = p.id)) as in_store,
      (select i.thumb from ${productImages} i where i.product_id = p.id order by i.position limit 1) as photo
    from ${products} p join ${shops} o on o.id = p.shop_id
    where ${pickable(store, filters, "listed")}
    order by ${orderBy[page.sort]}
    offset ${page.offset} limit ${page.limit}`);
  return rowsOf<ResaleRow>(result);
}

/**
 * How many items match: counted exactly up to `checkAtLeast`; past it, the planner's row estimate (never below
 * checkAtLeast), so a broad search over 100,000 items does not count them all.
 */
export async function countResale(db: DbOrTx, store: PickerStore, filters: ResaleFilters, checkAtLeast: number): Promise<number> {
  const where = pickable(store, filters, "listed");
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from ${products} p join ${shops} o on o.id = p.shop_id where ${where} limit ${checkAtLeast}) t`,
    ),
  );
  if (Number(n) < checkAtLeast) return Number(n);
  try {
    const plan = rowsOf<Record<string, unknown>>(
      await db.execute(sql`explain (format json) select 1 from ${products} p join ${shops} o on o.id = p.shop_id where ${where}`),
    );
    const raw = Object.values(plan[0] ?? {})[0];
    const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
    return Math.max(checkAtLeast, Math.round(parsed[0]?.Plan["Plan Rows"] ?? 0));
  } catch {
    return checkAtLeast;
  }
}

/** Exactly how many items 'add all' will add. */
export async function countAddable(db: DbOrTx, store: PickerStore, filters: ResaleFilters, now: Date): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from ${products} p join ${shops} o on o.id = p.shop_id where ${pickable(store, filters, { addableAt: now })}`,
    ),
  );
  return Number(n);
}

/** The next `limit` addable item ids after `cursor`, by id (a keyset, so a resumed bulk add continues where it stopped). */
export async function selectAddableIds(
  db: DbOrTx,
  store: PickerStore,
  filters: ResaleFilters,
  batch: { cursor: string | null; limit: number; now: Date },
): Promise<string[]> {
  const after = batch.cursor ? sql`and p.id > ${batch.cursor}` : sql``;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select p.id from ${products} p join ${shops} o on o.id = p.shop_id
      where ${pickable(store, filters, { addableAt: batch.now })} ${after} order by p.id limit ${batch.limit}`),
  );
  return rows.map((row) => row.id);
}

/**
 * Distinct categories of the pickable items, by name, with an optional name filter. A DISTINCT over 100,000 rows is
 * slow, so the candidate names come from a loose index scan (one index probe per category on the dropshipping
 * category index), and each candidate is kept when at least one pickable item has it.
 */
export async function selectResaleCategories(
  db: DbOrTx,
  store: PickerStore,
  filters: ResaleFilters,
  options: { name?: string; offset: number; limit: number },
): Promise<{ names: string[]; total: number }> {
  const mine = filters.scope === "mine" && store.isFranchise;
  const candidates = mine
    ? sql`select distinct p.category as name from ${products} p where p.shop_id = ${store.rootShopId ?? store.id} and p.category is not null`
    : sql`select name from (
        with recursive c(name) as (
          (select p.category from ${products} p where p.is_dropshipping and p.category is not null order by p.category limit 1)
          union all
          select (select p.category from ${products} p where p.is_dropshipping and p.category > c.name order by p.category limit 1)
          from c where c.name is not null
        ) select name from c where name is not null) names`;
  const like = options.name
    ? sql`and immutable_unaccent(lower(k.name)) like immutable_unaccent(${`%${unaccentLike(options.name)}%`})`
    : sql``;
  const base = sql`select k.name from (${candidates}) k
    where exists (select 1 from ${products} p join ${shops} o on o.id = p.shop_id
                  where p.category = k.name and ${pickable(store, filters, "listed")}) ${like}`;
  const found = rowsOf<{ name: string }>(await db.execute(sql`${base} order by k.name`));
  const names = found.map((row) => row.name);
  return { names: names.slice(options.offset, options.offset + options.limit), total: names.length };
}

/** Lower-case text with LIKE's wildcards escaped; the database unaccents it. */
function unaccentLike(text: string): string {
  return text.toLowerCase().replace(/[%_\\]/g, "\\$&");
}

export interface SupplierRow {
  id: string;
  name: string;
  slug: string;
  photo: string | null;
  audience: DropshippingAudience | null;
  state: AccessRequestState | null;
}

/** Shops with at least one published dropshipping item (of `type`), other than the store, by name. */
export async function selectDssuppliers(
  db: DbOrTx,
  storeId: string,
  options: { text?: string; type?: string; offset: number; limit: number },
): Promise<{ rows: SupplierRow[]; total: number }> {
  const typeFilter = options.type ? sql`and p.type = ${options.type}` : sql``;
  const nameFilter = options.text
    ? sql`and immutable_unaccent(lower(o.name)) like immutable_unaccent(${`%${unaccentLike(options.text)}%`})`
    : sql``;
  const where = sql`o.id <> ${storeId} and not o.disabled ${nameFilter}
    and exists (select 1 from ${products} p where p.shop_id = o.id and p.is_dropshipping and p.contribution_margin is not null
      and p.list_state = 'published' and not p.hiden ${typeFilter})`;
  const [rows, [{ n }]] = await Promise.all([
    db
      .execute(
        sql`select o.id, o.name, o.slug, o.photo, dp.audience, ra.state from ${shops} o
        left join ${dropshippingPolicies} dp on dp.supplier_shop_id = o.id
        left join ${resellerAccess} ra on ra.supplier_shop_id = o.id and ra.reseller_shop_id = ${storeId}
        where ${where} order by o.name, o.id offset ${options.offset} limit ${options.limit}`,
      )
      .then((result) => rowsOf<SupplierRow>(result)),
    db.execute(sql`select count(*)::int as n from ${shops} o where ${where}`).then((result) => rowsOf<{ n: number }>(result)),
  ]);
  return { rows, total: Number(n) };
}

export async function selectAudience(db: DbOrTx, supplierShopId: string): Promise<DropshippingAudience> {
  const [row] = await db
    .select({ audience: dropshippingPolicies.audience })
    .from(dropshippingPolicies)
    .where(eq(dropshippingPolicies.supplierShopId, supplierShopId))
    .limit(1);
  return (row?.audience as DropshippingAudience | undefined) ?? "all";
}

export async function selectAccessRequest(db: DbOrTx, supplierShopId: string, resellerShopId: string) {
  const [row] = await db
    .select()
    .from(resellerAccess)
    .where(and(eq(resellerAccess.supplierShopId, supplierShopId), eq(resellerAccess.resellerShopId, resellerShopId)))
    .limit(1);
  return row ?? null;
}

/** A supplier's access requests with each reseller shop, newest first. */
export async function selectAccessRequests(
  db: DbOrTx,
  supplierShopId: string,
  options: { state?: AccessRequestState; offset: number; limit: number },
) {
  const where = and(eq(resellerAccess.supplierShopId, supplierShopId), options.state ? eq(resellerAccess.state, options.state) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ request: resellerAccess, reseller: { id: shops.id, name: shops.name, slug: shops.slug, photo: shops.photo } })
      .from(resellerAccess)
      .innerJoin(shops, eq(shops.id, resellerAccess.resellerShopId))
      .where(where)
      .orderBy(desc(resellerAccess.requestedAt), shops.id)
      .offset(options.offset)
      .limit(options.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(resellerAccess)
      .where(where),
  ]);
  return { rows, total: Number(n) };
}
