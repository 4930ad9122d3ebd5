import { shopBasePath } from "@tianguis/domain/rules/shop-resolution";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { data } from "react-router";
import type { WebLoadContext } from "../load-context";
import { callApi, load } from "./api/load.server";
import { shopsApi } from "@tianguis/domain/routes/shops";

export interface ShopContext {
  shop: ShopView;
  /** '' on the shop's own host, '/tienda/{slug}' otherwise; every shop link is built on it. */
  basePath: string;
}

/**
 * The one shop resolver every page uses: /tienda/{slug}/… by route parameter, else the request's host
 * ({slug}.{base domain} or a canonical domain). Null on the marketplace's own host.
 */
export async function resolveShop(context: WebLoadContext, params: { shopSlug?: string }): Promise<ShopContext | null> {
  const locator = context.shopLocator;
  if (params.shopSlug) {
    const shop = await load(context, shopsApi.get, { params: { slug: params.shopSlug } });
    return { shop, basePath: locator.kind === "none" ? shopBasePath(locator, shop.slug) : `/tienda/${shop.slug}` };
  }
  if (locator.kind === "subdomain") {
    const shop = await load(context, shopsApi.get, { params: { slug: locator.slug } });
    return { shop, basePath: "" };
  }
  if (locator.kind === "domain") {
    const response = await callApi(context, shopsApi.byDomain, { params: { hostname: locator.hostname } });
    if (response.status === 200) return { shop: response.data, basePath: "" };
  }
  return null;
}

export async function requireShop(context: WebLoadContext, params: { shopSlug?: string }): Promise<ShopContext> {
  const found = await resolveShop(context, params);
  if (!found) throw data({ code: "not_found" }, { status: 404 });
  return found;
}
