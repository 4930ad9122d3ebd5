import { timingSafeEqual } from "node:crypto";
import { and, count, eq, inArray, isNotNull, isNull, lte, min } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { collectProcessDefaults, processRegistry } from "../metrics";
import { requestLocale } from "./locale";
import { sendError } from "./errors";
import { eventDeliveries } from "../db/schema/events";
import { jobs } from "../db/schema/jobs";
import { payments } from "../db/schema/payments";

/**
 * GET /metrics in Prometheus's text format (prom-client), for each instance's scraper (docs/DEPLOY.md "Metrics").
 * Never public: it answers only with `Authorization: Bearer METRICS_TOKEN` (compared in constant time), and is not
 * registered at all without METRICS_TOKEN. A token rather than a second port: every instance keeps its one listener
 * (behind nginx, under systemd or in a container nothing else needs opening or allocating), and the scraper reaches
 * each instance's own address with a header Prometheus sends natively (`authorization.credentials_file`).
 *
 * This instance's own counts: HTTP requests by route template, method and status, with their latency, its database
 * pool, and the process's counters (metrics.ts: page renders and the page cache, statements' time, jobs run, payment
 * outcomes, refused logins, rate limits). Counts read from the shared database at scrape time (the same on every
 * instance; aggregate them with max, not sum): the job queue and its dead jobs, the event outbox's deliveries and
 * payments by provider and status.
 */
export function installMetrics(app: FastifyInstance, ctx: AppContext, database: Database, token: string | undefined): void {
  if (!token) return;
  const registry = new Registry();
  collectProcessDefaults();

  const labelNames = ["route", "method", "status"] as const;
  const requests = new Counter({
    name: "tianguis_http_requests_total",
    help: "HTTP requests answered, by route template, method and status code",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "tianguis_http_request_duration_seconds",
    help: "Time from receiving an HTTP request to sending its answer, by route template, method and status code",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const queueDepth = new Gauge({ name: "tianguis_jobs_due", help: "Jobs due to run and not done", registers: [registry] });
  const oldestJob = new Gauge({
    name: "tianguis_jobs_oldest_due_age_seconds",
    help: "How long the oldest due job has waited past its run time (0 when none is due)",
    registers: [registry],
  });
  const retrying = new Gauge({
    name: "tianguis_jobs_retrying",
    help: "Jobs not done whose last attempt failed (waiting for their next attempt)",
    registers: [registry],
  });
  const deadJobs = new Gauge({
    name: "tianguis_jobs_dead",
    help: "Jobs that gave up after their last attempt (done with an error kept in last_error)",
    registers: [registry],
  });
  const { pool } = database;
  if (pool) {
    new Gauge({
      name: "tianguis_db_pool_connections",
      help: "This instance's PostgreSQL connections by state: total (open), idle, and waiting (queries queued for one)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
    new Gauge({
      name: "tianguis_db_pool_max_connections",
      help: "The most connections this instance's pool opens",
      registers: [registry],
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }
  const deliveries = new Gauge({
    name: "tianguis_event_deliveries",
    help: "Event outbox deliveries by state: pending (not yet run by their subscriber) or dead (gave up, awaiting replay)",
    labelNames: ["state"] as const,
    registers: [registry],
  });
  const outboxLag = new Gauge({
    name: "tianguis_event_deliveries_oldest_due_age_seconds",
    help: "How long the oldest due pending event delivery has waited past its run time (0 when none is due)",
    registers: [registry],
  });
  const paymentCounts = new Gauge({
    name: "tianguis_payments",
    help: "Payments by provider and status (succeeded, failed, expired, pending, requires_action, created)",
    labelNames: ["provider", "status"] as const,
    registers: [registry],
  });

  const ageSeconds = (since: Date | null, now: Date) => (since ? Math.max(0, (now.getTime() - since.getTime()) / 1000) : 0);

  /** The shared counts, read once per scrape. */
  async function readDatabase(): Promise<void> {
    const now = ctx.clock.now();
    const [due] = await ctx.db
      .select({ count: count(), oldest: min(jobs.runAt) })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now)));
    const [failing] = await ctx.db
      .select({ count: count() })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), isNotNull(jobs.lastError)));
    const [dead] = await ctx.db
      .select({ count: count() })
      .from(jobs)
      .where(and(isNotNull(jobs.doneAt), isNotNull(jobs.lastError)));
    const states = await ctx.db
      .select({ state: eventDeliveries.state, count: count() })
      .from(eventDeliveries)
      .where(inArray(eventDeliveries.state, ["pending", "dead"]))
      .groupBy(eventDeliveries.state);
    const [lag] = await ctx.db
      .select({ oldest: min(eventDeliveries.runAt) })
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.state, "pending"), lte(eventDeliveries.runAt, now)));
    const byOutcome = await ctx.db
      .select({ provider: payments.provider, status: payments.status, count: count() })
      .from(payments)
      .groupBy(payments.provider, payments.status);

    queueDepth.set(due.count);
    oldestJob.set(ageSeconds(due.oldest === null ? null : new Date(due.oldest), now));
    retrying.set(failing.count);
    deadJobs.set(dead.count);
    deliveries.reset();
    for (const state of ["pending", "dead"] as const) deliveries.set({ state }, states.find((row) => row.state === state)?.count ?? 0);
    outboxLag.set(ageSeconds(lag.oldest === null ? null : new Date(lag.oldest), now));
    paymentCounts.reset();
    for (const row of byOutcome) paymentCounts.set({ provider: row.provider, status: row.status }, row.count);
  }

  app.addHook("onResponse", async (request, reply) => {
    // The route's template (/api/v1/shops/:slug), never the raw URL: one series per route, whatever the ids.
    const route = request.routeOptions.url ?? "unmatched";
    if (route === "/metrics") return;
    const labels = { route, method: request.method, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", { logLevel: "warn", schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    reply.header("cache-control", "no-store");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      return sendError(reply, requestLocale(request), 401, "unauthorized");
    }
    await readDatabase();
    return reply.type(registry.contentType).send(await Registry.merge([registry, processRegistry]).metrics());
  });
}
