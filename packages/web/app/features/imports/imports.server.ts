import { accountsApi } from "@tianguis/domain/routes/accounts";
import { importsApi } from "@tianguis/domain/routes/imports";
import { shopsApi } from "@tianguis/domain/routes/shops";
import { data, redirect } from "react-router";
import { callApi, load, loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

const HISTORY = 20;

/** The imports of a shop with the one the page follows (?carga={id}): the dry run, or the job's progress. */
async function loadImports(context: WebLoadContext, request: Request, slug: string) {
  const chosen = new URL(request.url).searchParams.get("carga");
  const history = await loadSignedIn(context, request, importsApi.list, { params: { slug }, query: { limit: HISTORY } });
  const current = chosen && /^[0-9a-f-]{36}$/i.test(chosen) ? await load(context, importsApi.get, { params: { slug, id: chosen } }) : null;
  return { imports: history.results, total: history.matches_estimated, current };
}

/** {shop}/admin/inventario/cargas: the shop's product imports, for its owner and admins. */
export async function loadShopImports(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  return { ...shopContext, ...(await loadImports(context, request, shopContext.shop.slug)), view: "shop" as const };
}

/**
 * /apps/me/dssupplier/products/cargas: the same page outside the shop's view, for the shop ?shop={slug} names or else
 * the user's own. Visitors sign in first; a user without a shop to administer gets a 403 page.
 */
export async function loadMyImports(context: WebLoadContext, request: Request) {
  const url = new URL(request.url);
  const me = await callApi(context, accountsApi.me);
  if (me.status !== 200) throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  const slug = url.searchParams.get("shop") ?? me.data.shop_slug;
  if (!slug) throw data({ code: "forbidden" }, { status: 403 });
  const shop = await load(context, shopsApi.get, { params: { slug } });
  if (!shop.permissions.includes("admin")) throw data({ code: "forbidden" }, { status: 403 });
  return { shop, basePath: `/tienda/${shop.slug}`, ...(await loadImports(context, request, shop.slug)), view: "site" as const };
}
