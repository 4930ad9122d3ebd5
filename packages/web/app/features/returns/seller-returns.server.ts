import { returnsApi } from "@tianguis/domain/routes/returns";
import { type ReturnState, returnStates } from "@tianguis/domain/rules/returns";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { RETURNS_PAGE_SIZE } from "@tianguis/domain/schemas/return";
import { loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/** {shop}/admin/devoluciones?estado=open&page=2: the shop's returns (open ones first by default) and its return policy. */
export async function loadSellerReturns(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const asked = search.get("estado");
  const state: ReturnState | undefined = asked === "todas" ? undefined : (returnStates.find((one) => one === asked) ?? "open");
  const shopContext = await requireShop(context, params);
  const slug = shopContext.shop.slug;
  const list = await loadSignedIn(context, request, returnsApi.sellerList, {
    params: { slug },
    query: { offset: pageOffset(page, RETURNS_PAGE_SIZE), limit: RETURNS_PAGE_SIZE, ...(state ? { state } : {}) },
  });
  const policy = await loadSignedIn(context, request, returnsApi.policyGet, { params: { slug } });
  return { ...shopContext, returns: list.results, total: list.matches_estimated, page, state: state ?? null, policy: policy.policy };
}
