import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { productImages, products, storeProducts } from "../../db/schema/catalog";
import { shops } from "../../db/schema/shops";

/**
 * The items `shopId` may sell (its own or resold), with their supplier and first photo: for carts and checkout.
 * Joins shops to read each supplier (a read only; shops are written by the shops module).
 */
export async function selectSellableProducts(db: DbOrTx, shopId: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      product: products,
      supplierName: shops.name,
      supplierSlug: shops.slug,
      supplierDisabled: shops.disabled,
      supplierPaymentTypes: shops.enabledPaymentTypes,
      photo: sql<
        string | null
      >`(select ${productImages.card} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(
      and(
        inArray(products.id, productIds),
        or(
          eq(products.shopId, shopId),
          sql`exists (select 1 from ${storeProducts} where ${storeProducts.shopId} = ${shopId} and ${storeProducts.productId} = ${products.id})`,
        ),
      ),
    );
}

export type SellableRow = Awaited<ReturnType<typeof selectSellableProducts>>[number];
