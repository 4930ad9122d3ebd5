import { routeOf } from "@tianguis/domain/api/endpoint";
import { supportApi } from "@tianguis/domain/api/support";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { disableShop, enableShop, getDisablement, listPlatformAdvisors, listPlatformShops, updateShopSupport } from "./service";

export function platformAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(supportApi.platformShops),
      handler: async (request) => listPlatformShops(ctx, request.user, request.query),
    });
    app.route({
      ...routeOf(supportApi.advisors),
      handler: async (request) => listPlatformAdvisors(ctx, request.user),
    });
    app.route({
      ...routeOf(supportApi.disable),
      handler: async (request) => disableShop(ctx, request.user, request.params.slug, request.body.reason),
    });
    app.route({
      ...routeOf(supportApi.enable),
      handler: async (request) => enableShop(ctx, request.user, request.params.slug),
    });
    app.route({
      ...routeOf(supportApi.updateSupport),
      handler: async (request) => updateShopSupport(ctx, request.user, request.params.slug, request.body),
    });
    app.route({
      ...routeOf(supportApi.disablement),
      handler: async (request) => getDisablement(ctx, request.params.slug, request.user),
    });
  };
}
