import { routeOf } from "@tianguis/domain/api/endpoint";
import { packingApi } from "@tianguis/domain/api/packing";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { getBin, listBins, listNotPacked, packLine, setBinItem } from "./service";

/** API: an order's boxes (binpacked) and what is in none (notpacked); packing changes boxes only, never the order. */
export function packingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(packingApi.bins),
      handler: async (request) => listBins(ctx, request.params.slug, request.user, request.params.id, request.query),
    });

    app.route({
      ...routeOf(packingApi.bin),
      handler: async (request) => getBin(ctx, request.params.slug, request.user, request.params.id, request.params.binId),
    });

    app.route({
      ...routeOf(packingApi.setBinItem),
      handler: async (request) => {
        const { slug, id, binId, itemId } = request.params;
        return setBinItem(ctx, slug, request.user, { orderId: id, binId, itemId }, request.body.quantity);
      },
    });

    app.route({
      ...routeOf(packingApi.notPacked),
      handler: async (request) => listNotPacked(ctx, request.params.slug, request.user, request.params.id, request.query),
    });

    app.route({
      ...routeOf(packingApi.pack),
      handler: async (request) => packLine(ctx, request.params.slug, request.user, request.params.id, request.params.itemId, request.body),
    });
  };
}
