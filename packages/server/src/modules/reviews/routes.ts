import { routeOf } from "@tianguis/domain/api/endpoint";
import { reviewsApi } from "@tianguis/domain/api/reviews";
import { reviewPhotoMaxBytes, reviewPhotosMax } from "@tianguis/domain/rules/review";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { type UploadedReviewPhoto, answerReview, createReview, listOrderReviewLines, listProductReviews, listShopReviews } from "./service";

/** API: reviews; a review or its answer changes an item's rating, never the item itself. */
export function reviewsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(reviewsApi.list),
      handler: async (request) => listProductReviews(ctx, request.params.id, request.user, request.query),
    });

    // Multipart (fields + 'photos' files) or JSON without photos: the body schema is checked by the service for both.
    const create = routeOf(reviewsApi.create);
    const { body: _body, ...createSchema } = create.schema;
    app.route({
      ...create,
      // A review's photos are the review's own (product_reviews.photos), never the item's.
      config: { changes: "stock, orders and ratings" },
      schema: { ...createSchema, consumes: ["multipart/form-data", "application/json"] },
      handler: async (request, reply) => {
        if (!request.user) throw new AppError("unauthorized");
        let fields: unknown = request.body;
        const photos: UploadedReviewPhoto[] = [];
        if (request.isMultipart()) {
          const text: Record<string, string> = {};
          const limits = { fileSize: reviewPhotoMaxBytes + 1, files: reviewPhotosMax + 1, fields: 10 };
          for await (const part of request.parts({ limits })) {
            if (part.type === "file") {
              const data = await part.toBuffer().catch(() => null);
              if (!data || part.file.truncated) throw new AppError("review_photo_rejected", { status: 400, details: { max: 4 } });
              if (data.length > 0) photos.push({ mimetype: part.mimetype, data });
            } else text[part.fieldname] = String(part.value);
          }
          fields = text;
        }
        return reply.status(201).send(await createReview(ctx, request.params.id, request.user, fields, photos));
      },
    });

    app.route({
      ...routeOf(reviewsApi.orderLines),
      handler: async (request) => listOrderReviewLines(ctx, request.params.id, request.user),
    });

    app.route({
      ...routeOf(reviewsApi.answer),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => answerReview(ctx, request.params.id, request.user, request.body),
    });

    app.route({
      ...routeOf(reviewsApi.shopList),
      handler: async (request) => listShopReviews(ctx, request.params.slug, request.user, request.query),
    });
  };
}
