import { createRequire } from "node:module";
import { type Attributes, type Context, type Span, SpanStatusCode, context, propagation, trace } from "@opentelemetry/api";
import type { SpanProcessor } from "@opentelemetry/sdk-trace-base";

/**
 * OpenTelemetry traces (docs/DEPLOY.md "Traces"): off unless the standard OTEL_* variables ask for an exporter. Off, the
 * SDK is never loaded and the helpers below run their work directly, so the default path pays one boolean test.
 * On, @fastify/otel traces each request, the pg, ioredis and http instrumentations its statements and calls, and the
 * helpers add the payment provider's calls, event subscribers and jobs, which join the trace that queued them (the
 * W3C traceparent kept in `jobs.trace_context` and `events.trace_context`).
 */

let active = false;
const tracer = () => trace.getTracer("tianguis");

/** Whether OTEL_* ask for traces: an OTLP endpoint, or OTEL_TRACES_EXPORTER other than none; never with OTEL_SDK_DISABLED=true. */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? "")
    .split(",")
    .map((one) => one.trim())
    .filter(Boolean);
  if (exporters.length > 0) return !exporters.includes("none");
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts the SDK (NodeSDK, configured by OTEL_*: exporter, endpoint, headers, sampler, service name and resource) with
 * the request, PostgreSQL, Redis and HTTP instrumentations. `spanProcessors` replace the exporter OTEL_* name (tests).
 * Before the app is built: @fastify/otel attaches to every Fastify instance created afterwards. Answers the shutdown,
 * which flushes the spans not yet exported.
 */
export function startTracing(options: { spanProcessors?: SpanProcessor[] } = {}): () => Promise<void> {
  const load = createRequire(import.meta.url);
  const { NodeSDK } = load("@opentelemetry/sdk-node") as typeof import("@opentelemetry/sdk-node");
  const { FastifyOtelInstrumentation } = load("@fastify/otel") as typeof import("@fastify/otel");
  const { HttpInstrumentation } = load("@opentelemetry/instrumentation-http") as typeof import("@opentelemetry/instrumentation-http");
  const { IORedisInstrumentation } = load(
    "@opentelemetry/instrumentation-ioredis",
  ) as typeof import("@opentelemetry/instrumentation-ioredis");
  const { PgInstrumentation } = load("@opentelemetry/instrumentation-pg") as typeof import("@opentelemetry/instrumentation-pg");
  // Metrics are GET /metrics' (Prometheus) and logs go to stdout: the SDK sends neither unless OTEL_* say so.
  process.env.OTEL_METRICS_EXPORTER ??= "none";
  process.env.OTEL_LOGS_EXPORTER ??= "none";
  const probes = new Set(["/healthz", "/readyz", "/metrics"]);
  const instrumentations = [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => probes.has((request.url ?? "").split("?")[0]) }),
    // Statements and commands outside a traced request or job (the pollers' idle checks) would each be a trace of their own.
    new PgInstrumentation({ requireParentSpan: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
    new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (route) => probes.has(route.url) }),
  ];
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? "tianguis",
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    instrumentations,
  });
  sdk.start();
  // Modules imported before the SDK started are patched on their next require.
  for (const name of ["pg", "pg-pool", "ioredis", "node:http", "node:https"]) load(name);
  active = true;
  return async () => {
    active = false;
    await sdk.shutdown();
    // Unpatched and unregistered, so that the process (a test worker) can start tracing again.
    for (const one of instrumentations) one.disable();
    trace.disable();
    context.disable();
    propagation.disable();
  };
}

/** The current trace as a W3C traceparent, to store with work done later (a job, an event); null when not tracing. */
export function currentTraceContext(): string | null {
  if (!active) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

function parentOf(traceContext: string | null | undefined): Context {
  return traceContext ? propagation.extract(context.active(), { traceparent: traceContext }) : context.active();
}

function ended<T>(span: Span, result: T): T {
  if (!(result instanceof Promise)) {
    span.end();
    return result;
  }
  return result.then(
    (value) => {
      span.end();
      return value;
    },
    (error: unknown) => {
      failed(span, error);
      throw error;
    },
  ) as T;
}

function failed(span: Span, error: unknown) {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  span.end();
}

/**
 * Runs `work` in a span named `name`: a child of the stored `traceContext` when given (a job or an event delivered
 * later), else of the current span. Without tracing, just runs it.
 */
export function inSpan<T>(name: string, attributes: Attributes, work: () => T, traceContext?: string | null): T {
  if (!active) return work();
  return tracer().startActiveSpan(name, { attributes }, parentOf(traceContext), (span) => {
    try {
      return ended(span, work());
    } catch (error) {
      failed(span, error);
      throw error;
    }
  });
}

/** An adapter whose every method call is a span `<prefix>.<method>` (payment providers); itself when not tracing. */
export function traced<T extends object>(adapter: T, prefix: string, attributes: Attributes = {}): T {
  if (!active) return adapter;
  return new Proxy(adapter, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function" || typeof key !== "string") return value;
      return (...args: unknown[]) => inSpan(`${prefix}.${key}`, attributes, () => value.apply(target, args));
    },
  });
}
