import http from "node:http";
import autocannon from "autocannon";
import { type Browser, chromium } from "playwright-core";
import type { LighthouseRow } from "./lighthouse";
import { type ServerProcess, freshPostgres, startReferenceProcess, startServerProcess } from "./processes";

/**
 * The storefront bench (issue 16): the app runs as `npm start` runs it (NODE_ENV=production, built web app) in its own
 * process, and so does the reference, a bare Fastify route serving the listing API's JSON; autocannon runs here, in a
 * third process. Every request carries what a browser sends (Accept-Encoding, Accept-Language, a browser User-Agent).
 */

export const browserHeaders = {
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "es-MX,es;q=0.9",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};

export interface Row {
  scenario: string;
  database: string;
  /** What requestsPerSecond counts: "req/s" unless said otherwise (the checkout counts paid purchases). */
  unit?: string;
  requestsPerSecond: number;
  p50: number;
  /** Measured where a target names it (autocomplete); autocannon's own histogram has no p95. */
  p95?: number;
  p99: number;
  errors: number;
  ratio?: number;
}

export interface FirstVisit {
  page: string;
  requests: number;
  scripts: number;
  scriptBytes: number;
  /** The same scripts asked for with gzip only (the issue's measure), in bytes. */
  scriptGzipBytes: number;
  totalBytes: number;
}

/** A script's body as sent to a client that accepts gzip only, in bytes (read raw: fetch would decompress it). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

/** `cookies`: each connection's requests take turns with these Cookie headers (several visitors), else none. */
export async function measure(url: string, headers: Record<string, string>, seconds: number, cookies: string[] = [], connections = 10) {
  const requests = cookies.length > 0 ? cookies.map((cookie) => ({ headers: { ...headers, cookie } })) : undefined;
  // A short warm-up (JIT, first renders), then the measured run.
  await autocannon({ url, headers, requests, duration: 1, connections });
  const result = await autocannon({ url, headers, requests, duration: seconds, connections });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The session and CSRF cookies of a demo account (password demo12345), as one Cookie header. */
export async function signIn(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/login`, {
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
    // Three different signed-in shoppers in turn (a customer and two platform staff of the same user level, none with a
    // role in the demo shop): a page kept per visitor would not help here, only one shared by audience.
    const shoppers = await Promise.all(["carlos", "admin", "asesora"].map((name) => signIn(server.url, `${name}@demo.tianguis.mx`)));
    const scenarios: { scenario: string; url: string; cookies?: string[] }[] = [
      { scenario: "reference: bare Fastify, same JSON", url: `${reference.url}/reference` },
      { scenario: "API: shop listing (30 items)", url: `${server.url}${listingApi}` },
      { scenario: "SSR anonymous: shop home /tienda/demo", url: `${server.url}/tienda/demo` },
      { scenario: "SSR anonymous: listing /tienda/demo/productos", url: `${server.url}/tienda/demo/productos` },
      { scenario: "SSR anonymous: listing page 2", url: `${server.url}/tienda/demo/productos?page=2` },
      { scenario: "SSR signed-in (3 shoppers): shop home", url: `${server.url}/tienda/demo`, cookies: shoppers },
      { scenario: "SSR signed-in (3 shoppers): listing", url: `${server.url}/tienda/demo/productos`, cookies: shoppers },
      // What each signed-in page view adds after hydration: its person, from the API.
      { scenario: "API: the signed-in person /auth/me (3 shoppers)", url: `${server.url}/api/v1/auth/me`, cookies: shoppers },
    ];
    const rows: Row[] = [];
    for (const { scenario, url, cookies } of scenarios) {
      rows.push({ scenario, database, ...(await measure(url, browserHeaders, seconds, cookies)) });
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
export async function firstVisits(serverUrl: string, paths: string[]): Promise<FirstVisit[]> {
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    const visits: FirstVisit[] = [];
    for (const pagePath of paths) {
      // A shopper in Mexico: the page and its scripts come in Spanish, the storefront's first language.
      const context = await browser.newContext({ locale: "es-MX" });
      const page = await context.newPage();
      const sizes: Promise<{ script: boolean; bytes: number; url: string }>[] = [];
      page.on("requestfinished", (request) => {
        sizes.push(
          request
            .sizes()
            .then((size) => ({ script: request.resourceType() === "script", bytes: size.responseBodySize, url: request.url() })),
        );
      });
      await page.goto(`${serverUrl}${pagePath}`, { waitUntil: "networkidle" });
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
      const done = await Promise.all(sizes);
      const scripts = done.filter((size) => size.script);
      visits.push({
        page: pagePath,
        requests: done.length,
        scripts: scripts.length,
        scriptBytes: scripts.reduce((sum, size) => sum + size.bytes, 0),
        scriptGzipBytes: (await Promise.all(scripts.map((script) => gzipBytes(script.url)))).reduce((sum, bytes) => sum + bytes, 0),
        totalBytes: done.reduce((sum, size) => sum + size.bytes, 0),
      });
      await context.close();
    }
    return visits;
  } finally {
    await browser?.close();
  }
}

const thousands = (value: number) => value.toLocaleString("en-US");

const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Everything the bench measured, as one Markdown table (paste it into docs/PERFORMANCE.md). `floor`: the first visit of
 * bench/floor, React Router's smallest hydrating page; each first visit's gzipped JavaScript is shown as a ratio to it
 * ("× floor", in the ratio column) and as what the app adds above it ("app share").
 */
export function printTable(rows: Row[], visits: FirstVisit[], lighthouse: LighthouseRow[], floor?: FirstVisit) {
  const lines: string[][] = [["measure", "database", "result", "p50 ms", "p95 ms", "p99 ms", "× reference", "errors"]];
  const reference = new Map(
    rows.filter((row) => row.scenario.startsWith("reference:")).map((row) => [row.database, row.requestsPerSecond]),
  );
  for (const row of rows) {
    // A row measured against its own reference (same JSON) carries its ratio; the others are to the database's reference.
    const base = reference.get(row.database);
    const ratio = row.scenario.startsWith("reference") ? 1 : (row.ratio ?? (base ? row.requestsPerSecond / base : undefined));
    lines.push([
      row.scenario,
      row.database,
      `${thousands(row.requestsPerSecond)} ${row.unit ?? "req/s"}`,
      thousands(row.p50),
      row.p95 === undefined ? "" : thousands(row.p95),
      thousands(row.p99),
      ratio === undefined ? "" : `${ratio.toFixed(ratio < 0.01 ? 4 : 3)}×`,
      thousands(row.errors),
    ]);
  }
  const visitLine = (label: string, visit: FirstVisit) => {
    const appShare = floor && visit !== floor ? ` · app share ${kilobytes(visit.scriptGzipBytes - floor.scriptGzipBytes)} KB gzip` : "";
    lines.push([
      label,
      "",
      `JS ${kilobytes(visit.scriptBytes)} KB (gzip ${kilobytes(visit.scriptGzipBytes)} KB) in ${visit.scripts} scripts · ${visit.requests} requests · ${kilobytes(visit.totalBytes)} KB in all (over the wire)${appShare}`,
      "",
      "",
      "",
      floor && floor.scriptGzipBytes > 0 ? `${(visit.scriptGzipBytes / floor.scriptGzipBytes).toFixed(2)}× floor` : "",
      "",
    ]);
  };
  if (floor) visitLine("first visit, floor: React Router's smallest hydrating page (bench/floor)", floor);
  for (const visit of visits) visitLine(`first visit ${visit.page} (Chromium, empty cache)`, visit);
  for (const row of lighthouse) {
    lines.push([
      `Lighthouse mobile: ${row.page}`,
      "",
      `performance ${row.performance} · accessibility ${row.accessibility} · SEO ${row.seo} · LCP ${thousands(row.lcp)} ms · TBT ${thousands(row.tbt)} ms · TTI ${thousands(row.tti)} ms`,
      "",
      "",
      "",
      "",
      "",
    ]);
  }
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  const format = (line: string[]) =>
    `| ${line.map((cell, column) => (column === 0 || column === 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
  console.log(`\n${format(lines[0])}`);
  console.log(
    `| ${widths.map((width, column) => (column === 0 || column === 2 ? "-".repeat(width) : `${"-".repeat(width - 1)}:`)).join(" | ")} |`,
  );
  for (const line of lines.slice(1)) console.log(format(line));
}
