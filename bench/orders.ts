/**
 * Orders desk at scale: the demo supplier with 100,000 orders on PostgreSQL (issue target: p95 of one page ≤ 30 ms).
 * The server runs in its own process in production mode (bench/orders-server.ts); this process only sends requests:
 * sequential ones for the latency of one page, then 10 connections for throughput, beside a reference route in the
 * same server that answers the same JSON from memory.
 */
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Result, printResults, run } from "./harness";
import { benchPostgresUrl, freshPostgres, stopForked } from "./processes";

interface Ready {
  url: string;
  cookie: string;
  seededMs: number;
  orders: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** p50/p95 of `count` sequential requests: the latency one seller waits for one page. */
async function sequential(url: string, cookie: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

export async function runOrdersBench(seconds: number) {
  const adminUrl = benchPostgresUrl();
  if (!adminUrl) {
    console.log("skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server to bench the orders desk");
    return;
  }
  const postgres = await freshPostgres(adminUrl);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const server = fork(path.join(here, "orders-server.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATABASE_URL: postgres.url, BENCH_ORDERS: process.env.BENCH_ORDERS ?? "100000" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      server.once("message", (message) => resolve(message as Ready));
      server.once("exit", (code) => reject(new Error(`orders bench server exited with ${code}`)));
    });
    console.log(
      `${ready.orders.toLocaleString("en")} orders seeded in ${ready.seededMs} ms (PostgreSQL, production mode, server in its own process)`,
    );
    const pages = [
      ["first page (paid … on the way)", "/api/v1/shops/demo/orders"],
      ["page 100", "/api/v1/shops/demo/orders?offset=990"],
      ["state filter: confirmed", "/api/v1/shops/demo/orders?state=confirmed"],
      ["text: customer name", "/api/v1/shops/demo/orders?text=Cliente%2042"],
      ["include delivered + dates", "/api/v1/shops/demo/orders?include_delivered=true&start_date=2020-01-01&end_date=2099-12-31"],
      ["reference: same JSON from memory", "/bench/reference"],
    ] as const;
    console.log("\nsequential page                                p50 ms   p95 ms   (target p95 ≤ 30 ms)");
    for (const [label, pagePath] of pages) {
      await sequential(`${ready.url}${pagePath}`, ready.cookie, 20);
      const { p50, p95 } = await sequential(`${ready.url}${pagePath}`, ready.cookie, 200);
      console.log(`${label.padEnd(46)} ${p50.toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(8)}`);
    }
    const headers = { cookie: ready.cookie };
    const results: Result[] = [
      await run(ready.url, { name: "orders desk: first page", path: "/api/v1/shops/demo/orders", headers }, seconds),
      await run(ready.url, { name: "reference: same JSON from memory", path: "/bench/reference", headers }, seconds),
    ];
    printResults(results);
    console.log(`orders page throughput = ${(results[0].requestsPerSecond / results[1].requestsPerSecond).toFixed(3)}× the reference`);
  } finally {
    await stopForked(server);
    await postgres.drop();
  }
}
