import type { ReviewView } from "@tianguis/domain/schemas/review";
import type { ReviewRow } from "./queries";

/** Row → API shape. A product page is public: the reviewer shows by first name only. */
export function reviewView(row: { review: ReviewRow; authorName: string | null }): ReviewView {
  const { review } = row;
  return {
    id: review.id,
    product_id: review.productId,
    title: review.title,
    qualification: review.qualification,
    text: review.text,
    photos: review.photos.map((photo) => ({ original: photo.original, thumb: photo.thumb })),
    author_name: row.authorName?.trim().split(/\s+/)[0] || null,
    created_at: review.createdAt.toISOString(),
    answer: review.answer,
    answered_at: review.answeredAt?.toISOString() ?? null,
  };
}
