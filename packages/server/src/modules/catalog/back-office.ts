import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { products } from "../../db/schema/catalog";

/** The catalog's read doors for the back office (issue 29: the products report and the dashboard's low stock). */

export async function countShopProducts(db: DbOrTx, shopId: string): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(products).where(eq(products.shopId, shopId));
  return Number(total);
}

/** One batch of a shop's items by slug (unique in the shop), after `afterSlug`. */
export async function selectProductReportBatch(db: DbOrTx, shopId: string, afterSlug: string | null, limit: number) {
  return db
    .select({
      slug: products.slug,
      name: products.name,
      type: products.type,
      category: products.category,
      listPrice: products.listPrice,
      currency: products.currency,
      stockType: products.stockType,
      stock: products.stock,
    })
    .from(products)
    .where(and(eq(products.shopId, shopId), afterSlug === null ? undefined : gt(products.slug, afterSlug)))
    .orderBy(asc(products.slug))
    .limit(limit);
}

/** Items on stock with the fewest units left, at most `units` (products_shop_low_stock_idx), as a builder. */
export function lowStockProducts(db: DbOrTx, shopId: string, units: number, limit: number) {
  return db
    .select({ id: products.id, name: products.name, stock: sql<number>`${products.stock}` })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.stockType, "onstock"), sql`${products.stock} <= ${units}`))
    .orderBy(asc(products.stock), asc(products.name))
    .limit(limit);
}
