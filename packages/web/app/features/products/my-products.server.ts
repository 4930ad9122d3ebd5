import { accountsApi } from "@tianguis/domain/routes/accounts";
import { catalogApi } from "@tianguis/domain/routes/catalog";
import { downloadsApi } from "@tianguis/domain/routes/downloads";
import { shopsApi } from "@tianguis/domain/routes/shops";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import type { MeView } from "@tianguis/domain/schemas/user";
import { data, redirect } from "react-router";
import { callApi, load } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";

/**
 * My products pages need a signed-in user and a shop they administer: ?shop={slug}, else the shop they own.
 * Visitors go to the login page and come back; a user without a shop gets a 403 page.
 */
export async function requireProductsShop(context: WebLoadContext, request: Request): Promise<{ me: MeView; shop: ShopView }> {
  const url = new URL(request.url);
  const me = await callApi(context, accountsApi.me);
  if (me.status !== 200) throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  const slug = url.searchParams.get("shop") ?? me.data.shop_slug;
  if (!slug) throw data({ code: "forbidden" }, { status: 403 });
  const shop = await load(context, shopsApi.get, { params: { slug } });
  if (!shop.permissions.includes("admin")) throw data({ code: "forbidden" }, { status: 403 });
  return { me: me.data, shop };
}

export async function loadMyProducts(context: WebLoadContext, request: Request) {
  const { shop } = await requireProductsShop(context, request);
  const listing = await load(context, catalogApi.listProducts, { params: { slug: shop.slug }, query: { limit: 100 } });
  return { shop, products: listing.results.filter((product) => product.owner === shop.id) };
}

export async function loadEditableProduct(context: WebLoadContext, request: Request, productId: string) {
  const { shop } = await requireProductsShop(context, request);
  const product = await load(context, catalogApi.editable, { params: { slug: shop.slug, id: productId } });
  const params = { slug: shop.slug, id: productId };
  const digitalFile = product.type === "digital" ? (await load(context, downloadsApi.file, { params })).file : null;
  return { shop, product, digitalFile };
}
