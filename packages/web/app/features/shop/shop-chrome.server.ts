import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import type { WebLoadContext } from "../../load-context";
import type { ShopContext } from "../../lib/shop.server";

export interface ShopChromeData {
  categories: { name: string; count: number }[];
  /** Null when the shop hides its search bar or the catalogues call does not answer 200: no strip. */
  catalogues: CatalogueView[] | null;
  /** Absolute URL of the page, for the canonical link and Open Graph. */
  pageUrl: string;
  origin: string;
}

/** What the storefront frame needs besides the shop: footer categories and the catalogue strip (limit 5). */
export async function loadShopChrome(context: WebLoadContext, { shop }: ShopContext, request: Request): Promise<ShopChromeData> {
  const slug = encodeURIComponent(shop.slug);
  const [categories, catalogues] = await Promise.all([
    context.api<{ results: { name: string; count: number }[] }>("GET", `/api/v1/shops/${slug}/categories`),
    shop.hidden_search_bar ? null : context.api<{ results: CatalogueView[] }>("GET", `/api/v1/shops/${slug}/catalogues?limit=5`),
  ]);
  const url = new URL(request.url);
  return {
    categories: categories.status === 200 ? categories.data.results : [],
    catalogues: catalogues && catalogues.status === 200 ? catalogues.data.results : null,
    pageUrl: `${url.origin}${url.pathname}`,
    origin: url.origin,
  };
}
