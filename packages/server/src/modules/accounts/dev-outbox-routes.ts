import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listOutbox } from "../../adapters/notify/notifier";
import type { AppContext } from "../../context";

const outboxEntry = z.object({ id: z.string(), channel: z.enum(["sms", "email"]), to: z.string(), subject: z.string().nullable(), body: z.string(), created_at: z.string() });

/** Development only (never registered in production): what the notifier sent, so demo users and tests can read PINs. */
export function devOutboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/dev/outbox",
      {
        schema: {
          tags: ["dev"],
          summary: "Messages the notifier sent, newest first (not in production)",
          querystring: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
          response: { 200: z.object({ results: z.array(outboxEntry) }) },
        },
      },
      async (request) => ({ results: await listOutbox(ctx.db, request.query.limit, request.query.to) }),
    );
  };
}
