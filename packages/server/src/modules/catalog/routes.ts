import { listOf } from "@tianguis/domain/schemas/common";
import { productTypes, productView } from "@tianguis/domain/schemas/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { listShopProducts } from "./service";

export function catalogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/shops/:slug/products",
      {
        schema: {
          tags: ["catalog"],
          summary: "Items a shop shows, by type, paginated and sorted",
          params: z.object({ slug: z.string() }),
          querystring: z.object({
            type: z.enum(productTypes).optional(),
            offset: z.coerce.number().int().min(0).default(0),
            limit: z.coerce.number().int().min(1).max(100).default(30),
            sort: z.enum(["queue_position", "-list_price", "list_price"]).default("queue_position"),
          }),
          response: { 200: listOf(productView) },
        },
      },
      async (request) => listShopProducts(ctx, request.params.slug, request.query),
    );
  };
}
