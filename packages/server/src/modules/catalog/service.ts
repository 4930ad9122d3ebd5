import type { ProductType, ProductView } from "@tianguis/domain/schemas/product";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { selectShop } from "../shops/queries";
import { type ListingSort, selectImages, selectStoreProducts } from "./queries";
import { toProductView } from "./views";

export interface Listing {
  results: ProductView[];
  matches_estimated: number;
}

export async function listShopProducts(
  ctx: AppContext,
  shopSlug: string,
  options: { type?: ProductType; offset: number; limit: number; sort: ListingSort },
): Promise<Listing> {
  const found = await selectShop(ctx.db, { slug: shopSlug });
  if (!found) throw new AppError("shop_not_found");
  const { rows, total } = await selectStoreProducts(ctx.db, found.shop.id, options);
  const images = await selectImages(ctx.db, rows.map((row) => row.product.id));
  const now = ctx.clock.now();
  return {
    results: rows.map((row) =>
      toProductView(row.product, { name: row.ownerName, slug: row.ownerSlug }, images.get(row.product.id) ?? [], {
        now,
        inStore: row.inStore,
        queuePosition: Number(row.position),
      }),
    ),
    matches_estimated: total,
  };
}
