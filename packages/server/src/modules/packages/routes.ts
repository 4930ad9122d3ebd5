import { routeOf } from "@tianguis/domain/api/endpoint";
import { packagesApi } from "@tianguis/domain/api/packages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { idempotent } from "../../http/idempotency";
import { requestLocale } from "../../http/locale";
import { currentPackage, getPurchase, payPackage, purchasePackage, refundPackagePurchase } from "./service";
import { listPackageViews, requirePackage, toPackageView } from "./views";

/** Membership packages: the public list and pages; buying and paying need an account. */
export function packagesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(packagesApi.list),
      handler: async (request) => ({ results: listPackageViews(requestLocale(request)) }),
    });
    app.route({
      ...routeOf(packagesApi.current),
      preHandler: requireUser,
      handler: async (request) => currentPackage(ctx, currentUser(request).id, requestLocale(request)),
    });
    app.route({
      ...routeOf(packagesApi.get),
      handler: async (request) => toPackageView(requirePackage(request.params.id), requestLocale(request)),
    });
    app.route({
      ...routeOf(packagesApi.purchase),
      preHandler: requireUser,
      handler: async (request) => purchasePackage(ctx, currentUser(request), request.params.id, requestLocale(request)),
    });
    app.route({
      ...routeOf(packagesApi.purchaseByToken),
      preHandler: requireUser,
      handler: async (request) => getPurchase(ctx, currentUser(request), request.params.token, requestLocale(request)),
    });
    app.route({
      ...routeOf(packagesApi.pay),
      preHandler: requireUser,
      handler: async (request, reply) =>
        idempotent(ctx, request, reply, async () => ({
          status: 200,
          body: await payPackage(ctx, currentUser(request), request.params.token, request.body.card_token, requestLocale(request)),
        })),
    });
    app.route({
      ...routeOf(packagesApi.refund),
      handler: async (request) =>
        refundPackagePurchase(ctx, request.user, request.params.token, request.body.reason, requestLocale(request)),
    });
  };
}
