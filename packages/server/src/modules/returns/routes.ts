import { routeOf } from "@tianguis/domain/api/endpoint";
import { returnsApi } from "@tianguis/domain/api/returns";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
/** The sandbox gateway signs refund webhooks with the same header as its payment webhooks. */
import {
  LABEL_MAX_BYTES,
  acceptReturn,
  closeReturn,
  getCustomerReturns,
  getReturnPolicy,
  getSellerOrderReturns,
  listShopReturns,
  refundOrderPart,
  rejectReturn,
  setReturnPolicy,
  startReturn,
  uploadReturnLabel,
} from "./service";

function idempotencyKey(header: string | string[] | undefined): string | null {
  return typeof header === "string" && header.length > 0 ? header.slice(0, 200) : null;
}

/**
 * API: the shop's return policy, the customer's returns, the supplier's returns desk and refunds; but for the policy, a write
 * moves returns, refunds and stock only, never an item itself.
 */
export function returnsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...routeOf(returnsApi.policyGet), handler: async (request) => getReturnPolicy(ctx, request.params.slug) });
    app.route({
      ...routeOf(returnsApi.policyPut),
      handler: async (request) => setReturnPolicy(ctx, request.params.slug, request.user, request.body),
    });
    app.route({
      ...routeOf(returnsApi.customerGet),
      handler: async (request) => getCustomerReturns(ctx, request.params.id, request.user, request.query.token),
    });
    app.route({
      ...routeOf(returnsApi.start),
      config: { changes: "stock, orders and ratings" },
      handler: async (request, reply) => {
        const view = await startReturn(ctx, request.params.id, request.user, request.query.token, request.body);
        return reply.status(201).send(view);
      },
    });
    app.route({
      ...routeOf(returnsApi.sellerList),
      handler: async (request) => listShopReturns(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(returnsApi.sellerOrder),
      handler: async (request) => getSellerOrderReturns(ctx, request.params.slug, request.user, request.params.id),
    });

    const label = routeOf(returnsApi.label);
    app.route({
      ...label,
      config: { changes: "stock, orders and ratings" },
      schema: { ...label.schema, consumes: ["multipart/form-data"] },
      handler: async (request) => {
        if (!request.user) throw new AppError("unauthorized");
        if (!request.isMultipart()) throw new AppError("return_label_rejected", { status: 400 });
        let file: { mimetype: string; data: Buffer } | null = null;
        for await (const part of request.parts({ limits: { fileSize: LABEL_MAX_BYTES + 1, files: 1 } })) {
          if (part.type !== "file") continue;
          const data = await part.toBuffer().catch(() => null);
          if (!data || part.file.truncated) throw new AppError("return_label_rejected", { status: 400 });
          file = { mimetype: part.mimetype, data };
        }
        return uploadReturnLabel(ctx, request.params.slug, request.user, request.params.returnId, file);
      },
    });
    app.route({
      ...routeOf(returnsApi.accept),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => acceptReturn(ctx, request.params.slug, request.user, request.params.returnId, request.body.label_mode),
    });
    app.route({
      ...routeOf(returnsApi.reject),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => rejectReturn(ctx, request.params.slug, request.user, request.params.returnId, request.body.reason),
    });
    app.route({
      ...routeOf(returnsApi.close),
      config: { changes: "stock, orders and ratings" },
      handler: async (request, reply) =>
        idempotent(ctx, request, reply, async () => ({
          status: 200,
          body: await closeReturn(ctx, request.params.slug, request.user, request.params.returnId, request.body),
        })),
    });
    app.route({
      ...routeOf(returnsApi.refund),
      config: { changes: "stock, orders and ratings" },
      handler: async (request, reply) => {
        const key = idempotencyKey(request.headers["idempotency-key"]);
        return idempotent(ctx, request, reply, async () => ({
          status: 201,
          body: await refundOrderPart(ctx, request.params.slug, request.user, request.params.id, request.body, key),
        }));
      },
    });
  };
}
