import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventDeliveries, events } from "../db/schema/events";
import { enqueueJob } from "../jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser, payBySandboxCard } from "../test/harness";

const TOKEN = "metrics-token-for-the-tests-0123456789";
const guest = { full_name: "Ana López", email: "ana@example.com" };

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
});
