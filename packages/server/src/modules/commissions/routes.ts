import { commissionsApi } from "@tianguis/domain/api/commissions";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { getMyEarnings, getOrderCommissions, listMyCommissions, listOwedCommissions, markCommissionsPaid } from "./service";

/** API: commissions; marking them paid changes no item, shop or listing of the catalogue's. */
export function commissionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(commissionsApi.earnings),
      handler: async (request) => getMyEarnings(ctx, request.user, request.query),
    });

    app.route({
      ...routeOf(commissionsApi.list),
      handler: async (request) => listMyCommissions(ctx, request.user, request.query),
    });

    app.route({
      ...routeOf(commissionsApi.owed),
      handler: async (request) => listOwedCommissions(ctx, request.params.slug, request.user),
    });

    app.route({
      ...routeOf(commissionsApi.markPaid),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => markCommissionsPaid(ctx, request.params.slug, request.user, request.body),
    });

    app.route({
      ...routeOf(commissionsApi.order),
      handler: async (request) => getOrderCommissions(ctx, request.params.slug, request.user, request.params.id),
    });
  };
}
