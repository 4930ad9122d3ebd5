import { reviewsApi } from "@tianguis/domain/routes/reviews";
import type { ReviewView } from "@tianguis/domain/schemas/review";
import { useEffect, useState } from "react";
import { api } from "../../lib/api/client";

export interface LineReview {
  review: ReviewView | null;
  canReview: boolean;
}

/**
 * The review state of each product of a delivered order, for its customer (signed in; a guest's token does not rate).
 * `version` re-reads it after a rating is saved. Null while loading or when the order is not rateable.
 */
export function useOrderReviews(orderId: string, enabled: boolean, version: number): Map<string, LineReview> | null {
  const [lines, setLines] = useState<Map<string, LineReview> | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    api(reviewsApi.orderLines, { params: { id: orderId }, signal: controller.signal })
      .then((answer) =>
        setLines(new Map(answer.results.map((line) => [line.product_id, { review: line.review, canReview: line.can_review }]))),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [orderId, enabled, version]);
  return enabled ? lines : null;
}
