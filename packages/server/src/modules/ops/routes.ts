import { routeOf } from "@tianguis/domain/api/endpoint";
import { opsApi } from "@tianguis/domain/api/ops";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { getEventDelivery, listEventDeliveries, replayDeadEventDeliveries, replayEventDelivery } from "./service";

export function opsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(opsApi.eventDeliveries),
      handler: async (request) => listEventDeliveries(ctx, request.user, request.query),
    });
    app.route({
      ...routeOf(opsApi.eventDelivery),
      handler: async (request) => getEventDelivery(ctx, request.user, request.params.delivery_id),
    });
    app.route({
      ...routeOf(opsApi.replayAll),
      handler: async (request) => replayDeadEventDeliveries(ctx, request.user, request.body),
    });
    app.route({
      ...routeOf(opsApi.replay),
      handler: async (request) => replayEventDelivery(ctx, request.user, request.params.delivery_id),
    });
  };
}
