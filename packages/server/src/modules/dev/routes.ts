import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { runDueJobs } from "../../jobs/runner";

/** Development-only helpers (never registered in production): move the clock to test expiries end to end. */
export function devRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/dev/clock",
      {
        schema: {
          tags: ["dev"],
          summary: "Advance the server clock (not in production)",
          body: z.object({ advance_ms: z.number().int().min(0) }),
          response: { 200: z.object({ now: z.string() }) },
        },
      },
      async (request) => {
        ctx.clock.advance(request.body.advance_ms);
        return { now: ctx.clock.now().toISOString() };
      },
    );
    app.post(
      "/dev/jobs/run",
      { schema: { tags: ["dev"], summary: "Run every due job now (not in production)", response: { 200: z.object({ ran: z.number().int() }) } } },
      async () => ({ ran: await runDueJobs(ctx) }),
    );
  };
}
