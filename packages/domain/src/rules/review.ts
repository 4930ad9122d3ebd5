/**
 * Product reviews (commerce-and-accounts §3 'Reviews: title, qualification, text, photos'; §4 'reviews'; §8 'Rating: saved or
 * 'Error saving the rating, please try again later''). A customer rates each product they received once; the supplier
 * answers each review once. A review is final once written: the rating describes the purchase as it arrived, and the
 * supplier's answer must keep referring to the words it answers, so neither side edits afterwards.
 */
import type { MessageCode } from "../messages/index";

export const qualifications = [1, 2, 3, 4, 5] as const;
export type Qualification = (typeof qualifications)[number];

export const reviewTitleMax = 120;
export const reviewTextMax = 2000;
export const reviewAnswerMax = 2000;
export const reviewPhotosMax = 5;
/** Same limit as a product photo (spec §9: 4,000,000 bytes), images only; SVG is left out (a script carrier from strangers). */
export const reviewPhotoMaxBytes = 4_000_000;
export const reviewPhotoTypes = ["image/jpeg", "image/jpg", "image/png", "image/webp"] as const;
/** Reviews per page on a product page. */
export const reviewsPageSize = 5;
/** Reviews per page in the supplier's list (spec §9: default table 10). */
export const shopReviewsPageSize = 10;

export interface RatingSummary {
  count: number;
  /** Average qualification rounded to one decimal; null without reviews. */
  average: number | null;
  /** How many reviews gave each qualification, 1 to 5. */
  distribution: Record<Qualification, number>;
}

/** Count, average (one decimal) and distribution from how many reviews gave each qualification. */
export function ratingSummary(counts: Partial<Record<number, number>>): RatingSummary {
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Record<Qualification, number>;
  let count = 0;
  let sum = 0;
  for (const stars of qualifications) {
    const n = Math.max(0, Math.floor(counts[stars] ?? 0));
    distribution[stars] = n;
    count += n;
    sum += n * stars;
  }
  // Rounded on tenths in integers so 4.45 does not become 4.4 through binary floating point.
  const average = count === 0 ? null : Math.round((sum * 10) / count) / 10;
  return { count, average, distribution };
}

/** The share of reviews (0–100, whole percent) with each qualification, for the distribution bars. */
export function distributionPercent(summary: RatingSummary): Record<Qualification, number> {
  const percent = {} as Record<Qualification, number>;
  for (const stars of qualifications)
    percent[stars] = summary.count === 0 ? 0 : Math.round((summary.distribution[stars] * 100) / summary.count);
  return percent;
}

export type ReviewDecision = { ok: true } | { ok: false; code: MessageCode; status: 403 | 409 | 422 };

/**
 * May this customer review this product? Only someone whose order with the product was delivered, and only once.
 * `deliveredLines` are the customer's order lines of the product whose order is delivered; `boughtLines` any line of it.
 */
export function decideReview(input: { boughtLines: number; deliveredLines: number; alreadyReviewed: boolean }): ReviewDecision {
  if (input.alreadyReviewed) return { ok: false, code: "review_already_exists", status: 409 };
  if (input.boughtLines === 0) return { ok: false, code: "review_not_purchased", status: 403 };
  if (input.deliveredLines === 0) return { ok: false, code: "review_not_delivered", status: 422 };
  return { ok: true };
}

/** May this shop member answer? The product's supplier (owner or admin), once. */
export function decideAnswer(input: { isSupplierManager: boolean; alreadyAnswered: boolean }): ReviewDecision {
  if (!input.isSupplierManager) return { ok: false, code: "forbidden", status: 403 };
  if (input.alreadyAnswered) return { ok: false, code: "review_already_answered", status: 409 };
  return { ok: true };
}
