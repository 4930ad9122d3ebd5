import type { ServerResponse } from "node:http";
import { alertsApi } from "@tianguis/domain/api/alerts";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { Redis } from "ioredis";
import type pg from "pg";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { AppError } from "../../http/errors";
import { requestLocale } from "../../http/locale";
import { type AlertBus, inProcessAlertBus, postgresAlertBus, redisAlertBus } from "./bus";
import { attachAlertRelay, listMyAlerts, myPendingAlerts, pendingAlertCount, seeMyAlerts, visitAlert } from "./service";

/** The stream's keep-alive comment: proxies and browsers keep an idle connection open well past this. */
export const ALERT_HEARTBEAT_MS = 25_000;

export interface AlertsRoutesOptions {
  database: Database;
  redis?: Redis;
  heartbeatMs?: number;
}

/** The bus of this deployment: Redis when configured, else LISTEN/NOTIFY on PostgreSQL, else in-process (PGlite). */
export function createAlertBus(ctx: AppContext, options: AlertsRoutesOptions): AlertBus {
  if (options.redis) return redisAlertBus(options.redis, `${ctx.config.REDIS_KEY_PREFIX}alerts`);
  if (options.database.kind === "postgres") {
    const pool = (options.database.db as unknown as { $client: pg.Pool }).$client;
    return postgresAlertBus(pool, "tianguis_alerts", (error) => ctx.log.warn({ err: error }, "alerts: LISTEN connection lost"));
  }
  return inProcessAlertBus();
}

export function alertsRoutes(ctx: AppContext, options: AlertsRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const bus = createAlertBus(ctx, options);
    const detach = attachAlertRelay(ctx.db, bus);
    const streams = new Set<ServerResponse>();
    app.addHook("onReady", async () => {
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), 3_000).unref());
      await Promise.race([bus.ready(), timeout]).catch((error: unknown) =>
        ctx.log.warn({ err: error }, "alerts: live fan-out not subscribed yet"),
      );
    });
    // Open streams would hold the server's close: end them first (the browser's EventSource reconnects elsewhere). The
    // bus closes here too: its LISTEN connection must be back in the pool before the database's own onClose ends it.
    app.addHook("preClose", async () => {
      // The socket goes too: a hijacked reply is not among the idle connections the server closes by itself.
      for (const stream of streams) stream.end(() => stream.socket?.destroy());
      streams.clear();
      detach();
      await bus.close();
    });

    app.route({
      ...routeOf(alertsApi.list),
      handler: async (request) => listMyAlerts(ctx, request.user, request.query, requestLocale(request)),
    });
    app.route({
      ...routeOf(alertsApi.pending),
      handler: async (request) => myPendingAlerts(ctx, request.user),
    });
    app.route({
      ...routeOf(alertsApi.visit),
      // Opening an alert changes no item, shop or listing: the catalogue's answers and suggestion indexes stay.
      config: { changes: "not the catalogue" },
      handler: async (request) => visitAlert(ctx, bus, request.user, request.params.id, requestLocale(request)),
    });
    app.route({
      ...routeOf(alertsApi.seen),
      config: { changes: "not the catalogue" },
      handler: async (request) => seeMyAlerts(ctx, bus, request.user),
    });

    // Server-Sent Events: 'pending' events with the badge's count, at once and on every change, and a heartbeat.
    // The reply is hijacked: no onSend hook (compression, page cache) ever sees or buffers it.
    app.get(
      "/me/alerts/stream",
      {
        schema: {
          tags: ["alerts"],
          summary:
            "Live pending-alerts count (Accept: text/event-stream, else 406; text/event-stream: 'pending' events with {pending}; a comment every 25 s)",
          response: { 200: z.string().describe("text/event-stream") },
        },
      },
      async (request, reply) => {
        const user = request.user;
        if (!user) throw new AppError("unauthorized");
        // EventSource always asks for text/event-stream; anything else (a plain fetch, a fuzzer) gets a coded 406.
        if (!/text\/event-stream/i.test(request.headers.accept ?? "")) throw new AppError("alerts_stream_accept", { status: 406 });
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-cache, no-transform",
          connection: "keep-alive",
          "x-accel-buffering": "no",
        });
        raw.flushHeaders();
        streams.add(raw);
        let last = -1;
        let sending = Promise.resolve();
        const send = () => {
          sending = sending.then(async () => {
            if (raw.writableEnded) return;
            const pending = await pendingAlertCount(ctx, user.id).catch(() => null);
            if (pending === null || raw.writableEnded || pending === last) return;
            last = pending;
            raw.write(`event: pending\ndata: ${JSON.stringify({ pending })}\n\n`);
          });
        };
        raw.write("retry: 5000\n\n");
        send();
        const unsubscribe = bus.subscribe((userId) => userId === user.id && send());
        const heartbeat = setInterval(() => raw.writableEnded || raw.write(": ping\n\n"), options.heartbeatMs ?? ALERT_HEARTBEAT_MS);
        heartbeat.unref();
        const cleanup = () => {
          clearInterval(heartbeat);
          unsubscribe();
          streams.delete(raw);
        };
        raw.on("close", cleanup);
        request.raw.on("close", () => {
          cleanup();
          if (!raw.writableEnded) raw.end();
        });
      },
    );
  };
}
