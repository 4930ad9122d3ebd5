import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import { cataloguesPerPage } from "@tianguis/domain/schemas/catalogue";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { load } from "../../lib/api/load.server";
import type { ShopContext } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/** Catalogue search page: query CataloguesDubaluFilter and page, 10 per page. */
export async function loadCatalogues(context: WebLoadContext, shopContext: ShopContext, url: URL) {
  const text = url.searchParams.get("CataloguesDubaluFilter")?.trim() ?? "";
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const query = { offset: pageOffset(page, cataloguesPerPage), limit: cataloguesPerPage, text: text || undefined };
  const list = await load(context, cataloguesApi.list, { params: { slug: shopContext.shop.slug }, query });
  return { ...shopContext, catalogues: list.results, total: list.matches_estimated, page, text };
}

export async function loadCatalogue(context: WebLoadContext, shopContext: ShopContext, catalogueSlug: string, url: URL) {
  const slug = shopContext.shop.slug;
  const text = url.searchParams.get("text")?.trim() ?? "";
  const catalogue = await load(context, cataloguesApi.get, { params: { slug, id: catalogueSlug } });
  const [products, selector] = await Promise.all([
    load(context, cataloguesApi.products, { params: { slug, id: catalogue.id }, query: { limit: 60, text: text || undefined } }),
    load(context, cataloguesApi.list, { params: { slug }, query: { limit: 50 } }),
  ]);
  return {
    ...shopContext,
    catalogue,
    products: products.results,
    total: products.matches_estimated,
    text,
    catalogues: selector.results,
    now: new Date().toISOString(),
  };
}
