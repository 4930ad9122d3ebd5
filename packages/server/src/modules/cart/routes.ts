import { cartApi } from "@tianguis/domain/api/cart";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { getCart, mergeCart, quoteCart, removeCartLine, setCartQuantity } from "./service";

export function cartRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(cartApi.get),
      preHandler: requireUser,
      handler: async (request) => getCart(ctx, currentUser(request).id, request.params.slug),
    });
    app.route({
      ...routeOf(cartApi.setQuantity),
      config: { changes: "not the catalogue" },
      preHandler: requireUser,
      handler: async (request) => setCartQuantity(ctx, currentUser(request).id, request.params.slug, request.body),
    });
    app.route({
      ...routeOf(cartApi.remove),
      config: { changes: "not the catalogue" },
      preHandler: requireUser,
      handler: async (request) => removeCartLine(ctx, currentUser(request).id, request.params.slug, request.params.productId),
    });
    app.route({
      ...routeOf(cartApi.merge),
      config: { changes: "not the catalogue" },
      preHandler: requireUser,
      handler: async (request) => mergeCart(ctx, currentUser(request).id, request.params.slug, request.body.items),
    });
    app.route({
      ...routeOf(cartApi.quote),
      // A POST only to send the browser cart's lines: it prices them and stores nothing.
      config: { changes: "nothing" },
      handler: async (request) => quoteCart(ctx, request.params.slug, request.body.items),
    });
  };
}
