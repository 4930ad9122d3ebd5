import { routeOf } from "@tianguis/domain/api/endpoint";
import { smsApi } from "@tianguis/domain/api/sms";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { idempotent } from "../../http/idempotency";
import { requestLocale } from "../../http/locale";
import { getSmsAccount, getSmsPurchase, listSmsEntries, paySmsPurchase, purchaseSmsPackage } from "./service";
import { listSmsPackageViews } from "./views";

/** API: SMS packages, a shop's SMS credits and ledger, buying and paying a package. */
export function smsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(smsApi.packages),
      handler: async (request) => ({ results: listSmsPackageViews(requestLocale(request)) }),
    });
    app.route({
      ...routeOf(smsApi.account),
      handler: async (request) => getSmsAccount(ctx, request.params.slug, request.user),
    });
    app.route({
      ...routeOf(smsApi.entries),
      handler: async (request) => listSmsEntries(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(smsApi.purchase),
      handler: async (request) => purchaseSmsPackage(ctx, request.params.slug, request.user, request.params.id, requestLocale(request)),
    });
    app.route({
      ...routeOf(smsApi.purchaseByToken),
      handler: async (request) => getSmsPurchase(ctx, request.user, request.params.token, requestLocale(request)),
    });
    app.route({
      ...routeOf(smsApi.pay),
      handler: async (request, reply) =>
        idempotent(ctx, request, reply, async () => ({
          status: 200,
          body: await paySmsPurchase(ctx, request.user, request.params.token, request.body.card_token, requestLocale(request)),
        })),
    });
  };
}
