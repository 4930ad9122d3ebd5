/**
 * Reseller picker at scale (issue 13): mateo's picker over 100,000 dropshipping items from 200 suppliers, on PGlite and,
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL. The server runs in its own process in production
 * mode (bench/picker-server.ts); this process sends sequential requests and reports p50/p95 per picker call, then times
 * one 'add all' of 2,500 items from the POST to done. Run alone: `npx tsx bench/picker.ts`.
 */
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { onEachDatabase, stopForked } from "./processes";

interface Ready {
  url: string;
  cookie: string;
  csrf: string;
  seededMs: number;
  items: number;
  supplierId: string;
  database: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function sequential(url: string, cookie: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** POST 'add all' for one category (2,500 items at 100,000) and wait until it is done. */
async function timeBulkAdd(ready: Ready): Promise<{ ms: number; total: number }> {
  const headers = { cookie: ready.cookie, "x-csrf-token": ready.csrf, "content-type": "application/json" };
  const started = performance.now();
  const created = await fetch(`${ready.url}/api/v1/shops/mateo/picker/bulk-adds`, {
    method: "POST",
    headers,
    body: JSON.stringify({ key: randomUUID(), filters: { category: "Categoría 7", type: "product" }, new_catalogue_name: "Bench" }),
  });
  if (!created.ok) throw new Error(`bulk add answered ${created.status}: ${await created.text()}`);
  let view = (await created.json()) as { id: string; state: string; total: number };
  while (view.state === "running") {
    await new Promise((resolve) => setTimeout(resolve, 50));
    view = await (await fetch(`${ready.url}/api/v1/shops/mateo/picker/bulk-adds/${view.id}`, { headers })).json();
  }
  if (view.state !== "done") throw new Error(`bulk add ended ${view.state}`);
  return { ms: performance.now() - started, total: view.total };
}

async function benchOne(databaseUrl: string | undefined) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const server = fork(path.join(here, "picker-server.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATABASE_URL: databaseUrl ?? "", BENCH_PICKER_ITEMS: process.env.BENCH_PICKER_ITEMS ?? "100000" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      server.once("message", (message) => resolve(message as Ready));
      server.once("exit", (code) => reject(new Error(`picker bench server exited with ${code}`)));
    });
    console.log(`\n${ready.database}: ${ready.items.toLocaleString("en")} dropshipping items seeded in ${ready.seededMs} ms`);
    const base = `${ready.url}/api/v1/shops/mateo/picker`;
    const calls = [
      ["products: first page (margin desc)", `${base}/products`],
      ["products: page 50", `${base}/products?offset=490`],
      ["products: text 'taza barro'", `${base}/products?text=taza%20barro`],
      ["products: category", `${base}/products?category=${encodeURIComponent("Categoría 7")}`],
      ["products: supplier", `${base}/products?dssupplier=${ready.supplierId}`],
      [
        "products: supplier + category + text",
        `${base}/products?dssupplier=${ready.supplierId}&category=${encodeURIComponent("Categoría 7")}&text=taza`,
      ],
      ["products: services", `${base}/products?type=service`],
      ["categories: first page", `${base}/categories`],
      ["categories: name 'ría 1'", `${base}/categories?name=${encodeURIComponent("ría 1")}`],
      ["dssuppliers: first page", `${base}/dssuppliers`],
      ["dssuppliers: text 'artesanal'", `${base}/dssuppliers?text=artesanal`],
    ] as const;
    console.log("sequential call                                 p50 ms   p95 ms");
    const rows: { label: string; p50: number; p95: number }[] = [];
    for (const [label, url] of calls) {
      await sequential(url, ready.cookie, 10);
      const { p50, p95 } = await sequential(url, ready.cookie, 100);
      rows.push({ label, p50, p95 });
      console.log(`${label.padEnd(46)} ${p50.toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(8)}`);
    }
    const bulk = await timeBulkAdd(ready);
    console.log(`add all to a new catalogue: ${bulk.total} items done in ${Math.round(bulk.ms)} ms`);
    return rows;
  } finally {
    await stopForked(server);
  }
}

export async function runPickerBench() {
  await onEachDatabase("the picker", benchOne);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runPickerBench();
