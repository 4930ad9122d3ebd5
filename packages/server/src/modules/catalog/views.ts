import type { ProductImage, ProductView } from "@tianguis/domain/schemas/product";
import type { products } from "../../db/schema/catalog";

export type ProductRow = Omit<typeof products.$inferSelect, "search">;

/** Maps a product row (plus its owner and images) to the public product shape of the spec. */
export function toProductView(
  row: ProductRow,
  owner: { name: string; slug: string },
  images: ProductImage[],
  options: { now: Date; inStore?: boolean; queuePosition?: number },
): ProductView {
  const soldOut = row.stockType === "onstock" && (row.stock ?? 0) <= 0;
  return {
    id: row.id,
    slug: row.slug,
    owner: row.shopId,
    owner_name: owner.name,
    owner_slug: owner.slug,
    name: row.name,
    description: row.description,
    type: row.type as ProductView["type"],
    main_type: row.mainType as ProductView["main_type"],
    photos: images.map((image) => image.card),
    images,
    list_price: row.listPrice,
    currency: row.currency,
    crossout_price: row.crossoutPrice,
    hide_price: row.hidePrice,
    is_free: row.isFree,
    is_dropshipping: row.isDropshipping,
    contribution_margin: row.contributionMargin,
    in_store: options.inStore ?? false,
    list_state: row.listState as ProductView["list_state"],
    hiden: row.hiden,
    queue_position: options.queuePosition ?? row.queuePosition,
    sold_out: soldOut,
    stock: row.stock,
    stock_type: row.stockType as ProductView["stock_type"],
    max_purchase_amount: row.maxPurchaseAmount,
    experience_date: row.experienceDate ? row.experienceDate.toISOString() : null,
    experience_available: row.type === "experience" ? !!row.experienceDate && row.experienceDate > options.now : false,
    variants: row.variants,
    return_info: row.returnInfo,
    weight_grams: row.weightGrams,
    package_cm:
      row.lengthCm !== null && row.widthCm !== null && row.heightCm !== null
        ? { length: row.lengthCm, width: row.widthCm, height: row.heightCm }
        : null,
    category: row.category,
    sat_product_key: row.satProductKey,
    sat_unit_key: row.satUnitKey,
  };
}
