import { businessView } from "@tianguis/domain/schemas/directory";
import { listOf } from "@tianguis/domain/schemas/common";
import { productTypes, productView } from "@tianguis/domain/schemas/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { listBusinesses, listNetworkProducts } from "./service";

const page = {
  text: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(60).default(24),
};

/** The business network ('Red comercial'): businesses and their products. */
export function directoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/directory/businesses",
      { schema: { tags: ["directory"], summary: "Businesses of the network, most stocked first", querystring: z.object(page), response: { 200: listOf(businessView) } } },
      async (request) => listBusinesses(ctx, request.query),
    );
    app.get(
      "/directory/products",
      {
        schema: {
          tags: ["directory"],
          summary: "Published items of every business, with a text search filter",
          querystring: z.object({ ...page, type: z.enum(productTypes).optional() }),
          response: { 200: listOf(productView) },
        },
      },
      async (request) => listNetworkProducts(ctx, { ...request.query, text: request.query.text || undefined }),
    );
  };
}
