import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The process's own Prometheus instruments, counted where things happen (the job runner, the database driver, page
 * renders, payments, logins, rate limits) and served with each app's own series by GET /metrics (http/metrics.ts).
 * Counting costs an addition whether or not METRICS_TOKEN is set; nothing is exposed without it.
 */
export const processRegistry = new Registry();

let defaultsCollected = false;

/** prom-client's process and Node series (CPU, memory, event-loop lag), started once per process. */
export function collectProcessDefaults(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry });
}

const registers = [processRegistry];

export const ssrRenderSeconds = new Histogram({
  name: "tianguis_ssr_render_duration_seconds",
  help: "Time React Router took to render a page (to the whole page when it is cached, to its first byte when streamed), by how it was rendered",
  labelNames: ["mode"] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

export const pageCacheRequests = new Counter({
  name: "tianguis_page_cache_requests_total",
  help: "Shared pages asked of the page cache, by result: hit (served another request's page) or miss (rendered for this one)",
  labelNames: ["result"] as const,
  registers,
});

export const dbQuerySeconds = new Histogram({
  name: "tianguis_db_query_duration_seconds",
  help: "Time from sending a statement to PostgreSQL to its answer, by outcome (ok or error)",
  labelNames: ["outcome"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers,
});

export const jobRuns = new Counter({
  name: "tianguis_job_runs_total",
  help: "Jobs this instance ran, by kind and outcome: done, failed (to be retried) or dead (gave up after its last attempt)",
  labelNames: ["kind", "outcome"] as const,
  registers,
});

export const paymentOutcomes = new Counter({
  name: "tianguis_payment_outcomes_total",
  help: "Payment attempts this instance settled, by provider and outcome (succeeded, failed, expired)",
  labelNames: ["provider", "outcome"] as const,
  registers,
});

export const loginsRefused = new Counter({
  name: "tianguis_logins_refused_total",
  help: "Sign-ins and password checks refused, by reason: the error code (a wrong password, rate_limited, login_locked)",
  labelNames: ["reason"] as const,
  registers,
});

export const rateLimitsHit = new Counter({
  name: "tianguis_rate_limits_hit_total",
  help: "Requests refused with 429 by a route's rate limit, by route template",
  labelNames: ["route"] as const,
  registers,
});
