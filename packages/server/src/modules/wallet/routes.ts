import { routeOf } from "@tianguis/domain/api/endpoint";
import { walletApi } from "@tianguis/domain/api/wallet";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import {
  getMyWallet,
  getShopWallet,
  listMyEntries,
  listShopEntries,
  receivePayoutWebhook,
  requestPayout,
  savePayoutAccount,
} from "./service";

/** API: the earnings wallet, its CLABE and payouts, and the payout provider's webhooks. No catalogue data changes. */
export function walletRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(walletApi.get),
      handler: async (request) => getMyWallet(ctx, request.user, request.params.wallet_type_id),
    });
    app.route({
      ...routeOf(walletApi.entries),
      handler: async (request) => listMyEntries(ctx, request.user, request.params.wallet_type_id, request.query),
    });
    app.route({
      ...routeOf(walletApi.saveAccount),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => savePayoutAccount(ctx, request.user, request.body),
    });
    app.route({
      ...routeOf(walletApi.payout),
      config: { changes: "stock, orders and ratings" },
      handler: async (request, reply) => {
        reply.status(201);
        return requestPayout(ctx, request.user, request.params.wallet_type_id, request.body);
      },
    });
    app.route({
      ...routeOf(walletApi.shopGet),
      handler: async (request) => getShopWallet(ctx, request.params.slug, request.user, request.params.wallet_type_id),
    });
    app.route({
      ...routeOf(walletApi.shopEntries),
      handler: async (request) => listShopEntries(ctx, request.params.slug, request.user, request.params.wallet_type_id, request.query),
    });
    await app.register(async (webhooks) => {
      // Signatures cover the exact bytes sent: keep the raw body, whatever the provider calls its content type.
      webhooks.removeAllContentTypeParsers();
      webhooks.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
      const headersOf = (raw: Record<string, string | string[] | undefined>) =>
        Object.fromEntries(
          Object.entries(raw).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(",") : value]),
        );
      webhooks.route({
        ...routeOf(walletApi.webhook),
        config: { changes: "stock, orders and ratings" },
        handler: async (request) => {
          // Validated by the contract's params schema; the scoped plugin does not carry the zod type provider.
          const { provider } = request.params as { provider: string };
          const rawBody = typeof request.body === "string" ? request.body : "";
          return { received: await receivePayoutWebhook(ctx, provider, rawBody, headersOf(request.headers)) };
        },
      });
    });
  };
}
