import { randomBytes } from "node:crypto";
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "./db/schema/jobs";
import { runDueJobs } from "./jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser } from "./test/harness";
import { currentTraceContext, inSpan, startTracing, traced, tracingRequested } from "./tracing";

describe("tracing off (the default)", () => {
  it("is on only when the OTEL_* variables ask for an exporter", () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: "tianguis" })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://127.0.0.1:4318/v1/traces" })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: "console" })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: "none", OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" })).toBe(false);
    expect(tracingRequested({ OTEL_SDK_DISABLED: "true", OTEL_TRACES_EXPORTER: "otlp" })).toBe(false);
  });

  it("leaves adapters and work untouched and stores no trace", () => {
    const adapter = { name: "sandbox", charge: async () => "ok" };
    expect(traced(adapter, "payment.sandbox")).toBe(adapter);
    expect(currentTraceContext()).toBeNull();
    expect(inSpan("nothing", {}, () => 42)).toBe(42);
  });
});

describe("tracing on: one checkout, one trace", () => {
  const memory = new InMemorySpanExporter();
  let stop: () => Promise<void>;
  let t: TestApp;

  beforeAll(async () => {
    stop = startTracing({ spanProcessors: [new SimpleSpanProcessor(memory)] });
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await stop?.();
  });

  it("follows a purchase from its HTTP requests through the database, the payment provider, the events and the jobs they queue", async () => {
    const store = await createShop(t.ctx, (await createUser(t.ctx)).id);
    const item = await createProduct(t.ctx, store.id, { listPrice: 25000, stock: 5 });
    // The shopper's browser (or the edge) sends one trace for its checkout: the purchase, then its payment.
    const traceId = randomBytes(16).toString("hex");
    const headers = { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` };
    const checkout = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/checkout`,
      headers,
      payload: {
        items: [{ product_id: item.id, quantity: 1 }],
        contact: { full_name: "Ana López", email: "ana@example.com" },
        delivery_type: "to_branch",
      },
    });
    expect(checkout.statusCode).toBe(201);
    const purchase = checkout.json();
    const card = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      headers,
      payload: { method: "str_card", card_token: card.json().token, return_path: "/pagado" },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe("paid");

    // The jobs the purchase queued (its expiry, the order e-mails) carry the trace; run them now.
    const queued = await t.ctx.db
      .select({ id: jobs.id, kind: jobs.kind })
      .from(jobs)
      .where(like(jobs.traceContext, `00-${traceId}-%`));
    expect(queued.map((job) => job.kind)).toContain("expire_checkout");
    await t.ctx.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(like(jobs.traceContext, `00-${traceId}-%`));
    await runDueJobs(t.ctx);

    const spans = memory.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
    const names = spans.map((span) => span.name);
    const attribute = (span: ReadableSpan, name: string) => span.attributes[name];
    // Each request, under its route's template.
    const routes = spans.map((span) => attribute(span, "http.route")).filter(Boolean);
    expect(routes).toContain("/api/v1/shops/:slug/checkout");
    expect(routes).toContain("/api/v1/checkouts/:id/pay");
    // The sandbox provider's charge.
    expect(names).toContain("payment.sandbox.chargeCard");
    // The purchase.paid event's subscribers, in the payment's transaction.
    expect(names.filter((name) => name.startsWith("event purchase.paid ")).length).toBeGreaterThan(0);
    // Every job it queued ran in the trace, as a child of the span that queued it.
    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
    for (const job of queued) {
      const run = spans.find((span) => span.name === `job ${job.kind}` && attribute(span, "tianguis.job.id") === job.id);
      expect(run, job.kind).toBeDefined();
      expect(byId.has(run?.parentSpanContext?.spanId ?? "")).toBe(true);
    }
    if (process.env.TEST_DB === "postgres") {
      // The statements, from the purchase's insert to the jobs' own.
      const statements = spans.filter(
        (span) => attribute(span, "db.system") === "postgresql" || attribute(span, "db.system.name") === "postgresql",
      );
      expect(statements.length).toBeGreaterThan(10);
      const runs = new Set(spans.filter((span) => span.name.startsWith("job ")).map((span) => span.spanContext().spanId));
      expect(statements.some((span) => runs.has(span.parentSpanContext?.spanId ?? ""))).toBe(true);
    }
  });
});
