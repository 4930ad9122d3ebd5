import type { ProductImage, ProductType } from "@tianguis/domain/schemas/product";
import { type SQL, and, asc, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { productImages, products, storeProducts } from "../../db/schema/catalog";
import { shops } from "../../db/schema/shops";

export type ListingSort = "queue_position" | "-list_price" | "list_price";

const owners = alias(shops, "owners");

/** Items a store shows: its own and those it resells (store_products), each with its position in that store. */
export async function selectStoreProducts(
  db: DbOrTx,
  shopId: string,
  options: { type?: ProductType; offset: number; limit: number; sort: ListingSort; extraWhere?: SQL },
) {
  const inStore = and(eq(storeProducts.productId, products.id), eq(storeProducts.shopId, shopId));
  const where = and(
    or(eq(products.shopId, shopId), isNotNull(storeProducts.shopId)),
    options.type ? eq(products.type, options.type) : undefined,
    options.extraWhere,
  );
  const position = sql<number>`coalesce(${storeProducts.queuePosition}, ${products.queuePosition})`;
  const order =
    options.sort === "list_price"
      ? [asc(products.listPrice), asc(products.id)]
      : options.sort === "-list_price"
        ? [desc(products.listPrice), asc(products.id)]
        : [asc(position), desc(products.createdAt), asc(products.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ product: products, ownerName: owners.name, ownerSlug: owners.slug, inStore: sql<boolean>`${storeProducts.shopId} is not null`, position })
      .from(products)
      .innerJoin(owners, eq(owners.id, products.shopId))
      .leftJoin(storeProducts, inStore)
      .where(where)
      .orderBy(...order)
      .offset(options.offset)
      .limit(options.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .leftJoin(storeProducts, inStore)
      .where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function selectImages(db: DbOrTx, productIds: string[]): Promise<Map<string, ProductImage[]>> {
  const byProduct = new Map<string, ProductImage[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({ id: row.id, original: row.original, thumb: row.thumb, card: row.card, alt: row.alt });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}
