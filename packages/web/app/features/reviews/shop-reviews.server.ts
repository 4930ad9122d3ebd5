import { reviewsApi } from "@tianguis/domain/routes/reviews";
import { shopReviewsPageSize } from "@tianguis/domain/rules/review";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/** {shop}/admin/opiniones?page=2&sin-respuesta=1: the reviews of the shop's products, newest first, for its owner and admins. */
export async function loadShopReviews(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const unanswered = search.get("sin-respuesta") === "1";
  const shopContext = await requireShop(context, params);
  const list = await loadSignedIn(context, request, reviewsApi.shopList, {
    params: { slug: shopContext.shop.slug },
    query: {
      offset: pageOffset(page, shopReviewsPageSize),
      limit: shopReviewsPageSize,
      unanswered: unanswered ? "true" : undefined,
    },
  });
  return { ...shopContext, reviews: list.results, total: list.matches_estimated, page, unanswered };
}
