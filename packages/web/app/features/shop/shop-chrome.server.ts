import { catalogApi } from "@tianguis/domain/routes/catalog";
import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import type { CategoryCount } from "@tianguis/domain/schemas/search";
import { callApi } from "../../lib/api/load.server";
import { hasPublicFranchises } from "../franchises/franchises.server";
import type { ShopContext } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

export interface ShopChromeData {
  categories: CategoryCount[];
  /** Null when the shop hides its search bar or the catalogues call does not answer 200: no strip. */
  catalogues: CatalogueView[] | null;
  /** Whether the shop lists public franchises (the menu's 'Franquicias' for visitors); undefined when unknown. */
  hasFranchises?: boolean;
  /** Absolute URL of the page, for the canonical link and Open Graph. */
  pageUrl: string;
  origin: string;
}

/** What the storefront frame needs besides the shop: footer categories, the catalogue strip (limit 5), franchises or not. */
export async function loadShopChrome(context: WebLoadContext, { shop }: ShopContext, request: Request): Promise<ShopChromeData> {
  const params = { slug: shop.slug };
  const [categories, catalogues, hasFranchises] = await Promise.all([
    callApi(context, catalogApi.categories, { params }),
    shop.hidden_search_bar ? null : callApi(context, cataloguesApi.list, { params, query: { limit: 5 } }),
    hasPublicFranchises(context, shop.slug),
  ]);
  const url = new URL(request.url);
  return {
    categories: categories.status === 200 ? categories.data.results : [],
    catalogues: catalogues && catalogues.status === 200 ? catalogues.data.results : null,
    hasFranchises,
    pageUrl: `${url.origin}${url.pathname}`,
    origin: url.origin,
  };
}
