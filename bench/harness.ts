import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildApp } from "@tianguis/server/src/app";
import { loadConfig } from "@tianguis/server/src/config";
import { openDatabase } from "@tianguis/server/src/db/client";
import { seedDemo } from "@tianguis/server/src/seed/demo";

export interface Scenario {
  name: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
}

export interface Result {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The real app (API + SSR) on PGlite with the demo seed, listening on a free loopback port. */
export async function startBenchApp(options: { databaseUrl?: string; web?: "build" | false } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-bench-"));
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, SEED_DEMO: "true" });
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir });
  const app = await buildApp({ config, database, web: options.web ?? "build" });
  await seedDemo(app.ctx);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs one bounded autocannon scenario against loopback: fixed duration and connection count. */
export async function run(url: string, scenario: Scenario, seconds = 5, connections = 10): Promise<Result> {
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method ?? "GET",
    body: scenario.body,
    headers: scenario.headers,
    duration: seconds,
    connections,
  });
  return {
    name: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export function printResults(results: Result[]) {
  console.log("\nscenario                                  req/s     p50 ms   p99 ms   errors");
  for (const result of results) {
    console.log(
      `${result.name.padEnd(40)} ${String(result.requestsPerSecond).padStart(7)} ${String(result.p50).padStart(9)} ${String(result.p99).padStart(8)} ${String(result.errors).padStart(8)}`,
    );
  }
}
