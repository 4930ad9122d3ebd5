import type { ProductView } from "@tianguis/domain/schemas/product";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import type { MeView } from "@tianguis/domain/schemas/user";
import { data, redirect } from "react-router";
import { apiGet } from "../../lib/api.server";
import type { WebLoadContext } from "../../load-context";

/**
 * My products pages need a signed-in user and a shop they administer: ?shop={slug}, else the shop they own.
 * Visitors go to the login page and come back; a user without a shop gets a 403 page.
 */
export async function requireProductsShop(context: WebLoadContext, request: Request): Promise<{ me: MeView; shop: ShopView }> {
  const url = new URL(request.url);
  const me = await context.api<MeView>("GET", "/api/v1/auth/me");
  if (me.status !== 200) throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  const slug = url.searchParams.get("shop") ?? me.data.shop_slug;
  if (!slug) throw data({ code: "forbidden" }, { status: 403 });
  const shop = await apiGet<ShopView>(context, `/api/v1/shops/${encodeURIComponent(slug)}`);
  if (!shop.permissions.includes("admin")) throw data({ code: "forbidden" }, { status: 403 });
  return { me: me.data, shop };
}

export async function loadMyProducts(context: WebLoadContext, request: Request) {
  const { shop } = await requireProductsShop(context, request);
  const listing = await apiGet<{ results: ProductView[] }>(context, `/api/v1/shops/${encodeURIComponent(shop.slug)}/products?limit=100`);
  return { shop, products: listing.results.filter((product) => product.owner === shop.id) };
}

export async function loadEditableProduct(context: WebLoadContext, request: Request, productId: string) {
  const { shop } = await requireProductsShop(context, request);
  const product = await apiGet<ProductView>(context, `/api/v1/shops/${encodeURIComponent(shop.slug)}/products/${encodeURIComponent(productId)}/edit`);
  return { shop, product };
}
