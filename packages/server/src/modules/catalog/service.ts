import type { ProductType, ProductView } from "@tianguis/domain/schemas/product";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { selectShop } from "../shops/queries";
import { cached } from "./cache";
import { type ListingSort, selectCategories, selectImages, selectProduct, selectStorePlacement, selectStoreProducts } from "./queries";
import { listingTsQuery } from "./search";
import { toProductView } from "./views";

export interface Listing {
  results: ProductView[];
  matches_estimated: number;
}

export interface ListingOptions {
  type?: ProductType;
  offset: number;
  limit: number;
  sort: ListingSort;
  /** Text query as typed (`tala*`, `rebozo OR huipil`). */
  q?: string;
  category?: string;
}

async function findShopId(ctx: AppContext, slug: string): Promise<string> {
  const found = await selectShop(ctx.db, { slug });
  if (!found) throw new AppError("shop_not_found");
  return found.shop.id;
}

export async function listShopProducts(ctx: AppContext, shopSlug: string, options: ListingOptions): Promise<Listing> {
  const shopId = await findShopId(ctx, shopSlug);
  const { rows, total } = await selectStoreProducts(ctx.db, shopId, { ...options, tsQuery: listingTsQuery(options.q) });
  const images = await selectImages(ctx.db, rows.map((row) => row.product.id));
  const now = ctx.clock.now();
  return {
    results: rows.map((row) =>
      toProductView(row.product, { name: row.ownerName, slug: row.ownerSlug }, images.get(row.product.id) ?? [], {
        now,
        inStore: row.inStore,
        queuePosition: row.position,
      }),
    ),
    matches_estimated: total,
  };
}

/** The anonymous listing as its JSON text, from the short-lived cache: serialised once per entry. */
export async function listShopProductsJson(ctx: AppContext, shopSlug: string, options: ListingOptions): Promise<string> {
  const key = `listing:${shopSlug.toLowerCase()}:${options.type ?? ""}:${options.offset}:${options.limit}:${options.sort}:${options.q ?? ""}:${options.category ?? ""}`;
  return cached(key, async () => JSON.stringify(await listShopProducts(ctx, shopSlug, options)));
}

export async function listShopCategories(ctx: AppContext, shopSlug: string) {
  return cached(`categories:${shopSlug.toLowerCase()}`, async () => ({ results: await selectCategories(ctx.db, await findShopId(ctx, shopSlug)) }));
}

/** One item as a store shows it: 404 unless it is the store's own or the store resells it. */
export async function getShopProduct(ctx: AppContext, shopSlug: string | null, productId: string): Promise<ProductView> {
  const row = await selectProduct(ctx.db, productId);
  if (!row) throw new AppError("product_not_found", { status: 404 });
  let placement: { inStore: boolean; queuePosition: number } = { inStore: false, queuePosition: row.product.queuePosition };
  if (shopSlug) {
    const shopId = await findShopId(ctx, shopSlug);
    if (row.product.shopId !== shopId) {
      const resold = await selectStorePlacement(ctx.db, shopId, productId);
      if (!resold) throw new AppError("product_not_found", { status: 404 });
      placement = { inStore: true, queuePosition: resold.queuePosition };
    }
  }
  const images = await selectImages(ctx.db, [productId]);
  return toProductView(row.product, { name: row.ownerName, slug: row.ownerSlug }, images.get(productId) ?? [], { now: ctx.clock.now(), ...placement });
}
