import { devApi } from "@tianguis/domain/api/dev";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { runDueJobs } from "../../jobs/runner";

/** Development-only helpers (never registered in production): move the clock to test expiries end to end. */
export function devRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(devApi.clock),
      handler: async (request) => {
        ctx.clock.advance(request.body.advance_ms);
        return { now: ctx.clock.now().toISOString() };
      },
    });
    app.route({
      ...routeOf(devApi.runJobs),
      handler: async () => ({ ran: await runDueJobs(ctx) }),
    });
  };
}
