import { routeOf } from "@tianguis/domain/api/endpoint";
import { supportApi } from "@tianguis/domain/api/support";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { getShopSupport, recordHeartbeat } from "./service";

export function supportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(supportApi.shopSupport),
      onRequest: requireUser,
      handler: async (request) => getShopSupport(ctx, request.params.slug, request.user),
    });
    app.route({
      ...routeOf(supportApi.heartbeat),
      onRequest: requireUser,
      handler: async (request) => recordHeartbeat(ctx, currentUser(request)),
    });
  };
}
