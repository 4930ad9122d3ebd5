import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { products, storeProducts } from "../../db/schema/catalog";
import { catalogueProducts, catalogues } from "../../db/schema/catalogues";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../accounts/sessions";
import { requireShopAdmin } from "../shops/service";

export async function findProduct(db: DbOrTx, productId: string) {
  const [row] = await db.select({ id: products.id, shopId: products.shopId, listState: products.listState }).from(products).where(eq(products.id, productId)).limit(1);
  if (!row) throw new AppError("product_not_found", { status: 404 });
  return row;
}

/** An item `shopId` may show: its own, or another supplier's published one. */
export async function findShowableProduct(db: DbOrTx, productId: string, shopId: string) {
  const row = await findProduct(db, productId);
  if (row.shopId !== shopId && row.listState !== "published") throw new AppError("product_not_found", { status: 404 });
  return row;
}

async function isInStore(db: DbOrTx, shopId: string, productId: string): Promise<boolean> {
  const [row] = await db.select({ id: storeProducts.productId }).from(storeProducts).where(and(eq(storeProducts.shopId, shopId), eq(storeProducts.productId, productId))).limit(1);
  return !!row;
}

/** Puts another supplier's item in the shop (store_products) at the end of the list; own items are always in store. */
export async function ensureInStore(db: DbOrTx, shopId: string, product: { id: string; shopId: string }, now: Date) {
  if (product.shopId === shopId) return;
  const [{ next }] = await db.select({ next: sql<number>`coalesce(max(${storeProducts.queuePosition}) + 1, 0)::int` }).from(storeProducts).where(eq(storeProducts.shopId, shopId));
  await db.insert(storeProducts).values({ shopId, productId: product.id, queuePosition: Number(next), addedAt: now }).onConflictDoNothing();
}

/** After duplicating a catalogue, every resold item in it becomes part of the store too. */
export async function ensureCatalogueItemsInStore(db: DbOrTx, shopId: string, catalogueId: string) {
  await db.execute(sql`
    insert into ${storeProducts} (shop_id, product_id, queue_position)
    select ${shopId}, cp.product_id, cp.queue_position from ${catalogueProducts} cp
    join ${products} p on p.id = cp.product_id
    where cp.catalogue_id = ${catalogueId} and p.shop_id <> ${shopId}
    on conflict do nothing`);
}

export async function inStoreStatus(ctx: AppContext, slug: string, user: SessionUser | null, productId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const product = await findProduct(ctx.db, productId);
  const own = product.shopId === shop.id;
  return { product_id: product.id, own, in_store: own || (await isInStore(ctx.db, shop.id, product.id)) };
}

export async function addToStore(ctx: AppContext, slug: string, user: SessionUser | null, productId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const product = await findShowableProduct(ctx.db, productId, shop.id);
  await ensureInStore(ctx.db, shop.id, product, ctx.clock.now());
  return { product_id: product.id, own: product.shopId === shop.id, in_store: true };
}

/** Takes a resold item out of the store and out of the store's catalogues. A shop's own items stay. */
export async function removeFromStore(ctx: AppContext, slug: string, user: SessionUser | null, productId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const product = await findProduct(ctx.db, productId);
  if (product.shopId === shop.id) throw new AppError("product_error", { status: 400 });
  await ctx.db.transaction(async (tx) => {
    await tx.delete(storeProducts).where(and(eq(storeProducts.shopId, shop.id), eq(storeProducts.productId, product.id)));
    await tx.execute(sql`delete from ${catalogueProducts} where product_id = ${product.id} and catalogue_id in (select id from ${catalogues} where shop_id = ${shop.id})`);
  });
  return { product_id: product.id, own: false, in_store: false };
}
