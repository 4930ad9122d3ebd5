import { devApi } from "@tianguis/domain/api/dev";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listOutbox } from "../../adapters/notify/notifier";
import type { AppContext } from "../../context";

/** Development and demo mode only (never in a real production deployment): what the notifier sent, so demo users and tests read PINs. */
export function devOutboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(devApi.outbox),
      handler: async (request) => ({ results: await listOutbox(ctx.db, request.query.limit, request.query.to) }),
    });
  };
}
