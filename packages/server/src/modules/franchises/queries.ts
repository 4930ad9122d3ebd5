import { franchiseStoreTypes } from "@tianguis/domain/rules/franchises";
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { shopFranchises } from "../../db/schema/franchises";
import { shops } from "../../db/schema/shops";

// A franchise list is a read across shops: it joins the listed stores' names, photos and addresses. Reads only; the
// shops table is written by the shops module, shop_franchises by this module alone.

const storeColumns = {
  id: shops.id,
  slug: shops.slug,
  name: shops.name,
  photo: shops.photo,
  canonicalUrl: shops.canonicalUrl,
  storeType: shops.storeType,
  disabled: shops.disabled,
  isProxy: shops.isProxy,
};
export type FranchiseStoreRow = { [K in keyof typeof storeColumns]: (typeof shops.$inferSelect)[K] } & { inStore: boolean };

const isPublic = and(eq(shops.disabled, false), eq(shops.isProxy, false));
const byName = [asc(shops.name), asc(shops.id)];

/** The stores `shopId` lists, by name; `publicOnly` leaves out disabled and proxy stores (the visitors' list). */
export async function selectListedFranchises(db: DbOrTx, shopId: string, options: { publicOnly: boolean; offset: number; limit: number }) {
  const where = and(eq(shopFranchises.shopId, shopId), options.publicOnly ? isPublic : undefined);
  const rows = await db
    .select({ ...storeColumns, inStore: sql<boolean>`true` })
    .from(shopFranchises)
    .innerJoin(shops, eq(shops.id, shopFranchises.franchiseShopId))
    .where(where)
    .orderBy(...byName)
    .offset(options.offset)
    .limit(options.limit);
  const [{ total }] = await db
    .select({ total: count() })
    .from(shopFranchises)
    .innerJoin(shops, eq(shops.id, shopFranchises.franchiseShopId))
    .where(where);
  return { rows: rows as FranchiseStoreRow[], total: Number(total) };
}

/**
 * The franchise modal's search: published (public) franchise and affinity stores other than the shop, outside any other
 * root store's affinity group, matching `text` in their name; each with whether the shop lists it. The same conditions
 * as rules/franchises.ts franchiseRefusal, in SQL.
 */
export async function selectPublishedFranchises(
  db: DbOrTx,
  shopId: string,
  options: { text?: string; type?: string; offset: number; limit: number },
) {
  const text = options.text?.replace(/[%_\\]/g, "").trim();
  const where = and(
    inArray(shops.storeType, options.type ? [options.type] : [...franchiseStoreTypes]),
    isPublic,
    ne(shops.id, shopId),
    or(isNull(shops.rootShopId), eq(shops.rootShopId, shopId)),
    text ? ilike(shops.name, `%${text}%`) : undefined,
  );
  const listed = and(eq(shopFranchises.shopId, shopId), eq(shopFranchises.franchiseShopId, shops.id));
  const rows = await db
    .select({ ...storeColumns, inStore: sql<boolean>`${shopFranchises.shopId} is not null` })
    .from(shops)
    .leftJoin(shopFranchises, listed)
    .where(where)
    .orderBy(...byName)
    .offset(options.offset)
    .limit(options.limit);
  const [{ total }] = await db.select({ total: count() }).from(shops).where(where);
  return { rows: rows as FranchiseStoreRow[], total: Number(total) };
}

/** Which of `ids` the shop lists. */
export async function selectListedIds(db: DbOrTx, shopId: string, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: shopFranchises.franchiseShopId })
    .from(shopFranchises)
    .where(and(eq(shopFranchises.shopId, shopId), inArray(shopFranchises.franchiseShopId, ids)));
  return new Set(rows.map((row) => row.id));
}

/** Lists a store; a second add (a retry, a double click, another tab) finds the row and changes nothing. */
export async function insertFranchise(db: DbOrTx, shopId: string, franchiseShopId: string, now: Date): Promise<void> {
  await db.insert(shopFranchises).values({ shopId, franchiseShopId, createdAt: now }).onConflictDoNothing();
}

export async function deleteFranchise(db: DbOrTx, shopId: string, franchiseShopId: string): Promise<void> {
  await db.delete(shopFranchises).where(and(eq(shopFranchises.shopId, shopId), eq(shopFranchises.franchiseShopId, franchiseShopId)));
}
