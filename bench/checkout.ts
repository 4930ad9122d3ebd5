import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freshPostgres, startServerProcess } from "./processes";
import { type Row, signIn } from "./storefront";

const benchDir = path.dirname(fileURLToPath(import.meta.url));

interface LoadResult {
  paidPerSecond: number;
  paid: number;
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

/**
 * Paid guest purchases per second in the affiliate shop "mateo", one item of each of its two suppliers (so two supplier
 * orders per purchase), payment included: cart quote → checkout → sandbox card token → card payment, `paid`. The app runs
 * as `npm start` runs it in its own process; the load generator (bench/checkout-load.ts, 4 shoppers buying one after
 * another) in another. Only purchases answered `paid` count, once each.
 */
export async function benchCheckout(database: "pglite" | "postgres", seconds: number, shoppers = 4): Promise<Row> {
  const postgres = database === "postgres" ? await freshPostgres(process.env.BENCH_DATABASE_URL as string) : undefined;
  const server = await startServerProcess({ databaseUrl: postgres?.url });
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
    const result = await runLoad([server.url, "mateo", JSON.stringify(items), String(seconds), String(shoppers)]);
    if (result.failed > 0)
      console.log(`checkout bench (${database}): ${result.failed} purchases not paid: ${JSON.stringify(result.failures)}`);
    return {
      scenario: `checkout: paid guest purchases, 2 suppliers, ${shoppers} shoppers`,
      database,
      unit: "paid/s",
      requestsPerSecond: Math.round(result.paidPerSecond * 10) / 10,
      p50: result.p50,
      p99: result.p99,
      errors: result.failed,
    };
  } finally {
    await server.stop();
    await postgres?.drop();
  }
}
