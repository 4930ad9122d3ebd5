import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import { catalogueProductsPerPage, cataloguesPerPage, publishedCataloguesPerPage } from "@tianguis/domain/schemas/catalogue";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { load } from "../../lib/api/load.server";
import type { ShopContext } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/** The 1-based ?page of a list (anything else reads as 1). */
function pageOf(url: URL): number {
  return Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
}

/** Catalogue search page: query CataloguesDubaluFilter and page, 10 per page. */
export async function loadCatalogues(context: WebLoadContext, shopContext: ShopContext, url: URL) {
  const text = url.searchParams.get("CataloguesDubaluFilter")?.trim() ?? "";
  const page = pageOf(url);
  const query = { offset: pageOffset(page, cataloguesPerPage), limit: cataloguesPerPage, text: text || undefined };
  const list = await load(context, cataloguesApi.list, { params: { slug: shopContext.shop.slug }, query });
  return { ...shopContext, catalogues: list.results, total: list.matches_estimated, page, text };
}

/** The marketplace's /catalogos: every shop's public catalogues, heaviest first, 30 per ?page, searched by ?name. */
export async function loadPublishedCatalogues(context: WebLoadContext, url: URL) {
  const name = url.searchParams.get("name")?.trim() ?? "";
  const page = pageOf(url);
  const query = { offset: pageOffset(page, publishedCataloguesPerPage), limit: publishedCataloguesPerPage, name: name || undefined };
  const list = await load(context, cataloguesApi.published, { query });
  return { published: true as const, catalogues: list.results, total: list.matches_estimated, page, name };
}

/** A catalogue's page: its items 20 per page by ?page (spec §9 'catalogue home 20'), the search text and the selector's 50. */
export async function loadCatalogue(context: WebLoadContext, shopContext: ShopContext, catalogueSlug: string, url: URL) {
  const slug = shopContext.shop.slug;
  const text = url.searchParams.get("text")?.trim() ?? "";
  const page = pageOf(url);
  const catalogue = await load(context, cataloguesApi.get, { params: { slug, id: catalogueSlug } });
  const query = { offset: pageOffset(page, catalogueProductsPerPage), limit: catalogueProductsPerPage, text: text || undefined };
  const [products, selector] = await Promise.all([
    load(context, cataloguesApi.products, { params: { slug, id: catalogue.id }, query }),
    load(context, cataloguesApi.list, { params: { slug }, query: { limit: 50 } }),
  ]);
  return {
    ...shopContext,
    catalogue,
    products: products.results,
    total: products.matches_estimated,
    page,
    text,
    catalogues: selector.results,
    now: new Date().toISOString(),
  };
}
