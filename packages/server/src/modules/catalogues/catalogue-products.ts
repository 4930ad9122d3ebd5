import { clampPosition, moveItem } from "@tianguis/domain/rules/catalogue-position";
import { and, asc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { catalogueProducts, catalogues } from "../../db/schema/catalogues";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { toProductViews } from "../catalog/service";
import { requireShopAdmin, requireShopBySlug } from "../shops/service";
import { selectCatalogueProducts } from "./queries";
import { getCatalogue } from "./service";
import { ensureInShop, findShowableProduct } from "./shop-products";

/** Items of a catalogue by queue_position (the spec's 'most relevant'), with a text filter. */
export async function listCatalogueProducts(
  ctx: AppContext,
  slug: string,
  ref: string,
  options: { offset: number; limit: number; text?: string },
) {
  const shopId = (await requireShopBySlug(ctx.db, slug)).id;
  const { catalogue } = await getCatalogue(ctx, shopId, ref);
  const { rows, total } = await selectCatalogueProducts(ctx.db, shopId, catalogue.id, options);
  return { catalogue: catalogue.id, results: await toProductViews(ctx, rows), matches_estimated: total };
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
    await db
      .update(catalogueProducts)
      .set({ queuePosition: position })
      .where(and(eq(catalogueProducts.catalogueId, catalogueId), eq(catalogueProducts.productId, id)));
}

async function touch(db: DbOrTx, catalogueId: string, now: Date) {
  await db.update(catalogues).set({ updatedAt: now }).where(eq(catalogues.id, catalogueId));
}

/** Adds an item at the end of the catalogue; a resold item is put in the shop too. */
export async function addCatalogueProduct(ctx: AppContext, slug: string, user: SessionUser | null, ref: string, productId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const { catalogue } = await getCatalogue(ctx, shop.id, ref);
  const product = await findShowableProduct(ctx.db, productId, shop.id, ctx.clock.now());
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [{ next }] = await tx
      .select({ next: sql<number>`count(*)::int` })
      .from(catalogueProducts)
      .where(eq(catalogueProducts.catalogueId, catalogue.id));
    await tx
      .insert(catalogueProducts)
      .values({ catalogueId: catalogue.id, productId: product.id, queuePosition: Number(next), addedAt: now })
      .onConflictDoNothing();
    await ensureInShop(tx, shop.id, product, now);
    await touch(tx, catalogue.id, now);
  });
  return { catalogue: catalogue.id, product: product.id };
}

export async function removeCatalogueProduct(ctx: AppContext, slug: string, user: SessionUser | null, ref: string, productId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const { catalogue } = await getCatalogue(ctx, shop.id, ref);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(catalogueProducts)
      .where(and(eq(catalogueProducts.catalogueId, catalogue.id), eq(catalogueProducts.productId, productId)))
      .returning();
    if (removed.length === 0) throw new AppError("product_not_found", { status: 404 });
    await writeProductPositions(tx, catalogue.id, await orderedProductIds(tx, catalogue.id));
    await touch(tx, catalogue.id, ctx.clock.now());
  });
}

/**
 * Moves an item to `queuePosition` (zero-based). The catalogue row is locked without waiting: a move that
 * meets another one in progress answers 400 updating_position_error (the client says 'try later').
 */
export async function moveCatalogueProduct(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  ref: string,
  productId: string,
  queuePosition: number,
) {
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
    if (to === null || to !== queuePosition)
      throw new AppError("validation_failed", { status: 400, fields: { queue_position: "validation_failed" } });
    await writeProductPositions(tx, catalogue.id, moveItem(ids, from, to));
    await touch(tx, catalogue.id, ctx.clock.now());
    return { product: productId, queue_position: to };
  });
}
