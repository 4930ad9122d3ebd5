import type { ProductImage, ProductType, ProductView } from "@tianguis/domain/schemas/product";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { requireShopAdmin, requireShopBySlug } from "../shops/service";
import { cached, forgetListingAnswers, invalidateCatalogCache } from "./cache";
import {
  type ListingSort,
  selectCategories,
  selectImages,
  selectProduct,
  selectProductSummary,
  selectShopPlacement,
  selectShopProducts,
} from "./queries";
import { listingTsQuery } from "./search";
import { type ProductRow, toProductView } from "./views";

/** The catalog module's door: listings and single items as the spec's product view, for routes and other modules. */

export type { ProductRow };
/** For carts and checkout: the items a shop may sell, and race-safe stock reservation. */
export { type SellableRow, selectSellableProducts } from "./sellable";
export { releaseStock, takeStock } from "./stock";
/** For the back office: the products report and the dashboard's low stock. */
export { countShopProducts, lowStockProducts, selectProductReportBatch } from "./back-office";
/** For product imports: the SKUs a shop has, and a batch of items written by SKU. */
export { selectExistingSkus, writeImportedProducts } from "./imported-products";

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

/** A product row read elsewhere (catalogues, directory) with its owner shop and, where it matters, its place in a shop. */
export interface ProductListRow {
  product: ProductRow;
  ownerName: string;
  ownerSlug: string;
  inShop?: boolean;
  position?: number;
}

/** Product views of rows another module read: their images are read here, in one query. */
export async function toProductViews(ctx: AppContext, rows: ProductListRow[]): Promise<ProductView[]> {
  const images = await productImagesOf(
    ctx.db,
    rows.map((row) => row.product.id),
  );
  const now = ctx.clock.now();
  return rows.map((row) =>
    toProductView(row.product, { name: row.ownerName, slug: row.ownerSlug }, images.get(row.product.id) ?? [], {
      now,
      inStore: row.inShop,
      queuePosition: row.position,
    }),
  );
}

/** An item's id, owner shop and list state, or 404 'product_not_found'. */
export async function requireProductSummary(db: DbOrTx, productId: string) {
  const row = await selectProductSummary(db, productId);
  if (!row) throw new AppError("product_not_found", { status: 404 });
  return row;
}

/** The images of each product, in position order. */
export async function productImagesOf(db: DbOrTx, productIds: string[]): Promise<Map<string, ProductImage[]>> {
  return selectImages(db, productIds);
}

/** The id of the shop a public read names, remembered like the reads themselves (cache.ts): its slug changes by a write. */
function shopIdOf(ctx: AppContext, shopSlug: string): Promise<string> {
  return cached(`shop:${shopSlug.toLowerCase()}`, async () => (await requireShopBySlug(ctx.db, shopSlug)).id);
}

export async function listShopProducts(ctx: AppContext, shopSlug: string, options: ListingOptions): Promise<Listing> {
  const shopId = await shopIdOf(ctx, shopSlug);
  const { rows, total } = await selectShopProducts(ctx.db, shopId, { ...options, tsQuery: listingTsQuery(options.q) });
  const now = ctx.clock.now();
  return {
    results: rows.map((row) =>
      toProductView(row.product, { name: row.ownerName, slug: row.ownerSlug }, row.images, {
        now,
        inStore: row.inShop,
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
  return cached(`categories:${shopSlug.toLowerCase()}`, async () => ({
    results: await selectCategories(ctx.db, await shopIdOf(ctx, shopSlug)),
  }));
}

/** One item as a shop shows it: 404 unless it is the shop's own or the shop resells it. */
export async function getShopProduct(ctx: AppContext, shopSlug: string | null, productId: string): Promise<ProductView> {
  const row = await selectProduct(ctx.db, productId);
  if (!row) throw new AppError("product_not_found", { status: 404 });
  let placement: { inStore: boolean; queuePosition: number } = { inStore: false, queuePosition: row.product.queuePosition };
  if (shopSlug) {
    const shopId = await shopIdOf(ctx, shopSlug);
    if (row.product.shopId !== shopId) {
      const resold = await selectShopPlacement(ctx.db, shopId, productId);
      if (!resold) throw new AppError("product_not_found", { status: 404 });
      placement = { inStore: true, queuePosition: resold.queuePosition };
    }
  }
  const images = await selectImages(ctx.db, [productId]);
  return toProductView(row.product, { name: row.ownerName, slug: row.ownerSlug }, images.get(productId) ?? [], {
    now: ctx.clock.now(),
    ...placement,
  });
}

/**
 * Only an admin of the shop that owns the item may change it: a reseller cannot edit a supplier's item (403). For this
 * module's product writes (products.ts) and for modules that change what an item carries (its digital file).
 */
export async function requireOwnProduct(ctx: AppContext, slug: string, user: SessionUser | null, productId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const found = await selectProduct(ctx.db, productId);
  if (!found) throw new AppError("product_not_found", { status: 404 });
  if (found.product.shopId !== shop.id) throw new AppError("forbidden");
  return { shop, product: found.product };
}

/**
 * Forgets the catalogue's short-lived answers (anonymous listings, autocomplete, kept counts). This module's own writes do
 * it at once; the app calls it after every other write through the API too (an item added to a reseller's shop, a
 * catalogue changed, a shop renamed), so no write waits for an answer's lifetime to show. A write that cannot change the
 * items themselves (`items` false: a purchase, a payment, an order's step, a review) forgets the listings, which show
 * stock and ratings, but keeps the autocomplete answers and the shops' autocomplete indexes, which hold neither.
 */
export function forgetCatalogAnswers(what: { items: boolean }): void {
  if (what.items) invalidateCatalogCache();
  else forgetListingAnswers();
}
