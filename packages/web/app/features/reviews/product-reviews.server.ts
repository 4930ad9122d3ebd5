import { reviewsApi } from "@tianguis/domain/routes/reviews";
import { reviewsPageSize } from "@tianguis/domain/rules/review";
import { callApi } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";

/**
 * The product page's reviews block: the summary and the newest page, one API call started beside the product's own
 * (no extra round trip). A failure leaves the page without the block rather than failing the page.
 */
export async function loadProductReviews(context: WebLoadContext, productId: string) {
  try {
    const response = await callApi(context, reviewsApi.list, { params: { id: productId }, query: { limit: reviewsPageSize } });
    return response.status === 200 ? response.data : null;
  } catch {
    return null;
  }
}
