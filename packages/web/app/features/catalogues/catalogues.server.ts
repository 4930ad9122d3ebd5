import { type CatalogueView, cataloguesPerPage } from "@tianguis/domain/schemas/catalogue";
import { pageOffset } from "@tianguis/domain/schemas/common";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { apiGet } from "../../lib/api.server";
import type { ShopContext } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

type List<T> = { results: T[]; matches_estimated: number };

/** Catalogue search page: query CataloguesDubaluFilter and page, 10 per page. */
export async function loadCatalogues(context: WebLoadContext, shopContext: ShopContext, url: URL) {
  const text = url.searchParams.get("CataloguesDubaluFilter")?.trim() ?? "";
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const query = new URLSearchParams({ offset: String(pageOffset(page, cataloguesPerPage)), limit: String(cataloguesPerPage) });
  if (text) query.set("text", text);
  const list = await apiGet<List<CatalogueView>>(context, `/api/v1/shops/${encodeURIComponent(shopContext.shop.slug)}/catalogues?${query}`);
  return { ...shopContext, catalogues: list.results, total: list.matches_estimated, page, text };
}

export async function loadCatalogue(context: WebLoadContext, shopContext: ShopContext, catalogueSlug: string, url: URL) {
  const base = `/api/v1/shops/${encodeURIComponent(shopContext.shop.slug)}/catalogues`;
  const text = url.searchParams.get("text")?.trim() ?? "";
  const query = new URLSearchParams({ limit: "60" });
  if (text) query.set("text", text);
  const catalogue = await apiGet<CatalogueView>(context, `${base}/${encodeURIComponent(catalogueSlug)}`);
  const [products, selector] = await Promise.all([
    apiGet<List<ProductView>>(context, `${base}/${catalogue.id}/products?${query}`),
    apiGet<List<CatalogueView>>(context, `${base}?limit=50`),
  ]);
  return { ...shopContext, catalogue, products: products.results, total: products.matches_estimated, text, catalogues: selector.results, now: new Date().toISOString() };
}
