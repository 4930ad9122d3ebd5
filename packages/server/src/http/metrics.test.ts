import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { eventDeliveries, events } from "../db/schema/events";
import { jobs } from "../db/schema/jobs";
import { MAX_JOB_ATTEMPTS, enqueueJob, registerJob, runDueJobs } from "../jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser, payBySandboxCard, testDatabaseKind } from "../test/harness";

const TOKEN = "metrics-token-for-the-tests-0123456789";
const guest = { full_name: "Ana López", email: "ana@example.com" };

/** The label names of a metric's samples (without a histogram's `le`), from its first sample. */
function labelsOf(text: string, name: string): string[] | undefined {
  const line = text.split("\n").find((one) => one.startsWith(`${name}{`) || one.startsWith(`${name} `));
  if (!line) return undefined;
  const inside = /\{(.*)\}/.exec(line)?.[1] ?? "";
  return inside
    .split(",")
    .filter(Boolean)
    .map((pair) => pair.split("=")[0])
    .filter((label) => label !== "le")
    .sort();
}

/** The value of one sample in Prometheus's text format, or undefined when there is no such sample. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? "").split(",");
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

describe("GET /metrics", () => {
  let t: TestApp;
  const scrape = async () => {
    const response = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t.close());

  it("refuses without the token or with another one, and does not exist without METRICS_TOKEN", async () => {
    const none = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(none.body).not.toContain("tianguis_");
    const wrong = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN.slice(1)}x` } });
    expect(wrong.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: TOKEN } })).statusCode).toBe(401);

    const unconfigured = await createTestApp();
    try {
      const response = await unconfigured.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await unconfigured.close();
    }
  });

  it("counts the requests it served by route template, method and status, with their latency", async () => {
    const before = await scrape();
    const healthz = { route: "/healthz", method: "GET", status: "200" };
    const counted = sample(before, "tianguis_http_requests_total", healthz) ?? 0;
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/shops/no-such-shop-anywhere" });
    expect(missing.statusCode).toBe(404);

    const after = await scrape();
    expect(sample(after, "tianguis_http_requests_total", healthz)).toBe(counted + 1);
    expect(sample(after, "tianguis_http_request_duration_seconds_count", healthz)).toBe(counted + 1);
    expect(sample(after, "tianguis_http_request_duration_seconds_bucket", { ...healthz, le: "+Inf" })).toBe(counted + 1);
    // The template, never the shop's slug.
    expect(sample(after, "tianguis_http_requests_total", { route: "/api/v1/shops/:slug", method: "GET", status: "404" })).toBe(1);
    expect(after).not.toContain("no-such-shop-anywhere");
    // Scrapes are not counted; the 401s above are, under their route.
    expect(after).not.toContain('route="/metrics"');
    expect(sample(after, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
  });

  it("reports the job queue, the event outbox's pending and dead deliveries, and payments by provider and status", async () => {
    const now = t.clock.now();
    const before = await scrape();
    const due = sample(before, "tianguis_jobs_due") ?? 0;
    await enqueueJob(t.ctx.db, "metrics.test", {}, new Date(now.getTime() - 90_000));
    await enqueueJob(t.ctx.db, "metrics.test", {}, new Date(now.getTime() + 3_600_000));
    const [event] = await t.ctx.db
      .insert(events)
      .values({ type: "metrics.test", version: 1, payload: {}, occurredAt: now })
      .returning({ id: events.id });
    await t.ctx.db.insert(eventDeliveries).values([
      { eventId: event.id, subscriber: "metrics-test-dead", state: "dead", attempts: 8, runAt: now },
      { eventId: event.id, subscriber: "metrics-test-late", state: "pending", runAt: new Date(now.getTime() - 120_000) },
    ]);

    const store = await createShop(t.ctx, (await createUser(t.ctx)).id);
    const item = await createProduct(t.ctx, store.id, { listPrice: 25000, stock: 5 });
    const checkout = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/checkout`,
      payload: { items: [{ product_id: item.id, quantity: 1 }], contact: guest, delivery_type: "to_branch" },
    });
    expect(checkout.statusCode).toBe(201);
    expect((await payBySandboxCard(t.app, checkout.json())).statusCode).toBe(200);

    const after = await scrape();
    expect(sample(after, "tianguis_jobs_due")).toBeGreaterThanOrEqual(due + 1);
    expect(sample(after, "tianguis_jobs_oldest_due_age_seconds")).toBeGreaterThanOrEqual(90);
    expect(sample(after, "tianguis_event_deliveries", { state: "dead" })).toBe(1);
    expect(sample(after, "tianguis_event_deliveries", { state: "pending" })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "tianguis_event_deliveries_oldest_due_age_seconds")).toBeGreaterThanOrEqual(120);
    expect(sample(after, "tianguis_payments", { provider: "sandbox", status: "succeeded" })).toBe(1);
  });

  it("counts jobs done, failed and dead, payment outcomes, refused logins and rate limits hit, with their labels", async () => {
    const kind = "metrics.failing";
    registerJob(kind, async () => {
      throw new Error("always fails");
    });
    registerJob("metrics.passing", async () => {});
    const past = new Date(t.clock.now().getTime() - 1_000);
    await enqueueJob(t.ctx.db, kind, {}, past);
    await enqueueJob(t.ctx.db, "metrics.passing", {}, past);
    // Its last attempt: it gives up.
    await t.ctx.db
      .update(jobs)
      .set({ attempts: MAX_JOB_ATTEMPTS - 1 })
      .where(eq(jobs.kind, kind));
    await enqueueJob(t.ctx.db, kind, { second: "yes" }, past);
    const before = await scrape();
    const deadBefore = sample(before, "tianguis_jobs_dead") ?? 0;
    await runDueJobs(t.ctx);

    const address = { "x-forwarded-for": "203.0.113.77" };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const login = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: address,
        payload: { username: "nadie-metrics@ejemplo.mx", password: "x" },
      });
      expect(login.statusCode).toBe(401);
    }
    const throttled = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: address,
      payload: { username: "nadie-metrics@ejemplo.mx", password: "x" },
    });
    expect(throttled.statusCode).toBe(429);
    let last = 0;
    for (let attempt = 0; attempt < 21; attempt += 1)
      last = (
        await t.app.inject({
          method: "POST",
          url: "/api/v1/auth/register",
          headers: address,
          payload: { type: "email", email: "x", full_name: "", password: "", tac: true },
        })
      ).statusCode;
    expect(last).toBe(429);

    const after = await scrape();
    // Counters are the process's, and a worker runs other test files before this one: read what this test added.
    const added = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(added("tianguis_job_runs_total", { kind, outcome: "dead" })).toBe(1);
    expect(added("tianguis_job_runs_total", { kind, outcome: "failed" })).toBe(1);
    expect(added("tianguis_job_runs_total", { kind: "metrics.passing", outcome: "done" })).toBe(1);
    expect(sample(after, "tianguis_jobs_dead")).toBe(deadBefore + 1);
    expect(added("tianguis_logins_refused_total", { reason: "invalid_credentials" })).toBe(5);
    expect(added("tianguis_logins_refused_total", { reason: "rate_limited" })).toBe(1);
    expect(added("tianguis_rate_limits_hit_total", { route: "/api/v1/auth/register" })).toBe(1);
    // The sandbox card payment of the test before.
    expect(sample(after, "tianguis_payment_outcomes_total", { provider: "sandbox", outcome: "succeeded" })).toBeGreaterThanOrEqual(1);

    // Every series an operator's dashboard (deploy/grafana-dashboard.json) and alerts read, with its labels.
    const series: Record<string, string[]> = {
      tianguis_http_requests_total: ["method", "route", "status"],
      tianguis_http_request_duration_seconds_bucket: ["method", "route", "status"],
      tianguis_jobs_due: [],
      tianguis_jobs_oldest_due_age_seconds: [],
      tianguis_jobs_retrying: [],
      tianguis_jobs_dead: [],
      tianguis_job_runs_total: ["kind", "outcome"],
      tianguis_event_deliveries: ["state"],
      tianguis_event_deliveries_oldest_due_age_seconds: [],
      tianguis_payments: ["provider", "status"],
      tianguis_payment_outcomes_total: ["outcome", "provider"],
      tianguis_logins_refused_total: ["reason"],
      tianguis_rate_limits_hit_total: ["route"],
    };
    for (const [name, labels] of Object.entries(series)) expect(labelsOf(after, name), name).toEqual(labels);
    // Pages are not served by this API-only app: their series are declared, and counted by the scale-out run (e2e/scaleout.ts).
    expect(after).toContain("# TYPE tianguis_ssr_render_duration_seconds histogram");
    expect(after).toContain("# TYPE tianguis_page_cache_requests_total counter");
    if (process.env.TEST_DB === "postgres") {
      expect(labelsOf(after, "tianguis_db_pool_connections")).toEqual(["state"]);
      expect(sample(after, "tianguis_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      expect(sample(after, "tianguis_db_pool_max_connections")).toBe(5);
      expect(sample(after, "tianguis_db_query_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(10);
    } else {
      // PGlite runs inside the process: no pool, and its statements are not timed.
      expect(after).not.toContain("tianguis_db_pool_connections{");
    }
  });

  it("declares every series the Grafana dashboard and the alert rules in deploy/ read", async () => {
    const declared = new Set([...(await scrape()).matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
    for (const file of ["grafana-dashboard.json", "tianguis-alerts.yml"]) {
      const text = fs.readFileSync(new URL(`../../../../deploy/${file}`, import.meta.url), "utf8");
      const used = new Set([...text.matchAll(/\b((?:tianguis|process|nodejs)_\w+)/g)].map((match) => match[1]));
      expect(used.size, file).toBeGreaterThan(5);
      for (const name of used) {
        const base = name.replace(/_(bucket|count|sum)$/, "");
        // The pool's series exist only on PostgreSQL.
        if (base.startsWith("tianguis_db_pool") && process.env.TEST_DB !== "postgres") continue;
        expect(declared.has(name) || declared.has(base), `${file}: ${name}`).toBe(true);
      }
    }
  });
});

/** The sum of a series' samples over all its labels (0 when it has none). */
function total(text: string, name: string): number {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

// Pages render from source here (no build before `vitest run`) and do not depend on the database: PGlite only. The page
// cache serves built pages only; its hits are counted by the scale-out run (e2e/scaleout.ts).
describe.skipIf(testDatabaseKind === "postgres")("GET /metrics of an app that serves its pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN }, { web: "vite" });
  });
  afterAll(async () => t?.close());

  it("times every server render by how it was rendered", async () => {
    const scrape = async () => (await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const before = await scrape();
    const shop = await createShop(t.ctx, (await createUser(t.ctx)).id);
    for (const url of ["/", `/tienda/${shop.slug}`]) expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);
    const after = await scrape();
    expect(total(after, "tianguis_ssr_render_duration_seconds_count") - total(before, "tianguis_ssr_render_duration_seconds_count")).toBe(
      2,
    );
    expect(labelsOf(after, "tianguis_ssr_render_duration_seconds_count")).toEqual(["mode"]);
    expect(total(after, "tianguis_ssr_render_duration_seconds_sum")).toBeGreaterThan(
      total(before, "tianguis_ssr_render_duration_seconds_sum"),
    );
  });
});
