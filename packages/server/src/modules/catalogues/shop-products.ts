import { accessOf, resaleRefusal } from "@tianguis/domain/rules/reseller";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { storeProducts } from "../../db/schema/catalog";
import { catalogueProducts, catalogues } from "../../db/schema/catalogues";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { requireProductSummary } from "../catalog/service";
import { requireShopAdmin, requireShopById } from "../shops/service";
import { insertResoldCatalogueItems, selectResaleAccess, selectResaleCandidate } from "./queries";

/**
 * 404, 422 invalid_product, 422 experience_concluded or 403 reseller_access_required unless the store may show
 * the item: its own, its franchise supplier's, or a dropshipping item whose supplier lets the store resell it. The rule
 * is the domain's (rules/reseller.ts); the policy and access it reads are the reseller module's, which builds on this
 * module (its picker and 'add all' write through catalogues/service.ts), so this module reads them rather than asking it.
 */
async function requireResellable(db: DbOrTx, productId: string, storeShopId: string, now: Date): Promise<void> {
  const item = await selectResaleCandidate(db, productId);
  if (!item) throw new AppError("product_not_found", { status: 404 });
  if (item.shopId === storeShopId) return;
  const store = await requireShopById(db, storeShopId);
  const { audience, requestState } = await selectResaleAccess(db, item.shopId, storeShopId);
  const access = accessOf(audience, requestState);
  const refusal = resaleRefusal(item, { id: store.id, rootShopId: store.rootShopId }, access, now);
  if (refusal) throw new AppError(refusal.code, { status: refusal.status, details: { type: item.type } });
}

/** An item `shopId` may show: its own, or another supplier's that it may resell (else 404/422/403). */
export async function findShowableProduct(db: DbOrTx, productId: string, shopId: string, now: Date) {
  const row = await requireProductSummary(db, productId);
  if (row.shopId !== shopId) await requireResellable(db, row.id, shopId, now);
  return row;
}

async function isInShop(db: DbOrTx, shopId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: storeProducts.productId })
    .from(storeProducts)
    .where(and(eq(storeProducts.shopId, shopId), eq(storeProducts.productId, productId)))
    .limit(1);
  return !!row;
}

/** Puts another supplier's item in the shop (store_products) at the end of the list; own items are always in store. */
export async function ensureInShop(db: DbOrTx, shopId: string, product: { id: string; shopId: string }, now: Date) {
  if (product.shopId === shopId) return;
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${storeProducts.queuePosition}) + 1, 0)::int` })
    .from(storeProducts)
    .where(eq(storeProducts.shopId, shopId));
  await db
    .insert(storeProducts)
    .values({ shopId, productId: product.id, queuePosition: Number(next), addedAt: now })
    .onConflictDoNothing();
}

/** After duplicating a catalogue, every resold item in it becomes part of the shop too. */
export async function ensureCatalogueItemsInShop(db: DbOrTx, shopId: string, catalogueId: string) {
  await insertResoldCatalogueItems(db, shopId, catalogueId);
}

export async function inShopStatus(ctx: AppContext, slug: string, user: SessionUser | null, productId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const product = await requireProductSummary(ctx.db, productId);
  const own = product.shopId === shop.id;
  return { product_id: product.id, own, in_store: own || (await isInShop(ctx.db, shop.id, product.id)) };
}

export async function addToShop(ctx: AppContext, slug: string, user: SessionUser | null, productId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const product = await findShowableProduct(ctx.db, productId, shop.id, ctx.clock.now());
  await ensureInShop(ctx.db, shop.id, product, ctx.clock.now());
  return { product_id: product.id, own: product.shopId === shop.id, in_store: true };
}

/** Takes a resold item out of the shop and out of the shop's catalogues. A shop's own items stay. */
export async function removeFromShop(ctx: AppContext, slug: string, user: SessionUser | null, productId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const product = await requireProductSummary(ctx.db, productId);
  if (product.shopId === shop.id) throw new AppError("product_error", { status: 400 });
  await ctx.db.transaction(async (tx) => {
    await tx.delete(storeProducts).where(and(eq(storeProducts.shopId, shop.id), eq(storeProducts.productId, product.id)));
    await tx.execute(
      sql`delete from ${catalogueProducts} where product_id = ${product.id} and catalogue_id in (select id from ${catalogues} where shop_id = ${shop.id})`,
    );
  });
  return { product_id: product.id, own: false, in_store: false };
}
