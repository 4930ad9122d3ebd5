import { checkoutApi } from "@tianguis/domain/api/checkout";
import { routeOf } from "@tianguis/domain/api/endpoint";
import { attributionFromCookies } from "@tianguis/domain/rules/referral";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { idempotent } from "../../http/idempotency";
import { requestLocale } from "../../http/locale";
import { createCheckout, quoteShipping, shareCheckout } from "./service";
import { listMyCheckouts } from "./purchase-list";
import { getCheckoutByToken, getCheckoutView, getSharedCheckoutView } from "./views";

/** API: shipping quotes and purchases; a purchase takes stock and makes orders, never changes an item itself (config.changes). */
export function checkoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(checkoutApi.shippingQuotes),
      // Quotes are computed, nothing is stored: no cache is emptied (as for the cart quote).
      config: { changes: "nothing" },
      handler: async (request) => ({ rates: await quoteShipping(ctx, request.params.slug, request.body.postal_code, request.body.items) }),
    });

    app.route({
      ...routeOf(checkoutApi.create),
      config: { changes: "stock, orders and ratings" },
      handler: async (request, reply) =>
        // Atomic: the purchase and the stored response commit together, so a retry never makes a second purchase.
        idempotent(
          ctx,
          request,
          reply,
          async (txCtx) => {
            const cookies = request.cookies;
            const created = await createCheckout(txCtx, request.params.slug, request.user, {
              ...request.body,
              attribution: attributionFromCookies(cookies),
              locale: requestLocale(request),
            });
            return { status: 201, body: await getCheckoutView(txCtx, created.id, request.user, created.accessToken) };
          },
          { atomic: true },
        ),
    });

    app.route({
      ...routeOf(checkoutApi.get),
      handler: async (request) => getCheckoutView(ctx, request.params.id, request.user, request.query.token),
    });

    app.route({
      ...routeOf(checkoutApi.byToken),
      handler: async (request) => getCheckoutByToken(ctx, request.params.token),
    });

    app.route({
      ...routeOf(checkoutApi.shared),
      handler: async (request) => getSharedCheckoutView(ctx, request.params.slug),
    });

    app.route({
      ...routeOf(checkoutApi.share),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => shareCheckout(ctx, request.params.id, request.user, request.query.token),
    });

    app.route({
      ...routeOf(checkoutApi.purchases),
      preHandler: requireUser,
      handler: async (request) => listMyCheckouts(ctx, currentUser(request), request.query),
    });
  };
}
