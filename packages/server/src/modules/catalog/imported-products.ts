import type { ImportedProduct } from "@tianguis/domain/rules/product-import";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { productImages, products } from "../../db/schema/catalog";
import type { StoredProductImage } from "../gallery/service";
import { slugify } from "./slugs";

/**
 * Items written from a product import (issue 29 §1), for the imports module: which SKUs a shop already has, and one
 * batch written by SKU. The batch is one `INSERT … ON CONFLICT (shop_id, sku) DO UPDATE`, so writing it again (a job
 * resumed after a crash) updates the same items instead of adding new ones, and each item is written whole or not at all.
 */

const SKU_CHUNK = 5_000;

/** Which of `skus` the shop's items already carry (an import updates those). */
export async function selectExistingSkus(db: DbOrTx, shopId: string, skus: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < skus.length; start += SKU_CHUNK) {
    const rows = await db
      .select({ sku: products.sku })
      .from(products)
      .where(and(eq(products.shopId, shopId), inArray(products.sku, skus.slice(start, start + SKU_CHUNK))));
    for (const row of rows) if (row.sku) found.add(row.sku);
  }
  return found;
}

/** A free slug per new item: its name's, else name and SKU, else those with a random tail; never one the shop has. */
async function freeSlugs(db: DbOrTx, shopId: string, items: ImportedProduct[]): Promise<string[]> {
  const first = items.map((item) => slugify(item.name));
  const second = items.map((item, index) => `${first[index]}-${slugify(item.sku)}`.slice(0, 100));
  const taken = new Set(
    (
      await db
        .select({ slug: products.slug })
        .from(products)
        .where(and(eq(products.shopId, shopId), inArray(products.slug, [...new Set([...first, ...second])])))
    ).map((row) => row.slug),
  );
  return items.map((_, index) => {
    const slug =
      [first[index], second[index]].find((candidate) => !taken.has(candidate)) ?? `${second[index]}-${randomBytes(3).toString("hex")}`;
    taken.add(slug);
    return slug;
  });
}

/**
 * Creates the items whose SKU the shop does not have and updates those it has (name, type, prices, stock, category,
 * description, dropshipping and margin, weight and package size, an experience's date; an empty weight is the default
 * 500 g). An item given photos (stored already, by SKU) has them in place of the ones it had; the files of those are
 * answered in `replacedFiles`, for the caller to delete once its transaction commits. Answers how many of each.
 * Takes the caller's transaction: the batch commits with the import's progress or not at all. Rows kept by an older
 * import (before package sizes, photos and experiences) read as having none.
 */
export async function writeImportedProducts(
  tx: DbOrTx,
  shopId: string,
  items: ImportedProduct[],
  now: Date,
  photos: Map<string, StoredProductImage[]> = new Map(),
): Promise<{ created: number; updated: number; replacedFiles: string[] }> {
  if (items.length === 0) return { created: 0, updated: 0, replacedFiles: [] };
  const slugs = await freeSlugs(tx, shopId, items);
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${products.queuePosition}) + 1, 0)::int` })
    .from(products)
    .where(eq(products.shopId, shopId));
  const rows = await tx
    .insert(products)
    .values(
      items.map((item, index) => ({
        shopId,
        sku: item.sku,
        slug: slugs[index],
        queuePosition: Number(next) + index,
        type: item.type,
        name: item.name,
        description: item.description,
        listPrice: item.list_price,
        crossoutPrice: item.crossout_price,
        stockType: item.stock === null ? "ondemand" : "onstock",
        stock: item.stock,
        category: item.category,
        isDropshipping: item.is_dropshipping,
        contributionMargin: item.contribution_margin,
        weightGrams: item.weight_grams ?? 500,
        lengthCm: item.length_cm ?? null,
        widthCm: item.width_cm ?? null,
        heightCm: item.height_cm ?? null,
        experienceDate: item.experience_date ? new Date(item.experience_date) : null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [products.shopId, products.sku],
      set: {
        type: sql`excluded.type`,
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        listPrice: sql`excluded.list_price`,
        crossoutPrice: sql`excluded.crossout_price`,
        stockType: sql`excluded.stock_type`,
        stock: sql`excluded.stock`,
        category: sql`excluded.category`,
        isDropshipping: sql`excluded.is_dropshipping`,
        contributionMargin: sql`excluded.contribution_margin`,
        weightGrams: sql`excluded.weight_grams`,
        lengthCm: sql`excluded.length_cm`,
        widthCm: sql`excluded.width_cm`,
        heightCm: sql`excluded.height_cm`,
        experienceDate: sql`excluded.experience_date`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ id: products.id, sku: products.sku, name: products.name, inserted: sql<boolean>`(xmax = 0)` });
  const created = rows.filter((row) => row.inserted).length;
  const withPhotos = rows.filter((row) => row.sku !== null && photos.has(row.sku));
  const replacedFiles: string[] = [];
  if (withPhotos.length > 0) {
    const removed = await tx
      .delete(productImages)
      .where(
        inArray(
          productImages.productId,
          withPhotos.map((row) => row.id),
        ),
      )
      .returning();
    for (const image of removed)
      replacedFiles.push(...[image.original, image.thumb, image.card, image.large].filter((url) => url !== null));
    await tx
      .insert(productImages)
      .values(
        withPhotos.flatMap((row) =>
          photos.get(row.sku!)!.map((stored, position) => ({ productId: row.id, position, alt: row.name, ...stored })),
        ),
      );
  }
  return { created, updated: rows.length - created, replacedFiles };
}
