import { z } from "zod";
import { listOf } from "../schemas/common";
import {
  productReviewsQuery,
  productReviewsView,
  reviewAnswerBody,
  reviewBody,
  reviewView,
  reviewableLineView,
  shopReviewView,
  shopReviewsQuery,
} from "../schemas/review";
import { endpoint } from "./endpoint";

/**
 * Product reviews (commerce-and-accounts §3 'Reviews', §4 'reviews', §8 'Rating'): the product page's summary and newest
 * reviews, a customer's review of a delivered product, the purchase page's lines to rate, and the supplier's answers.
 */
export const reviewsApi = {
  list: endpoint({
    method: "GET",
    path: "/products/:id/reviews",
    tags: ["reviews"],
    summary: "A product's rating summary (average with one decimal, count, distribution) and its newest reviews, 5 per page",
    params: z.object({ id: z.string().uuid() }),
    query: productReviewsQuery,
    response: productReviewsView,
  }),
  create: endpoint({
    method: "POST",
    path: "/products/:id/reviews",
    tags: ["reviews"],
    summary:
      "Rate a delivered product once: multipart fields title, qualification (1-5), text and up to 5 'photos' " +
      "(jpeg, png or webp, ≤ 4,000,000 bytes each), or the same fields as JSON without photos",
    params: z.object({ id: z.string().uuid() }),
    body: reviewBody,
    response: reviewView,
    status: 201,
  }),
  orderLines: endpoint({
    method: "GET",
    path: "/orders/:id/reviews",
    tags: ["reviews"],
    summary: "The customer's order lines with their review, and which may be rated now",
    params: z.object({ id: z.string().uuid() }),
    response: z.object({ results: z.array(reviewableLineView) }),
  }),
  answer: endpoint({
    method: "POST",
    path: "/reviews/:id/answer",
    tags: ["reviews"],
    summary: "The supplier's answer to a review of its product (owner or admin, once)",
    params: z.object({ id: z.string().uuid() }),
    body: reviewAnswerBody,
    response: reviewView,
  }),
  shopList: endpoint({
    method: "GET",
    path: "/shops/:slug/reviews",
    tags: ["reviews"],
    summary: "Reviews of the shop's own products, newest first (owner or admin); unanswered=true for those awaiting an answer",
    params: z.object({ slug: z.string() }),
    query: shopReviewsQuery,
    response: listOf(shopReviewView),
  }),
};
