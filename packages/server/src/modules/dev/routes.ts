import { devApi } from "@tianguis/domain/api/dev";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { runDueDeliveries } from "../../events/bus";
import { runDueJobs } from "../../jobs/runner";

/** Development-only helpers (never registered in production): move the clock to test expiries end to end. */
export function devRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(devApi.clock),
      handler: async (request) => {
        // Past year 275760 a Date is invalid and every later timestamp write would fail.
        if (Number.isNaN(new Date(ctx.clock.now().getTime() + request.body.advance_ms).getTime()))
          throw new AppError("validation_failed", { status: 400, fields: { advance_ms: "must_be_number" } });
        ctx.clock.advance(request.body.advance_ms);
        return { now: ctx.clock.now().toISOString() };
      },
    });
    app.route({
      ...routeOf(devApi.runJobs),
      handler: async () => ({ ran: (await runDueJobs(ctx)) + (await runDueDeliveries(ctx)) }),
    });
  };
}
