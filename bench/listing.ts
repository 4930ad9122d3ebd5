import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "@tianguis/server/src/db/client";
import { type ServerProcess, freshPostgres, startReferenceProcess, startServerProcess } from "./processes";
import { type Row, signIn } from "./storefront";

/**
 * Issue 16, target 2: the listing API where no cache helps (a signed-in visitor, page 1 and page 100, a text search) and
 * the search panel's autocomplete, over a shop of 100,000 items (95,000 its own, 5,000 resold from another supplier, one
 * photo each), each against a bare Fastify route serving the same JSON. The items are inserted with one
 * INSERT ... SELECT generate_series into the bench's own fresh database while the app is stopped; the app then runs as
 * `npm start` runs it, in its own process.
 */

const total = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const resold = 5_000;
const nouns = ["Rebozo", "Jarrón", "Taza", "Alebrije", "Bolsa", "Sombrero", "Huipil", "Molcajete", "Plato", "Canasta"];
const materials = ["barro negro", "talavera", "palma", "seda", "copal", "lana", "algodón", "cobre", "plata", "madera"];
const adjectives = ["bordado", "tallado", "pintado a mano", "tejido", "bruñido", "oaxaqueño", "poblano", "yucateco"];
const categories = ["Textiles", "Cerámica", "Cestería", "Joyería", "Madera", "Hogar"];

const browserHeaders = {
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "es-MX,es;q=0.9",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};

const textArray = (values: string[]) => sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]`);

/** Shops `bench` (95,000 own items, resells 5,000) and `bench-proveedor` (owns the 5,000), demo supplier as owner. */
export async function seedCatalog(options: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase(options);
  const started = performance.now();
  try {
    const { db } = database;
    await db.execute(sql`insert into shops (slug, name, owner_id)
      select v.slug, v.name, s.owner_id from shops s, (values ('bench', 'Bench'), ('bench-proveedor', 'Bench proveedor')) as v(slug, name)
      where s.slug = 'demo'`);
    await db.execute(sql`insert into products (shop_id, slug, name, description, type, list_price, stock, queue_position, category, created_at)
      select (select id from shops where slug = case when n <= ${resold} then 'bench-proveedor' else 'bench' end),
        'bench-' || n,
        (${textArray(nouns)})[1 + n % ${nouns.length}] || ' de ' || (${textArray(materials)})[1 + (n * 7) % ${materials.length}] || ' '
          || (${textArray(adjectives)})[1 + (n * 13) % ${adjectives.length}] || ' ' || n,
        'Pieza hecha a mano en México.', 'product', 1000 + (n * 7919) % 500000, 10, n % 1000,
        (${textArray(categories)})[1 + n % ${categories.length}], now() - n * interval '1 second'
      from generate_series(1, ${total}) as n`);
    await db.execute(sql`insert into store_products (shop_id, product_id, queue_position)
      select (select id from shops where slug = 'bench'), p.id, p.queue_position from products p
      where p.shop_id = (select id from shops where slug = 'bench-proveedor')`);
    await db.execute(sql`insert into product_images (product_id, position, original, thumb, card)
      select p.id, 0, '/media/bench/' || p.slug || '.webp', '/media/bench/' || p.slug || '-thumb.webp', '/media/bench/' || p.slug || '-card.webp'
      from products p join shops s on s.id = p.shop_id where s.slug in ('bench', 'bench-proveedor')`);
    await db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  console.log(`seeded ${total.toLocaleString("en-US")} items in ${Math.round(performance.now() - started)} ms`);
}

/** autocannon with every latency kept, for p95 (autocannon's histogram reports p90 and p97.5, not p95). */
async function measure(url: string, headers: Record<string, string>, seconds: number, paths?: () => string) {
  const options = {
    url,
    headers,
    connections: 10,
    ...(paths ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: paths() }) }] } : {}),
  };
  await autocannon({ ...options, duration: 1 });
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, duration: seconds }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0) * 10) / 10;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const loadAverage = () => os.loadavg()[0].toFixed(1);

/**
 * Prefixes as visitors type them (2–6 letters of a word, the same ones again and again), or queries each typed once: an
 * item's word and number ("taza 48213"), which find that item without the cache's help.
 */
function autocompletePaths(unique: boolean): () => string {
  const words = [...nouns, ...materials, ...adjectives].map((word) => word.split(" ")[0].toLowerCase());
  const typed = words.flatMap((word) => [2, 3, 4, 5, 6].filter((length) => length <= word.length).map((length) => word.slice(0, length)));
  let next = 0;
  return () => {
    next += 1;
    const item = 1 + ((next * 7919) % total);
    const q = unique ? `${nouns[item % nouns.length].toLowerCase()} ${item}` : typed[next % typed.length];
    return `/api/v1/search/autocomplete?type=product&shop=bench&q=${encodeURIComponent(q)}`;
  };
}

/** Waits (up to 5 minutes) until the shop's autocomplete answers from its index (the answer's Server-Timing says so). */
async function indexBuilt(url: string) {
  const started = performance.now();
  for (let probe = 1; performance.now() - started < 300_000; probe += 1) {
    const response = await fetch(`${url}/api/v1/search/autocomplete?type=product&shop=bench&q=${encodeURIComponent(`taza ${probe * 10}`)}`);
    if (response.headers.get("server-timing")?.includes('desc="index"')) {
      console.log(`autocomplete index ready after ${Math.round((performance.now() - started) / 1000)} s more`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log("autocomplete index not ready after 5 minutes: its rows measure the SQL autocomplete");
}

/** The uncached listing and autocomplete scenarios on one database: each with its own reference route and ratio. */
export async function benchListing(database: "pglite" | "postgres", seconds: number): Promise<Row[]> {
  const postgres = database === "postgres" ? await freshPostgres(process.env.BENCH_DATABASE_URL as string) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-bench-listing-"));
  let server = await startServerProcess({ databaseUrl: postgres?.url, dataDir });
  const references: ServerProcess[] = [];
  try {
    // The first start migrated and seeded the demo; PGlite's files belong to one process, so the app stops while seeding.
    await server.stop();
    await seedCatalog({ databaseUrl: postgres?.url, dataDir });
    server = await startServerProcess({ databaseUrl: postgres?.url, dataDir });
    const customer = await signIn(server.url, "carlos@demo.tianguis.mx");
    const signedIn = { ...browserHeaders, cookie: customer };
    const listing = "/api/v1/shops/bench/products?type=product&limit=30&sort=queue_position";
    const scenarios = [
      { scenario: "API signed-in: listing page 1 of 100k", path: `${listing}&page=1` },
      { scenario: "API signed-in: listing page 100 of 100k", path: `${listing}&page=100` },
      { scenario: "API signed-in: listing ?q=talavera, page 2", path: `${listing}&q=talavera&page=2` },
    ];
    const rows: Row[] = [];
    for (const { scenario, path } of scenarios) {
      const json = await (await fetch(`${server.url}${path}`, { headers: signedIn })).text();
      const reference = await startReferenceProcess(json);
      references.push(reference);
      const base = await measure(`${reference.url}/reference`, browserHeaders, seconds);
      const load = loadAverage();
      rows.push({ scenario: `reference for the next row: bare Fastify, same JSON (load ${load})`, database, ...base });
      const result = await measure(`${server.url}${path}`, signedIn, seconds);
      rows.push({
        scenario: `${scenario} (load ${loadAverage()})`,
        database,
        ...result,
        ratio: base.requestsPerSecond > 0 ? result.requestsPerSecond / base.requestsPerSecond : undefined,
      });
    }
    // The shop's first search starts building its in-memory index; the SQL autocomplete answers until it is built.
    for (const phase of ["index building", "index built"]) {
      if (phase === "index built") await indexBuilt(server.url);
      for (const unique of [false, true]) {
        const label = unique ? "queries each typed once" : "typed prefixes";
        const result = await measure(server.url, browserHeaders, seconds, autocompletePaths(unique));
        rows.push({ scenario: `autocomplete 100k, 10 clients, ${label}, ${phase} (load ${loadAverage()})`, database, ...result });
      }
    }
    return rows;
  } finally {
    for (const reference of references) await reference.stop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}
