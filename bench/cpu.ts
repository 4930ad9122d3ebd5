import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "@tianguis/server/src/db/client";
import { createPostgresDatabase, spawnListening } from "@tianguis/server/src/test/processes";
import { benchBuildDirs, cpuTimeMs, repoRoot, startReferenceProcess } from "./processes";
import { browserHeaders, signIn } from "./storefront";

/**
 * What one request costs the server (issue 35): CPU milliseconds of the app's process per request (user + system time
 * from /proc, so the load of other processes on a shared machine does not count) and SQL statements per request
 * (bench/count-statements.cjs preloaded), for signed-in pages (customer, the shop's owner), the owner's admin pages, and
 * product pages with the page and listing caches off over every product URL of the demo seed. The bare reference route
 * is measured the same way in the same run. `BENCH_ONLY=cpu` in `npm run bench`; `BENCH_CPU_PROFILE=dir` also writes the
 * app's V8 CPU profile of each scenario there (bench/cpu-profile-hook.cjs: V8's profiler, as `node --cpu-prof`, started
 * and stopped around each measured run; summarise one with `npx tsx bench/cpu-profile-top.ts <file>`).
 */

export interface CpuRow {
  scenario: string;
  database: string;
  requestsPerSecond: number;
  p99: number;
  errors: number;
  /** Server CPU per request, ms. */
  cpuMs: number;
  statements: number;
}

interface Scenario {
  scenario: string;
  paths: string[];
  cookie?: string;
  /** The reference process instead of the app. */
  reference?: boolean;
  /** The app with the page and listing caches off. */
  uncached?: boolean;
}

async function productPaths(url: string, cookie?: string): Promise<string[]> {
  const paths = new Set<string>();
  for (let page = 1; page <= 20; page += 1) {
    const html = await (await fetch(`${url}/tienda/demo/productos?page=${page}`, { headers: cookie ? { cookie } : {} })).text();
    const before = paths.size;
    for (const match of html.matchAll(/href="(\/tienda\/demo\/productos\/[^"/?]+\/[^"/?]+)"/g)) paths.add(match[1]);
    if (paths.size === before) break;
  }
  return [...paths];
}

const extraProducts = Number(process.env.BENCH_CPU_PRODUCTS ?? 2_000);
/**
 * BENCH_CPU_REQUESTS: each scenario sends this many requests (after 5 to warm up) instead of running BENCH_SECONDS, so
 * that a slow page on a loaded machine still gets enough responses to divide by (with BENCH_CPU_CONNECTIONS=1: one
 * after another).
 */
const amount = Number(process.env.BENCH_CPU_REQUESTS ?? 0);
/** BENCH_CPU_CONNECTIONS (default 10): fewer on a loaded machine, so that requests finish within the run. */
const connections = Number(process.env.BENCH_CPU_CONNECTIONS ?? 10);

/** Adds `extraProducts` items with a photo each to the demo shop (the app stopped): the uncached rows visit them all. */
async function seedProducts(options: { databaseUrl?: string; dataDir: string }): Promise<string[]> {
  const database = await openDatabase(options);
  try {
    const { db } = database;
    await db.execute(sql`insert into products (shop_id, slug, name, description, type, list_price, stock, queue_position, category)
      select (select id from shops where slug = 'demo'), 'cpu-' || n, 'Jarrón de barro pintado a mano ' || n,
        'Pieza hecha a mano en México.', 'product', 1000 + (n * 7919) % 500000, 10, 1000 + n, 'Cerámica'
      from generate_series(1, ${extraProducts}) as n`);
    await db.execute(sql`insert into product_images (product_id, position, original, thumb, card)
      select p.id, 0, '/media/bench/' || p.slug || '.webp', '/media/bench/' || p.slug || '-thumb.webp', '/media/bench/' || p.slug || '-card.webp'
      from products p where p.slug like 'cpu-%'`);
    await db.execute(sql`analyze`);
    const rows = (await db.execute(sql`select id from products where slug like 'cpu-%' order by slug`)) as unknown as
      { rows: { id: string }[] } | { id: string }[];
    const ids = Array.isArray(rows) ? rows : rows.rows;
    return ids.map(({ id }) => `/tienda/demo/productos/demo/${id}`);
  } finally {
    await database.close();
  }
}

async function firstOrderPath(url: string, cookie: string): Promise<string> {
  const html = await (await fetch(`${url}/tienda/demo/admin/ordenes`, { headers: { cookie } })).text();
  const order = /href="(\/tienda\/demo\/admin\/ordenes\/[^"/?]+)"/.exec(html)?.[1];
  if (!order) throw new Error("the demo shop's orders page links no order");
  return order;
}

export async function benchCpu(database: "pglite" | "postgres", seconds: number): Promise<CpuRow[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const postgres = database === "postgres" && adminUrl ? await createPostgresDatabase(adminUrl, "tianguis_bench") : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-bench-cpu-"));
  const statementFile = path.join(dataDir, "statements");
  fs.writeFileSync(statementFile, "0");
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const start = async (uncached: boolean) => {
    const compiled = path.join(repoRoot, "packages/server", benchBuildDirs.server, "main.js");
    const args = [
      ...(profileDir ? ["--require", path.join(repoRoot, "bench/cpu-profile-hook.cjs")] : []),
      ...(database === "postgres" ? ["--require", path.join(repoRoot, "bench/count-statements.cjs")] : []),
      compiled,
    ];
    return spawnListening(process.execPath, args, {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        SEED_DEMO: "true",
        WEB_BUILD_DIR: benchBuildDirs.web,
        BENCH_STATEMENT_FILE: statementFile,
        ...(profileDir
          ? { BENCH_CPU_PROFILE: path.resolve(profileDir), BENCH_CPU_PROFILE_PREFIX: `${database}-${uncached ? "uncached" : "cached"}-` }
          : {}),
        ...(postgres ? { DATABASE_URL: postgres.url, APP_SECRET: "bench-cpu-secret-bench-cpu-secret-bench-cpu" } : {}),
        ...(uncached ? { PAGE_CACHE_MS: "0", LISTING_CACHE_MS: "0" } : {}),
      },
    });
  };
  // The main thread's count and each worker thread's (count-statements.cjs).
  const statements = () =>
    fs
      .readdirSync(dataDir)
      .filter((name) => name.startsWith("statements") && !name.endsWith(".tmp"))
      .reduce((sum, name) => sum + Number(fs.readFileSync(path.join(dataDir, name), "utf8")), 0);
  const rows: CpuRow[] = [];
  const profiles = [0, 0];
  let manyProducts: string[] = [];
  try {
    // BENCH_CPU_UNCACHED=0 skips the second server (caches off, every product URL): the signed-in rows only.
    for (const uncached of process.env.BENCH_CPU_UNCACHED === "0" ? [false] : [false, true]) {
      const server = await start(uncached);
      const url = `http://127.0.0.1:${server.port}`;
      const pid = server.child.pid as number;
      try {
        const listingJson = await (await fetch(`${url}/api/v1/shops/demo/products?limit=30`)).text();
        const reference = await startReferenceProcess(listingJson);
        try {
          const customer = await signIn(url, "carlos@demo.tianguis.mx");
          const owner = await signIn(url, "lucia@demo.tianguis.mx");
          const products = await productPaths(url);
          const many = [...new Set([...manyProducts, ...products])];
          // What the app spends with no request (its job and outbox pollers), which every row's CPU also holds.
          const restStart = performance.now();
          const restCpu = cpuTimeMs(pid);
          const restStatements = statements();
          await new Promise((resolve) => setTimeout(resolve, 5_000));
          const restSeconds = (performance.now() - restStart) / 1000;
          rows.push({
            scenario: `the app at rest, per second (load ${os.loadavg()[0].toFixed(1)})`,
            database,
            requestsPerSecond: 0,
            p99: 0,
            errors: 0,
            cpuMs: (cpuTimeMs(pid) - restCpu) / restSeconds,
            statements: database === "postgres" ? (statements() - restStatements) / restSeconds : Number.NaN,
          });
          console.log(JSON.stringify(rows.at(-1)));
          const scenarios: Scenario[] = uncached
            ? [
                { scenario: "reference: bare Fastify, same JSON", paths: ["/reference"], reference: true },
                { scenario: `uncached: product pages, anonymous (${many.length} URLs)`, paths: many, uncached },
                { scenario: "uncached: listing /tienda/demo/productos, anonymous", paths: ["/tienda/demo/productos"], uncached },
                { scenario: "uncached: shop home /tienda/demo, anonymous", paths: ["/tienda/demo"], uncached },
                { scenario: `uncached: product pages, customer (${many.length} URLs)`, paths: many, cookie: customer, uncached },
              ]
            : [
                { scenario: "reference: bare Fastify, same JSON", paths: ["/reference"], reference: true },
                { scenario: "signed-in customer: shop home", paths: ["/tienda/demo"], cookie: customer },
                { scenario: "signed-in customer: listing", paths: ["/tienda/demo/productos"], cookie: customer },
                { scenario: `signed-in customer: product pages (${products.length} URLs)`, paths: products, cookie: customer },
                { scenario: "shop owner: shop home", paths: ["/tienda/demo"], cookie: owner },
                { scenario: "shop owner: listing", paths: ["/tienda/demo/productos"], cookie: owner },
                { scenario: `shop owner: product pages (${products.length} URLs)`, paths: products, cookie: owner },
                { scenario: "shop owner: admin orders list", paths: ["/tienda/demo/admin/ordenes"], cookie: owner },
                { scenario: "shop owner: admin order detail", paths: [await firstOrderPath(url, owner)], cookie: owner },
                { scenario: "shop owner: admin settings", paths: ["/tienda/demo/admin/configuracion"], cookie: owner },
              ];
          for (const scenario of scenarios) {
            const target = scenario.reference ? reference.url : url;
            const headers = { ...browserHeaders, ...(scenario.cookie ? { cookie: scenario.cookie } : {}) };
            const requests = scenario.paths.map((requestPath) => ({ path: requestPath, headers }));
            await autocannon({ url: target, requests, ...(amount ? { amount: Math.min(amount, 5) } : { duration: 1 }), connections });
            const load = os.loadavg()[0];
            const measured = scenario.reference ? (reference.pid as number) : pid;
            const cpuBefore = cpuTimeMs(measured);
            const statementsBefore = statements();
            const profiled = profileDir && !scenario.reference;
            if (profiled) process.kill(pid, "SIGUSR2");
            const result = await autocannon({
              url: target,
              requests,
              ...(amount ? { amount } : { duration: seconds }),
              connections,
              timeout: 30,
            });
            if (profiled) process.kill(pid, "SIGUSR2");
            await new Promise((resolve) => setTimeout(resolve, 300));
            const done = result.requests.total || 1;
            const cpuMs = (cpuTimeMs(measured) - cpuBefore) / done;
            rows.push({
              scenario: `${scenario.scenario} (load ${load.toFixed(1)})`,
              database,
              requestsPerSecond: Math.round(result.requests.average),
              p99: result.latency.p99,
              errors: result.errors + result.timeouts + result.non2xx,
              cpuMs,
              statements: scenario.reference || database !== "postgres" ? Number.NaN : (statements() - statementsBefore) / done,
            });
            console.log(
              JSON.stringify({
                ...rows.at(-1),
                profile: profiled ? `${database}-${uncached ? "uncached" : "cached"}-${++profiles[uncached ? 1 : 0]}` : undefined,
              }),
            );
          }
        } finally {
          await reference.stop();
        }
      } finally {
        await server.stop();
      }
      if (!uncached) manyProducts = await seedProducts({ databaseUrl: postgres?.url, dataDir });
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
  return rows;
}

export function printCpuTable(rows: CpuRow[]) {
  console.log(
    `\n| scenario (${connections} connections) | db | req/s | p99 ms | server CPU ms / request | statements / request | errors |`,
  );
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const row of rows) {
    const cpu = Number.isNaN(row.cpuMs) ? "" : row.cpuMs.toFixed(2);
    const statements = Number.isNaN(row.statements) ? "" : row.statements.toFixed(1);
    console.log(
      `| ${row.scenario} | ${row.database} | ${row.requestsPerSecond.toLocaleString("en-US")} | ${row.p99} | ${cpu} | ${statements} | ${row.errors} |`,
    );
  }
}
