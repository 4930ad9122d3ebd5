import { routeOf } from "@tianguis/domain/api/endpoint";
import { shopPagesApi } from "@tianguis/domain/api/shop-pages";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { requestLocale } from "../../http/locale";
import { getShopPage, listShopPages, resetShopPage, saveShopPage, sendContactMessage } from "./service";

/**
 * Spam limits of the contact form: a few messages per visitor address and shop, and a ceiling per shop so a bot farm
 * cannot flood one owner's inbox. Counted in Redis when REDIS_URL is set (every instance shares them), else in memory.
 */
export const contactLimits = {
  perAddress: { max: 3, timeWindow: 10 * 60_000 },
  perShop: { max: 30, timeWindow: 60 * 60_000 },
};

const slugKey = (request: FastifyRequest) => String((request.params as { slug?: string }).slug ?? "").toLowerCase();

export function shopPagesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const throttled = () => new AppError("contact_rate_limited", { status: 429 });
    const perAddress = app.createRateLimit({
      ...contactLimits.perAddress,
      keyGenerator: (request) => `contact-ip:${request.ip}:${slugKey(request)}`,
    });
    const perShop = app.createRateLimit({ ...contactLimits.perShop, keyGenerator: (request) => `contact-shop:${slugKey(request)}` });

    app.route({
      ...routeOf(shopPagesApi.list),
      handler: async (request) => listShopPages(ctx, request.params.slug, requestLocale(request)),
    });
    app.route({
      ...routeOf(shopPagesApi.get),
      handler: async (request) => getShopPage(ctx, request.params.slug, request.params.page, requestLocale(request)),
    });
    app.route({
      ...routeOf(shopPagesApi.update),
      handler: async (request) => saveShopPage(ctx, request.params.slug, request.params.page, request.user, request.body),
    });
    app.route({
      ...routeOf(shopPagesApi.reset),
      handler: async (request) => resetShopPage(ctx, request.params.slug, request.params.page, request.user, requestLocale(request)),
    });
    app.route({
      ...routeOf(shopPagesApi.contact),
      // After validation, so a malformed form does not use up the visitor's allowance.
      preHandler: async (request, reply) => {
        for (const limit of [perAddress, perShop]) {
          // isAllowed means 'on the allow list'; a counted request is refused only when it exceeds the limit.
          const result = await limit(request);
          if (!result.isAllowed && result.isExceeded) {
            reply.header("retry-after", result.ttlInSeconds);
            throw throttled();
          }
        }
      },
      handler: async (request) => sendContactMessage(ctx, request.params.slug, request.body, request.user),
    });
  };
}
