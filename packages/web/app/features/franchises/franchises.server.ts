import { franchisesApi } from "@tianguis/domain/routes/franchises";
import { franchiseAdminPageSize, franchisePublicPageSize } from "@tianguis/domain/rules/franchises";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { data, redirect } from "react-router";
import { callApi, load } from "../../lib/api/load.server";
import { isShopAdmin } from "../../lib/access";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";
import { signedInUser } from "../../lib/me.server";

/** The 1-based ?page= of a list page. */
function pageOf(request: Request): number {
  return Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
}

/** {base}/franquicias: the public franchise and affinity stores the shop lists, 30 per page. */
export async function loadPublicFranchises(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  const page = pageOf(request);
  const list = await load(context, franchisesApi.list, {
    params: { slug: shopContext.shop.slug },
    query: { offset: pageOffset(page, franchisePublicPageSize), limit: franchisePublicPageSize },
  });
  return { ...shopContext, franchises: list.results, total: list.matches_estimated, page };
}

/** {base}/admin/franquicias: every store the shop lists, non-public ones too, 10 per page; visitors sign in first. */
export async function loadAdminFranchises(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  if (!isShopAdmin(shopContext.shop)) {
    if (!(await signedInUser(context))) throw redirect(`/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
    throw data({ code: "forbidden" }, { status: 403 });
  }
  const page = pageOf(request);
  const list = await load(context, franchisesApi.adminList, {
    params: { slug: shopContext.shop.slug },
    query: { offset: pageOffset(page, franchiseAdminPageSize), limit: franchiseAdminPageSize },
  });
  return { ...shopContext, franchises: list.results, total: list.matches_estimated, page };
}

/** Whether the shop lists any public store: the shop menu shows 'Franquicias' to visitors only then. */
export async function hasPublicFranchises(context: WebLoadContext, slug: string): Promise<boolean | undefined> {
  const response = await callApi(context, franchisesApi.list, { params: { slug }, query: { limit: 1 } });
  return response.status === 200 ? response.data.matches_estimated > 0 : undefined;
}
