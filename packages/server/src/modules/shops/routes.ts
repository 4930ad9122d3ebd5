import { routeOf } from "@tianguis/domain/api/endpoint";
import { shopsApi } from "@tianguis/domain/api/shops";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../http/auth";
import { getShop, getShopBySlugOrId, listFeaturedShops } from "./service";
import { updateShopSettings } from "./settings";

export function shopsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(shopsApi.featured),
      handler: async (request) => {
        const results = await listFeaturedShops(ctx, request.query.limit);
        return { results, matches_estimated: results.length };
      },
    });
    app.route({
      ...routeOf(shopsApi.get),
      handler: async (request) => getShopBySlugOrId(ctx, request.params.slug, request.user),
    });
    app.route({
      ...routeOf(shopsApi.byDomain),
      handler: async (request) => getShop(ctx, { domain: request.params.hostname.toLowerCase() }, request.user),
    });
    app.route({
      ...routeOf(shopsApi.update),
      onRequest: requireUser,
      handler: async (request) => updateShopSettings(ctx, request.params.slug, request.user, request.body),
    });
  };
}
