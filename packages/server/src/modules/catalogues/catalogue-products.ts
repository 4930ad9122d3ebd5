import { clampPosition, moveItem } from "@tianguis/domain/rules/catalogue-position";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { and, asc, eq, ilike, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { products, storeProducts } from "../../db/schema/catalog";
import { catalogueProducts, catalogues } from "../../db/schema/catalogues";
import { shops } from "../../db/schema/shops";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../accounts/sessions";
import { selectImages } from "../catalog/queries";
import { toProductView } from "../catalog/views";
import { requireShopAdmin } from "../shops/service";
import { getCatalogue, shopIdOf } from "./service";
import { ensureInStore, findShowableProduct } from "./store-products";

const owners = alias(shops, "owners");

/** Items of a catalogue by queue_position (the spec's 'most relevant'), with a text filter. */
export async function listCatalogueProducts(ctx: AppContext, slug: string, ref: string, options: { offset: number; limit: number; text?: string }) {
  const shopId = await shopIdOf(ctx, slug);
  const { catalogue } = await getCatalogue(ctx, shopId, ref);
  const where = and(eq(catalogueProducts.catalogueId, catalogue.id), options.text ? ilike(products.name, `%${options.text.replace(/[%_\\]/g, "\\$&")}%`) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ product: products, ownerName: owners.name, ownerSlug: owners.slug, position: catalogueProducts.queuePosition, inStore: sql<boolean>`(${products.shopId} = ${shopId} or ${storeProducts.shopId} is not null)` })
      .from(catalogueProducts)
      .innerJoin(products, eq(products.id, catalogueProducts.productId))
      .innerJoin(owners, eq(owners.id, products.shopId))
      .leftJoin(storeProducts, and(eq(storeProducts.productId, products.id), eq(storeProducts.shopId, shopId)))
      .where(where)
      .orderBy(asc(catalogueProducts.queuePosition), asc(catalogueProducts.addedAt), asc(products.id))
      .offset(options.offset)
      .limit(options.limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(catalogueProducts).innerJoin(products, eq(products.id, catalogueProducts.productId)).where(where),
  ]);
  const images = await selectImages(ctx.db, rows.map((row) => row.product.id));
  const now = ctx.clock.now();
  const results: ProductView[] = rows.map((row) =>
    toProductView(row.product, { name: row.ownerName, slug: row.ownerSlug }, images.get(row.product.id) ?? [], { now, inStore: !!row.inStore, queuePosition: row.position }),
  );
  return { catalogue: catalogue.id, results, matches_estimated: Number(total) };
}

async function orderedProductIds(db: DbOrTx, catalogueId: string): Promise<string[]> {
  const rows = await db
    .select({ id: catalogueProducts.productId })
    .from(catalogueProducts)
    .where(eq(catalogueProducts.catalogueId, catalogueId))
    .orderBy(asc(catalogueProducts.queuePosition), asc(catalogueProducts.addedAt), asc(catalogueProducts.productId));
  return rows.map((row) => row.id);
}

async function writeProductPositions(db: DbOrTx, catalogueId: string, ids: string[]) {
  for (const [position, id] of ids.entries())
    await db.update(catalogueProducts).set({ queuePosition: position }).where(and(eq(catalogueProducts.catalogueId, catalogueId), eq(catalogueProducts.productId, id)));
}

async function touch(db: DbOrTx, catalogueId: string, now: Date) {
  await db.update(catalogues).set({ updatedAt: now }).where(eq(catalogues.id, catalogueId));
}

/** Adds an item at the end of the catalogue; a resold item is put in the store too. */
export async function addCatalogueProduct(ctx: AppContext, slug: string, user: SessionUser | null, ref: string, productId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const { catalogue } = await getCatalogue(ctx, shop.id, ref);
  const product = await findShowableProduct(ctx.db, productId, shop.id);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [{ next }] = await tx.select({ next: sql<number>`count(*)::int` }).from(catalogueProducts).where(eq(catalogueProducts.catalogueId, catalogue.id));
    await tx.insert(catalogueProducts).values({ catalogueId: catalogue.id, productId: product.id, queuePosition: Number(next), addedAt: now }).onConflictDoNothing();
    await ensureInStore(tx, shop.id, product, now);
    await touch(tx, catalogue.id, now);
  });
  return { catalogue: catalogue.id, product: product.id };
}

export async function removeCatalogueProduct(ctx: AppContext, slug: string, user: SessionUser | null, ref: string, productId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const { catalogue } = await getCatalogue(ctx, shop.id, ref);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(catalogueProducts).where(and(eq(catalogueProducts.catalogueId, catalogue.id), eq(catalogueProducts.productId, productId))).returning();
    if (removed.length === 0) throw new AppError("product_not_found", { status: 404 });
    await writeProductPositions(tx, catalogue.id, await orderedProductIds(tx, catalogue.id));
    await touch(tx, catalogue.id, ctx.clock.now());
  });
}

/**
 * Moves an item to `queuePosition` (zero-based). The catalogue row is locked without waiting: a move that
 * meets another one in progress answers 400 updating_position_error (the client says 'try later').
 */
export async function moveCatalogueProduct(ctx: AppContext, slug: string, user: SessionUser | null, ref: string, productId: string, queuePosition: number) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const { catalogue } = await getCatalogue(ctx, shop.id, ref);
  return ctx.db.transaction(async (tx) => {
    try {
      await tx.select({ id: catalogues.id }).from(catalogues).where(eq(catalogues.id, catalogue.id)).for("update", { noWait: true });
    } catch {
      throw new AppError("updating_position_error", { status: 400 });
    }
    const ids = await orderedProductIds(tx, catalogue.id);
    const from = ids.indexOf(productId);
    if (from < 0) throw new AppError("product_not_found", { status: 404 });
    const to = clampPosition(queuePosition, ids.length);
    if (to === null || to !== queuePosition) throw new AppError("validation_failed", { status: 400, fields: { queue_position: "validation_failed" } });
    await writeProductPositions(tx, catalogue.id, moveItem(ids, from, to));
    await touch(tx, catalogue.id, ctx.clock.now());
    return { product: productId, queue_position: to };
  });
}
