import { catalogApi } from "@tianguis/domain/routes/catalog";
import type { ProductType, ProductView } from "@tianguis/domain/schemas/product";
import { load } from "../../lib/api/load.server";
import type { ShopContext } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

const sectionTypes: { type: ProductType; section: string }[] = [
  { type: "product", section: "products" },
  { type: "service", section: "services" },
  { type: "experience", section: "experiences" },
  { type: "digital", section: "digital" },
];

export interface HomeSection {
  type: ProductType;
  products: ProductView[];
  total: number;
}

/** The home page: a carousel of up to 10 items for each section the shop shows, in menu order. */
export async function loadShopHome(context: WebLoadContext, { shop, basePath }: ShopContext) {
  const flags = new Set<string>(shop.store_theme_info.sections_info);
  const shown = sectionTypes.filter((entry) => flags.has(entry.section));
  const listings = await Promise.all(
    shown.map((entry) => load(context, catalogApi.listProducts, { params: { slug: shop.slug }, query: { type: entry.type, limit: 10 } })),
  );
  const sections: HomeSection[] = shown
    .map((entry, index) => ({ type: entry.type, products: listings[index].results, total: listings[index].matches_estimated }))
    .filter((section) => section.products.length > 0);
  return { shop, basePath, sections, now: new Date().toISOString() };
}
