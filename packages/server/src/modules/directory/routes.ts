import { directoryApi } from "@tianguis/domain/api/directory";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { listBusinesses, listNetworkProducts } from "./service";

/** The business network ('Red comercial'): businesses and their products. */
export function directoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...routeOf(directoryApi.businesses), handler: async (request) => listBusinesses(ctx, request.query) });
    app.route({
      ...routeOf(directoryApi.products),
      handler: async (request) => listNetworkProducts(ctx, { ...request.query, text: request.query.text || undefined }),
    });
  };
}
