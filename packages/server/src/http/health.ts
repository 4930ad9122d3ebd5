import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { Database } from "../db/client";

/** Whether this instance should get new traffic: false from SIGTERM on (http/shutdown.ts), while it drains. */
export interface Readiness {
  draining: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

const CHECK_TIMEOUT_MS = 2_000;

async function check(probe: () => Promise<unknown>): Promise<"ok" | "failing"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return "ok";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz (liveness: the process answers; nothing else is checked, so a database outage does not get every
 * instance restarted) and GET /readyz (readiness: 200 when the database and Redis answer, 503 when either does not or
 * while the instance drains for shutdown). Both answer before the session and CSRF checks and log only failures.
 */
export function installHealth(app: FastifyInstance, dependencies: { database: Database; redis?: Redis }): void {
  app.decorate("readiness", { draining: false });
  const quiet = { logLevel: "warn" as const, schema: { hide: true } };

  app.get("/healthz", quiet, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  app.get("/readyz", quiet, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const failed = (what: string) => (error: unknown) => {
      request.log.warn({ err: error }, `readiness: ${what} is not answering`);
      return "failing" as const;
    };
    const [database, redis] = await Promise.all([
      check(() => dependencies.database.db.execute(sql`select 1`)).catch(failed("the database")),
      dependencies.redis ? check(() => dependencies.redis!.ping()).catch(failed("Redis")) : ("not_configured" as const),
    ]);
    const draining = app.readiness.draining;
    const ready = !draining && database === "ok" && redis !== "failing";
    return reply.code(ready ? 200 : 503).send({ status: ready ? "ready" : draining ? "draining" : "not_ready", database, redis });
  });
}
