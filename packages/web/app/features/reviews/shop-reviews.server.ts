import { reviewsApi } from "@tianguis/domain/api/reviews";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

export const SHOP_REVIEWS_PAGE_SIZE = 10;

/** {shop}/admin/opiniones?page=2&sin-respuesta=1: the reviews of the shop's products, newest first, for its owner and admins. */
export async function loadShopReviews(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const unanswered = search.get("sin-respuesta") === "1";
  const shopContext = await requireShop(context, params);
  const list = await loadSignedIn(context, request, reviewsApi.shopList, {
    params: { slug: shopContext.shop.slug },
    query: {
      offset: pageOffset(page, SHOP_REVIEWS_PAGE_SIZE),
      limit: SHOP_REVIEWS_PAGE_SIZE,
      unanswered: unanswered ? "true" : undefined,
    },
  });
  return { ...shopContext, reviews: list.results, total: list.matches_estimated, page, unanswered };
}
