import { z } from "zod";
import { reviewAnswerMax, reviewTextMax, reviewTitleMax } from "../rules/review";
import { listOf } from "./common";
import { productTypes } from "./product";

/** The review form's fields (sent as multipart fields beside the photos, or as JSON without photos). */
export const reviewBody = z.object({
  title: z.string().trim().min(1, "required").max(reviewTitleMax, "review_title_too_long"),
  qualification: z.coerce
    .number()
    .int("review_qualification_invalid")
    .min(1, "review_qualification_invalid")
    .max(5, "review_qualification_invalid"),
  text: z.string().trim().min(1, "required").max(reviewTextMax, "review_text_too_long"),
});
export type ReviewBody = z.infer<typeof reviewBody>;

export const reviewAnswerBody = z.object({ answer: z.string().trim().min(1, "required").max(reviewAnswerMax, "review_answer_too_long") });
export type ReviewAnswerBody = z.infer<typeof reviewAnswerBody>;

export const reviewPhotoView = z.object({ original: z.string(), thumb: z.string() });

export const reviewView = z.object({
  id: z.string(),
  product_id: z.string(),
  title: z.string(),
  qualification: z.number().int().min(1).max(5),
  text: z.string(),
  photos: z.array(reviewPhotoView),
  /** The reviewer's first name only: a product page is public. */
  author_name: z.string().nullable(),
  created_at: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type ReviewView = z.infer<typeof reviewView>;

const distribution = z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() });

export const ratingSummaryView = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  distribution,
});
export type RatingSummaryView = z.infer<typeof ratingSummaryView>;

export const productReviewsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});

/** A product page's reviews: the summary, one page of the newest, and whether the viewer may answer them. */
export const productReviewsView = listOf(reviewView).extend({
  summary: ratingSummaryView,
  /** The viewer manages the product's supplier shop (owner or admin): the page offers 'Responder'. */
  can_answer: z.boolean(),
});
export type ProductReviewsView = z.infer<typeof productReviewsView>;

/** A line of the customer's purchase that may be (or was) reviewed. */
export const reviewableLineView = z.object({
  product_id: z.string(),
  /** The customer's review of the product, when written (by this or an earlier order). */
  review: reviewView.nullable(),
  /** The order is delivered and the product not yet reviewed: the purchase page offers 'Calificar'. */
  can_review: z.boolean(),
});

export const shopReviewsQuery = productReviewsQuery.extend({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  unanswered: z.enum(["true", "false"]).optional(),
});

/** A review in the supplier's list: which product it is about. */
export const shopReviewView = reviewView.extend({ product_name: z.string(), product_type: z.enum(productTypes) });
export type ShopReviewView = z.infer<typeof shopReviewView>;
