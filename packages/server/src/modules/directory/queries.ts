import { and, asc, count, desc, eq, getTableColumns, ilike, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { products } from "../../db/schema/catalog";
import { shops } from "../../db/schema/shops";

// The business network is a read across the marketplace: it joins shops (the businesses) and products (their published
// items). Reads only; shops and products are written by their own modules.
const owners = alias(shops, "owners");
const { search: _search, ...productColumns } = getTableColumns(products);

/** Enabled, non-proxy shops (name filter), most published items first, with their item count; and their total. */
export async function selectBusinesses(db: DbOrTx, options: { text?: string; offset: number; limit: number }) {
  const itemCount = sql<number>`(select count(*)::int from ${products} p where p.shop_id = "shops"."id" and p.list_state = 'published')`;
  const nameFilter = options.text ? ilike(shops.name, `%${options.text.replace(/[%_]/g, "")}%`) : undefined;
  const where = and(eq(shops.disabled, false), ne(shops.isProxy, true), nameFilter);
  const columns = {
    id: shops.id,
    slug: shops.slug,
    name: shops.name,
    photo: shops.photo,
    seo: shops.seoDescription,
    shopType: shops.storeType,
    theme: shops.storeThemeInfo,
  };
  const rows = await db
    .select({ shop: columns, items: itemCount })
    .from(shops)
    .where(where)
    .orderBy(desc(itemCount), asc(shops.name))
    .offset(options.offset)
    .limit(options.limit);
  const [{ total }] = await db.select({ total: count() }).from(shops).where(where);
  return { rows, total: Number(total) };
}

/** Published, visible items of enabled shops, newest first, with their owner shop; `tsQuery` is a sanitised tsquery. */
export async function selectNetworkProducts(db: DbOrTx, options: { tsQuery?: string; type?: string; offset: number; limit: number }) {
  const where = and(
    eq(products.listState, "published"),
    eq(products.hiden, false),
    eq(owners.disabled, false),
    options.type ? eq(products.type, options.type) : undefined,
    options.tsQuery ? sql`${products.search} @@ to_tsquery('spanish', immutable_unaccent(${options.tsQuery}))` : undefined,
  );
  const rows = await db
    .select({ product: productColumns, ownerName: owners.name, ownerSlug: owners.slug })
    .from(products)
    .innerJoin(owners, eq(owners.id, products.shopId))
    .where(where)
    .orderBy(desc(products.createdAt), asc(products.id))
    .offset(options.offset)
    .limit(options.limit);
  const [{ total }] = await db.select({ total: count() }).from(products).innerJoin(owners, eq(owners.id, products.shopId)).where(where);
  return { rows, total: Number(total) };
}
