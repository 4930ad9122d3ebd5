import { routeOf } from "@tianguis/domain/api/endpoint";
import { paymentAccountsApi } from "@tianguis/domain/api/payment-accounts";
import type { PaymentProviderName } from "@tianguis/domain/rules/payment-providers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { receiveProviderWebhook } from "../payments/service";
import { connectAccount, disconnectAccount, getPaymentSettings, setPaymentMode, testAccount, warnAboutDemoKey } from "./service";

/** API: a shop's own payment provider accounts ('Formas de pago') and each account's webhook endpoint. */
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

    await app.register(async (webhooks) => {
      // Signatures cover the exact bytes sent: keep the raw body, whatever the provider calls its content type.
      webhooks.removeAllContentTypeParsers();
      webhooks.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
      webhooks.route({
        ...routeOf(paymentAccountsApi.webhook),
        // Settles payments and refunds (purchases, orders, memberships), as the sandbox webhook does: never an item.
        config: { changes: "stock, orders and ratings" },
        handler: async (request) => {
          const headers = Object.fromEntries(
            Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(",") : value]),
          );
          // Validated by the contract's params schema; the scoped plugin does not carry the zod type provider.
          const params = request.params as { provider: PaymentProviderName; accountId: string };
          const received = await receiveProviderWebhook(ctx, params.provider, params.accountId, {
            rawBody: typeof request.body === "string" ? request.body : "",
            headers,
            url: request.url,
          });
          return { received };
        },
      });
    });
  };
}
