import { referralApi } from "@tianguis/domain/routes/referral";
import { load } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";
import { promotedPerPage } from "./paging";

/** {base}/promoted: query PromotedList (a person's branch), PromotedLisLabel (its label), OnlyChilds (default true), page. */
export async function loadPromoted(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const { shop, basePath } = await requireShop(context, params);
  const search = new URL(request.url).searchParams;
  const parent = search.get("PromotedList");
  const onlyChildren = search.get("OnlyChilds") !== "false";
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const people = await load(context, referralApi.promoted, {
    params: { slug: shop.slug },
    query: {
      ...(parent && /^[0-9a-f-]{36}$/i.test(parent) ? { PromotedList: parent } : {}),
      OnlyChilds: onlyChildren ? "true" : "false",
      offset: (page - 1) * promotedPerPage,
      limit: promotedPerPage,
    },
  });
  const label = parent ? (search.get("PromotedLisLabel") ?? "").slice(0, 100) || null : null;
  return { shopName: shop.name, basePath, people, label, onlyChildren, page };
}
