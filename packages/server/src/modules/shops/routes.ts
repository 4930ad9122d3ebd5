import { listOf } from "@tianguis/domain/schemas/common";
import { shopView } from "@tianguis/domain/schemas/shop";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { getShop, listFeaturedShops } from "./service";

export function shopsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/shops",
      {
        schema: {
          tags: ["shops"],
          summary: "Featured shops of the marketplace",
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) }),
          response: { 200: listOf(shopView) },
        },
      },
      async (request) => {
        const results = await listFeaturedShops(ctx, request.query.limit);
        return { results, matches_estimated: results.length };
      },
    );

    app.get(
      "/shops/:slug",
      {
        schema: {
          tags: ["shops"],
          summary: "A shop with the requesting user's permissions on it",
          params: z.object({ slug: z.string() }),
          response: { 200: shopView },
        },
      },
      async (request) => getShop(ctx, { slug: request.params.slug }, request.user),
    );

    app.get(
      "/shops/by-domain/:hostname",
      {
        schema: {
          tags: ["shops"],
          summary: "The shop whose canonical domain is this host name",
          params: z.object({ hostname: z.string() }),
          response: { 200: shopView },
        },
      },
      async (request) => getShop(ctx, { domain: request.params.hostname.toLowerCase() }, request.user),
    );
  };
}
