import { performance } from "node:perf_hooks";
import Fastify from "fastify";
import { sql } from "drizzle-orm";
import type { AppContext } from "@tianguis/server/src/context";
import { products } from "@tianguis/server/src/db/schema/catalog";
import { shops } from "@tianguis/server/src/db/schema/shops";
import { users } from "@tianguis/server/src/db/schema/accounts";
import { type Result, printResults, run, startBenchApp } from "./harness";

const total = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const batchSize = 5_000;
const nouns = [
  "Rebozo",
  "Jarrón",
  "Taza",
  "Alebrije",
  "Bolsa",
  "Sombrero",
  "Huipil",
  "Molcajete",
  "Plato",
  "Canasta",
  "Cojín",
  "Vela",
  "Collar",
  "Aretes",
  "Mantel",
  "Cazuela",
  "Jarro",
  "Servilleta",
  "Tapete",
  "Lámpara",
];
const materials = [
  "barro negro",
  "talavera",
  "palma",
  "seda",
  "copal",
  "lana",
  "algodón",
  "piedra volcánica",
  "carrizo",
  "cobre",
  "plata",
  "vidrio soplado",
  "henequén",
  "cuero",
  "madera",
];
const adjectives = [
  "bordado",
  "tallado",
  "pintado a mano",
  "tejido",
  "bruñido",
  "artesanal",
  "oaxaqueño",
  "poblano",
  "chiapaneco",
  "michoacano",
  "yucateco",
  "potosino",
];
const separator = "\u001f";

/** 100,000 items in one shop, inserted with unnest() over delimited text arrays, 5,000 per statement. */
export async function seedProducts(ctx: AppContext): Promise<string> {
  const [owner] = await ctx.db.insert(users).values({ username: "bench@tianguis.local", fullName: "Bench" }).returning({ id: users.id });
  const [shop] = await ctx.db.insert(shops).values({ slug: "bench", name: "Bench", ownerId: owner.id }).returning({ id: shops.id });
  const started = performance.now();
  for (let from = 0; from < total; from += batchSize) {
    const names: string[] = [];
    const prices: number[] = [];
    for (let index = from; index < Math.min(total, from + batchSize); index += 1) {
      names.push(
        `${nouns[index % nouns.length]} de ${materials[(index * 7) % materials.length]} ${adjectives[(index * 13) % adjectives.length]} ${index}`,
      );
      prices.push(1000 + ((index * 7919) % 500_000));
    }
    await ctx.db.execute(sql`
      insert into ${products} (shop_id, slug, name, description, type, list_price, stock, queue_position)
      select ${shop.id}, 'bench-' || (${from} + n.ord), n.name, 'Pieza hecha a mano en México.', 'product', p.price::int, 10, ${from} + n.ord::int
      from unnest(string_to_array(${names.join(separator)}, ${separator})) with ordinality as n(name, ord)
      join unnest(string_to_array(${prices.join(",")}, ',')) with ordinality as p(price, ord) on p.ord = n.ord`);
  }
  await ctx.db.execute(sql`analyze ${products}`);
  console.log(`seeded ${total} products in ${Math.round(performance.now() - started)} ms`);
  return shop.id;
}

/** Sequential autocomplete requests with varied prefixes: exact p50/p95/p99 of the round trip. */
async function autocompleteLatency(url: string, count = 400) {
  const prefixes = [...nouns, ...materials].map((word) => word.slice(0, 4).toLowerCase());
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await fetch(
      `${url}/api/v1/search/autocomplete?type=product&shop=bench&q=${encodeURIComponent(prefixes[index % prefixes.length])}`,
      { headers: { cookie: "tianguis_csrf=bench" } },
    );
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * share))] * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export async function runCatalogBench(seconds: number): Promise<Result[]> {
  // BENCH_DATABASE_URL runs the same scenarios on PostgreSQL (an empty database) instead of PGlite.
  const server = await startBenchApp({ web: false, databaseUrl: process.env.BENCH_DATABASE_URL });
  const bare = Fastify();
  try {
    await seedProducts(server.app.ctx);
    const listingPath = "/api/v1/shops/bench/products?type=product&limit=30";
    const items = await (await fetch(`${server.url}${listingPath}`)).json();
    bare.get("/items", async () => items);
    await bare.listen({ host: "127.0.0.1", port: 0 });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

    // A returning browser carries the CSRF cookie; without it every API answer also issues one.
    const headers = { cookie: "tianguis_csrf=bench" };
    const results: Result[] = [];
    results.push(await run(bareUrl, { name: "bare Fastify: same 30 items", path: "/items", headers }, seconds));
    process.env.LISTING_CACHE_MS = "0";
    results.push(await run(server.url, { name: "listing 30/100k, no cache", path: listingPath, headers }, seconds));
    results.push(await run(server.url, { name: "listing page 100 (?page=100)", path: `${listingPath}&page=100`, headers }, seconds));
    results.push(await run(server.url, { name: "listing ?q=talavera*", path: `${listingPath}&q=talavera*`, headers }, seconds));
    process.env.LISTING_CACHE_MS = "1000";
    results.push(await run(server.url, { name: "listing 30/100k, 1 s cache", path: listingPath, headers }, seconds));
    results.push(
      await run(
        server.url,
        { name: "autocomplete q=jarr", path: "/api/v1/search/autocomplete?type=product&shop=bench&q=jarr", headers },
        seconds,
      ),
    );
    printResults(results);

    const [bareResult, uncached, , , cachedResult] = results;
    const latency = await autocompleteLatency(server.url);
    console.log(
      `\nlisting vs bare: uncached ${(uncached.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)}×, cached ${(cachedResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)}× (target ≥ 0.5×)`,
    );
    console.log(
      `autocomplete, sequential, varied prefixes over ${total} items: p50 ${latency.p50} ms, p95 ${latency.p95} ms, p99 ${latency.p99} ms (target p95 ≤ 15 ms)`,
    );
    return results;
  } finally {
    await bare.close();
    await server.stop();
  }
}
