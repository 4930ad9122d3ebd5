import type { ProductType } from "@tianguis/domain/schemas/product";
import { fieldCodeOf } from "@tianguis/domain/messages/field-codes";
import {
  type RatingSummary,
  decideAnswer,
  decideReview,
  ratingSummary,
  reviewPhotoMaxBytes,
  reviewPhotoTypes,
  reviewPhotosMax,
} from "@tianguis/domain/rules/review";
import {
  type ProductReviewsView,
  type ReviewAnswerBody,
  type ReviewView,
  type ShopReviewView,
  reviewBody,
} from "@tianguis/domain/schemas/review";
import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import type { AppContext } from "../../context";
import { type ReviewPhoto, productReviews } from "../../db/schema/reviews";
import { AppError, type FieldCodes } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { requireProductSummary } from "../catalog/service";
import { deleteStoredFile, storeProductImage } from "../gallery/service";
import { getShopAccess, requireShopAdmin, requireShopById } from "../shops/service";
import {
  selectCustomerLines,
  selectCustomerOrder,
  selectCustomerReviews,
  selectProductReviews,
  selectQualificationCounts,
  selectReview,
  selectShopReviews,
} from "./queries";
import { cachedSummary, forgetSummary } from "./summary-cache";
import { reviewView } from "./views";

/**
 * Product reviews (commerce-and-accounts §3 'Reviews: title, qualification, text, photos'; §4; §8 'Rating'). A customer
 * whose order was delivered rates each product once; the review belongs to the product id, so it shows in the supplier's
 * store and in every reseller's; the supplier (owner or admin) answers each review once. Reviews are final (see
 * rules/review.ts for why): there is no edit.
 */

export interface UploadedReviewPhoto {
  mimetype: string;
  data: Buffer;
}

function photoRejected(): AppError {
  return new AppError("review_photo_rejected", { status: 400, details: { max: reviewPhotoMaxBytes / 1_000_000 } });
}

/** The product page's block: summary, one page of the newest reviews, and whether the viewer answers them. */
export async function listProductReviews(
  ctx: AppContext,
  productId: string,
  user: SessionUser | null,
  page: { offset: number; limit: number },
): Promise<ProductReviewsView> {
  const product = await requireProductSummary(ctx.db, productId);
  const [summary, rows, canAnswer] = await Promise.all([
    user ? productRatingSummary(ctx, productId) : cachedSummary(productId, () => productRatingSummary(ctx, productId)),
    selectProductReviews(ctx.db, productId, page),
    user ? requireShopById(ctx.db, product.shopId).then(async (shop) => (await getShopAccess(ctx, shop, user)).isAdmin) : false,
  ]);
  return { results: rows.map(reviewView), matches_estimated: summary.count, summary, can_answer: canAnswer };
}

export async function productRatingSummary(ctx: AppContext, productId: string): Promise<RatingSummary> {
  return ratingSummary(await selectQualificationCounts(ctx.db, productId));
}

/** The form's fields, from multipart text fields or a JSON body; 400 with field codes when they do not fit. */
export function parseReviewFields(fields: unknown) {
  const parsed = reviewBody.safeParse(fields ?? {});
  if (parsed.success) return parsed.data;
  const codes: FieldCodes = {};
  for (const issue of parsed.error.issues) codes[issue.path.join(".") || "body"] ??= fieldCodeOf(issue);
  throw new AppError("validation_failed", { fields: codes });
}

/** Images only (JPEG, PNG, WEBP), each within the limit, at most five, and readable as an image: checked before any is stored. */
async function checkPhotos(photos: UploadedReviewPhoto[]) {
  if (photos.length > reviewPhotosMax) throw new AppError("validation_failed", { fields: { photos: "review_photos_too_many" } });
  for (const photo of photos) {
    if (!(reviewPhotoTypes as readonly string[]).includes(photo.mimetype) || photo.data.length > reviewPhotoMaxBytes) throw photoRejected();
    const meta = await sharp(photo.data)
      .metadata()
      .catch(() => null);
    if (!meta || !["jpeg", "png", "webp"].includes(meta.format ?? "")) throw photoRejected();
  }
}

async function removeStoredPhotos(ctx: AppContext, photos: ReviewPhoto[]) {
  const urls = photos.flatMap((photo) => [photo.original, photo.thumb, photo.card, photo.large]);
  await Promise.all(urls.map((url) => deleteStoredFile(ctx, url ?? null).catch(() => undefined)));
}

/**
 * POST /products/{id}/reviews. Steps: require the customer, decide eligibility from their lines of the product (a
 * delivered order's line entitles them), check and store the photos, insert. The unique (product, customer) constraint
 * is the last word: of two reviews sent at once, one is inserted and the other answers 409 and leaves no files behind.
 */
export async function createReview(
  ctx: AppContext,
  productId: string,
  user: SessionUser | null,
  fields: unknown,
  photos: UploadedReviewPhoto[],
): Promise<ReviewView> {
  if (!user) throw new AppError("unauthorized");
  const body = parseReviewFields(fields);
  const product = await requireProductSummary(ctx.db, productId);
  const [lines, existing] = await Promise.all([
    selectCustomerLines(ctx.db, user.id, productId),
    selectCustomerReviews(ctx.db, user.id, [productId]),
  ]);
  const delivered = lines.filter((line) => line.state === "delivered");
  const decision = decideReview({ boughtLines: lines.length, deliveredLines: delivered.length, alreadyReviewed: existing.length > 0 });
  if (!decision.ok) throw new AppError(decision.code, { status: decision.status });

  await checkPhotos(photos);
  const stored: ReviewPhoto[] = [];
  try {
    for (const photo of photos) stored.push(await storeProductImage(ctx.storage, photo.data, "reviews"));
  } catch (error) {
    await removeStoredPhotos(ctx, stored);
    ctx.log.warn({ err: error }, "a review photo could not be stored");
    throw photoRejected();
  }

  const inserted = await transactionWithEvents(ctx, async (tx) => {
    const [row] = await tx
      .insert(productReviews)
      .values({
        productId,
        supplierId: product.shopId,
        customerId: user.id,
        orderItemId: delivered[0].orderItemId,
        title: body.title,
        qualification: body.qualification,
        text: body.text,
        photos: stored,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing({ target: [productReviews.productId, productReviews.customerId] })
      .returning({ id: productReviews.id });
    if (row) await recordEvent(tx, { type: "review.posted", payload: { review_id: row.id, product_id: productId } }, ctx.clock.now());
    return row;
  });
  if (!inserted) {
    await removeStoredPhotos(ctx, stored);
    throw new AppError("review_already_exists", { status: 409 });
  }
  forgetSummary(productId);
  return requireReviewView(ctx, inserted.id);
}

async function requireReviewView(ctx: AppContext, reviewId: string): Promise<ReviewView> {
  const row = await selectReview(ctx.db, reviewId);
  if (!row) throw new AppError("review_not_found", { status: 404 });
  return reviewView(row);
}

/** GET /orders/{id}/reviews: each product of the customer's order, its review, and whether it may be rated now. */
export async function listOrderReviewLines(ctx: AppContext, orderId: string, user: SessionUser | null) {
  if (!user) throw new AppError("unauthorized");
  const order = await selectCustomerOrder(ctx.db, user.id, orderId);
  if (!order) throw new AppError("order_not_found", { status: 404 });
  const reviews = new Map((await selectCustomerReviews(ctx.db, user.id, order.productIds)).map((row) => [row.review.productId, row]));
  return {
    results: order.productIds.map((productId) => {
      const review = reviews.get(productId);
      return { product_id: productId, review: review ? reviewView(review) : null, can_review: !review && order.state === "delivered" };
    }),
  };
}

/** POST /reviews/{id}/answer: the product's supplier answers once (a conditional update, so two answers at once keep one). */
export async function answerReview(
  ctx: AppContext,
  reviewId: string,
  user: SessionUser | null,
  body: ReviewAnswerBody,
): Promise<ReviewView> {
  if (!user) throw new AppError("unauthorized");
  const row = await selectReview(ctx.db, reviewId);
  if (!row) throw new AppError("review_not_found", { status: 404 });
  const shop = await requireShopById(ctx.db, row.review.supplierId);
  const access = await getShopAccess(ctx, shop, user);
  const decision = decideAnswer({ isSupplierManager: access.isAdmin, alreadyAnswered: row.review.answer !== null });
  if (!decision.ok) throw new AppError(decision.code, { status: decision.status });
  const updated = await ctx.db
    .update(productReviews)
    .set({ answer: body.answer, answeredAt: ctx.clock.now(), answeredBy: user.id })
    .where(and(eq(productReviews.id, reviewId), isNull(productReviews.answer)))
    .returning({ id: productReviews.id });
  if (updated.length === 0) throw new AppError("review_already_answered", { status: 409 });
  return requireReviewView(ctx, reviewId);
}

/** GET /shops/{slug}/reviews: the reviews of the shop's own products, for its owner and admins. */
export async function listShopReviews(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  query: { offset: number; limit: number; unanswered?: "true" | "false" },
): Promise<{ results: ShopReviewView[]; matches_estimated: number }> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const { rows, total } = await selectShopReviews(ctx.db, shop.id, { ...query, unanswered: query.unanswered === "true" });
  return {
    results: rows.map((row) => ({ ...reviewView(row), product_name: row.productName, product_type: row.productType as ProductType })),
    matches_estimated: total,
  };
}
