import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { cartSummary, getCart, mergeCart, priceLines, removeCartLine, requireStore, setCartQuantity } from "./service";

const line = z.object({ product_id: z.string().uuid(), quantity: z.number().int().min(1).max(9999) });
const params = z.object({ slug: z.string() });

export function cartRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/shops/:slug/cart",
      { preHandler: requireUser, schema: { tags: ["cart"], summary: "The signed-in customer's cart in this store, per supplier", params } },
      async (request) => getCart(ctx, currentUser(request).id, request.params.slug),
    );
    app.put(
      "/shops/:slug/cart/items",
      { preHandler: requireUser, schema: { tags: ["cart"], summary: "Set an item's quantity (cart rules apply)", params, body: line } },
      async (request) => setCartQuantity(ctx, currentUser(request).id, request.params.slug, request.body),
    );
    app.delete(
      "/shops/:slug/cart/items/:productId",
      { preHandler: requireUser, schema: { tags: ["cart"], summary: "Remove an item", params: params.extend({ productId: z.string().uuid() }) } },
      async (request) => removeCartLine(ctx, currentUser(request).id, request.params.slug, request.params.productId),
    );
    app.post(
      "/shops/:slug/cart/merge",
      { preHandler: requireUser, schema: { tags: ["cart"], summary: "Merge an anonymous browser cart at login", params, body: z.object({ items: z.array(line).max(200) }) } },
      async (request) => mergeCart(ctx, currentUser(request).id, request.params.slug, request.body.items),
    );
    app.post(
      "/shops/:slug/cart/quote",
      { schema: { tags: ["cart"], summary: "Price an anonymous browser cart with current prices and stock", params, body: z.object({ items: z.array(line).max(200) }) } },
      async (request) => {
        const store = await requireStore(ctx, request.params.slug);
        return cartSummary(await priceLines(ctx, store.id, request.body.items));
      },
    );
  };
}
