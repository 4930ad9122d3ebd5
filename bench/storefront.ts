import autocannon from "autocannon";
import { type Browser, chromium } from "playwright-core";
import { type ServerProcess, freshPostgres, startReferenceProcess, startServerProcess } from "./processes";

/**
 * The storefront bench (issue 16): the app runs as `npm start` runs it (NODE_ENV=production, built web app) in its own
 * process, and so does the reference, a bare Fastify route serving the listing API's JSON; autocannon runs here, in a
 * third process. Every request carries what a browser sends (Accept-Encoding, Accept-Language, a browser User-Agent).
 */

const browserHeaders = {
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "es-MX,es;q=0.9",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};

export interface Row {
  scenario: string;
  database: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  ratio?: number;
}

export interface FirstVisit {
  page: string;
  requests: number;
  scripts: number;
  scriptBytes: number;
  totalBytes: number;
}

async function measure(url: string, headers: Record<string, string>, seconds: number, connections = 10) {
  // A short warm-up (JIT, first renders), then the measured run.
  await autocannon({ url, headers, duration: 1, connections });
  const result = await autocannon({ url, headers, duration: seconds, connections });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function signIn(server: ServerProcess, username: string): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo12345" }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** Req/s and p99 of each storefront scenario on one database, with the ratio to the bare reference route. */
export async function benchStorefront(database: "pglite" | "postgres", seconds: number): Promise<Row[]> {
  const postgres = database === "postgres" ? await freshPostgres(process.env.BENCH_DATABASE_URL as string) : undefined;
  const server = await startServerProcess({ databaseUrl: postgres?.url });
  let reference: ServerProcess | undefined;
  try {
    const listingApi = "/api/v1/shops/demo/products?limit=30";
    const listingJson = await (await fetch(`${server.url}${listingApi}`)).text();
    reference = await startReferenceProcess(listingJson);
    const customer = await signIn(server, "carlos@demo.tianguis.mx");
    const scenarios: { scenario: string; url: string; headers?: Record<string, string> }[] = [
      { scenario: "reference: bare Fastify, same JSON", url: `${reference.url}/reference` },
      { scenario: "API: shop listing (30 items)", url: `${server.url}${listingApi}` },
      { scenario: "SSR anonymous: shop home /tienda/demo", url: `${server.url}/tienda/demo` },
      { scenario: "SSR anonymous: listing /tienda/demo/productos", url: `${server.url}/tienda/demo/productos` },
      { scenario: "SSR anonymous: listing page 2", url: `${server.url}/tienda/demo/productos?page=2` },
      { scenario: "SSR signed-in: shop home", url: `${server.url}/tienda/demo`, headers: { cookie: customer } },
      { scenario: "SSR signed-in: listing", url: `${server.url}/tienda/demo/productos`, headers: { cookie: customer } },
    ];
    const rows: Row[] = [];
    for (const { scenario, url, headers } of scenarios) {
      rows.push({ scenario, database, ...(await measure(url, { ...browserHeaders, ...headers }, seconds)) });
    }
    const base = rows[0].requestsPerSecond;
    return rows.map((row) => ({ ...row, ratio: base > 0 ? row.requestsPerSecond / base : undefined }));
  } finally {
    await reference?.stop();
    await server.stop();
    await postgres?.drop();
  }
}

/** What a first visit costs in Chromium (empty cache): requests, and body bytes as sent (compressed) for scripts and in all. */
export async function firstVisits(paths: string[]): Promise<FirstVisit[]> {
  const server = await startServerProcess();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    const visits: FirstVisit[] = [];
    for (const pagePath of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const sizes: Promise<{ script: boolean; bytes: number }>[] = [];
      page.on("requestfinished", (request) => {
        sizes.push(request.sizes().then((size) => ({ script: request.resourceType() === "script", bytes: size.responseBodySize })));
      });
      await page.goto(`${server.url}${pagePath}`, { waitUntil: "networkidle" });
      await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
      const done = await Promise.all(sizes);
      const scripts = done.filter((size) => size.script);
      visits.push({
        page: pagePath,
        requests: done.length,
        scripts: scripts.length,
        scriptBytes: scripts.reduce((sum, size) => sum + size.bytes, 0),
        totalBytes: done.reduce((sum, size) => sum + size.bytes, 0),
      });
      await context.close();
    }
    return visits;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

export function printStorefront(rows: Row[], visits: FirstVisit[]) {
  const line = (cells: string[], widths: number[]) =>
    cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join(" | ");
  const widths = [46, 8, 8, 7, 7, 9, 6];
  console.log(`\n${line(["scenario", "database", "req/s", "p50 ms", "p99 ms", "× ref", "errors"], widths)}`);
  console.log(widths.map((width) => "-".repeat(width)).join("-|-"));
  for (const row of rows) {
    const ratio = row.ratio === undefined ? "" : `${row.ratio.toFixed(3)}×`;
    console.log(
      line(
        [row.scenario, row.database, String(row.requestsPerSecond), String(row.p50), String(row.p99), ratio, String(row.errors)],
        widths,
      ),
    );
  }
  console.log("\nfirst visit (Chromium, empty cache)   requests   scripts   script KB over the wire   all KB over the wire");
  for (const visit of visits) {
    console.log(
      `${visit.page.padEnd(36)} ${String(visit.requests).padStart(10)} ${String(visit.scripts).padStart(9)} ${(visit.scriptBytes / 1024).toFixed(1).padStart(25)} ${(visit.totalBytes / 1024).toFixed(1).padStart(22)}`,
    );
  }
}
