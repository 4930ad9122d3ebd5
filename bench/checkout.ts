import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { type ServerProcess, cpuTimeMs, freshPostgres, startReferenceProcess, startServerProcess } from "./processes";
import { type Row, browserHeaders, measure, signIn } from "./storefront";

const benchDir = path.dirname(fileURLToPath(import.meta.url));

interface LoadResult {
  paidPerSecond: number;
  paid: number;
  /** Paid in the warm-up: inside the window where the app's statements and CPU are counted, so they are divided by these too. */
  warmUpPaid: number;
  failed: number;
  failures: Record<string, number>;
  p50: number;
  p99: number;
}

/** A supplier's own item gets plenty of stock through the seller's API (the conditional decrement still runs per purchase). */
async function restock(url: string, owner: { username: string; slug: string }, productId: string) {
  const cookie = await signIn(url, owner.username);
  const csrf = /tianguis_csrf=([^;]+)/.exec(cookie)?.[1] ?? "";
  const response = await fetch(`${url}/api/v1/shops/${owner.slug}/products/${productId}`, {
    method: "PATCH",
    headers: { "content-type": "application/json", cookie, "x-csrf-token": decodeURIComponent(csrf) },
    body: JSON.stringify({ stock: 1_000_000 }),
  });
  if (!response.ok) throw new Error(`restocking ${productId} as ${owner.username}: ${response.status} ${await response.text()}`);
}

function runLoad(args: string[]): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(benchDir, "checkout-load.ts"), ...args], {
      cwd: benchDir,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`checkout-load exited with ${code}: ${output}`));
      resolve(JSON.parse(output.trim().split("\n").at(-1) as string) as LoadResult);
    });
  });
}

/** The running total of statements the app process sent to PostgreSQL (bench/count-statements.cjs). */
async function statementsSent(file: string): Promise<number> {
  await sleep(300);
  return Number(fs.readFileSync(file, "utf8"));
}

/**
 * Paid guest purchases per second in the affiliate shop "mateo", one item of each of its two suppliers (so two supplier
 * orders per purchase), payment included: cart quote → checkout → sandbox card token → card payment, `paid`. The app runs
 * as `npm start` runs it in its own process; the load generator (bench/checkout-load.ts, 4 shoppers buying one after
 * another) in another. Only purchases answered `paid` count, once each. The bare reference route (the listing's JSON) is
 * measured in the same run, just before, so the figure reads as a ratio; on PostgreSQL the row also says how many
 * statements the app sent per paid purchase (counted in its process by bench/count-statements.cjs).
 */
export async function benchCheckout(database: "pglite" | "postgres", seconds: number, shoppers = 4): Promise<Row[]> {
  const postgres = database === "postgres" ? await freshPostgres(process.env.BENCH_DATABASE_URL as string) : undefined;
  const statementFile = postgres ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-bench-statements-")), "count") : undefined;
  const server = await startServerProcess({
    databaseUrl: postgres?.url,
    env: statementFile
      ? {
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${path.join(benchDir, "count-statements.cjs")}`,
          BENCH_STATEMENT_FILE: statementFile,
        }
      : undefined,
  });
  const pid = server.pid as number;
  let reference: ServerProcess | undefined;
  try {
    const listing = (await (await fetch(`${server.url}/api/v1/shops/mateo/products?limit=100`)).json()) as {
      results: { id: string; owner_slug: string; stock_type: string; sold_out: boolean }[];
    };
    const owners = [
      { slug: "demo", username: "lucia@demo.tianguis.mx" },
      { slug: "sabores", username: "sofia@demo.tianguis.mx" },
    ];
    const items: { product_id: string; quantity: number }[] = [];
    for (const owner of owners) {
      const item = listing.results.find(
        (product) => product.owner_slug === owner.slug && product.stock_type === "onstock" && !product.sold_out,
      );
      if (!item) throw new Error(`the demo shop mateo should resell an item in stock of ${owner.slug}`);
      await restock(server.url, owner, item.id);
      items.push({ product_id: item.id, quantity: 1 });
    }
    // The app's idle statements (job runner, outbox, sessions sweep) are counted while the reference runs and taken off.
    const idleFrom = { at: Date.now(), count: statementFile ? await statementsSent(statementFile) : 0, cpu: cpuTimeMs(pid) };
    reference = await startReferenceProcess(JSON.stringify(listing));
    const bare = await measure(`${reference.url}/reference`, browserHeaders, seconds);
    await reference.stop();
    reference = undefined;
    const loadFrom = { at: Date.now(), count: statementFile ? await statementsSent(statementFile) : 0, cpu: cpuTimeMs(pid) };
    const result = await runLoad([server.url, "mateo", JSON.stringify(items), String(seconds), String(shoppers)]);
    const loadEnd = { at: Date.now(), cpu: cpuTimeMs(pid) };
    const idleCpuPerMs = (loadFrom.cpu - idleFrom.cpu) / (loadFrom.at - idleFrom.at);
    const purchases = result.paid + result.warmUpPaid;
    const cpuMs = result.paid > 0 ? (loadEnd.cpu - loadFrom.cpu - idleCpuPerMs * (loadEnd.at - loadFrom.at)) / purchases : undefined;
    let statements: number | undefined;
    if (statementFile && result.paid > 0) {
      const idlePerMs = (loadFrom.count - idleFrom.count) / (loadFrom.at - idleFrom.at);
      const sent = (await statementsSent(statementFile)) - loadFrom.count;
      statements = (sent - idlePerMs * (Date.now() - loadFrom.at)) / purchases;
    }
    if (result.failed > 0)
      console.log(`checkout bench (${database}): ${result.failed} purchases not paid: ${JSON.stringify(result.failures)}`);
    const paidPerSecond = Math.round(result.paidPerSecond * 10) / 10;
    return [
      { scenario: "checkout's reference: bare Fastify, the listing's JSON", database, ...bare, ratio: 1 },
      {
        scenario: `checkout: paid guest purchases, 2 suppliers, ${shoppers} shoppers${statements ? `, ${statements.toFixed(1)} statements each` : ""}${cpuMs !== undefined ? `, ${Math.round(cpuMs)} ms app CPU each` : ""}`,
        database,
        unit: "paid/s",
        requestsPerSecond: paidPerSecond,
        p50: result.p50,
        p99: result.p99,
        errors: result.failed,
        ratio: bare.requestsPerSecond > 0 ? paidPerSecond / bare.requestsPerSecond : undefined,
      },
    ];
  } finally {
    await reference?.stop();
    await server.stop();
    await postgres?.drop();
    if (statementFile) fs.rmSync(path.dirname(statementFile), { recursive: true, force: true });
  }
}
