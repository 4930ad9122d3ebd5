import { routeOf } from "@tianguis/domain/api/endpoint";
import { paymentAccountsApi } from "@tianguis/domain/api/payment-accounts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { connectAccount, disconnectAccount, getPaymentSettings, setPaymentMode, testAccount, warnAboutDemoKey } from "./service";

/** API: a shop's own payment provider accounts ('Formas de pago'); their webhooks are the payments module's. */
export function paymentAccountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    warnAboutDemoKey(ctx);
    app.route({
      ...routeOf(paymentAccountsApi.list),
      handler: async (request) => getPaymentSettings(ctx, request.params.slug, request.user),
    });
    app.route({
      ...routeOf(paymentAccountsApi.connect),
      handler: async (request) => connectAccount(ctx, request.params.slug, request.params.provider, request.user, request.body),
    });
    app.route({
      ...routeOf(paymentAccountsApi.test),
      handler: async (request) => testAccount(ctx, request.params.slug, request.params.provider, request.user),
    });
    app.route({
      ...routeOf(paymentAccountsApi.disconnect),
      handler: async (request) => disconnectAccount(ctx, request.params.slug, request.params.provider, request.user),
    });
    app.route({
      ...routeOf(paymentAccountsApi.mode),
      handler: async (request) => setPaymentMode(ctx, request.params.slug, request.user, request.body.live),
    });
  };
}
