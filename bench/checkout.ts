import { eq } from "drizzle-orm";
import { products } from "@tianguis/server/src/db/schema/catalog";
import { shops } from "@tianguis/server/src/db/schema/shops";
import { printResults, run, startBenchApp } from "./harness";

/**
 * Guest checkouts per second against one store: each request prices the items from the database, takes
 * stock with a conditional update and writes a purchase with one order per supplier (two suppliers here).
 */
export async function runCheckoutBench(seconds: number) {
  const server = await startBenchApp({ databaseUrl: process.env.BENCH_DATABASE_URL, web: false });
  try {
    const { db } = server.app.ctx;
    const [store] = await db.select({ id: shops.id }).from(shops).where(eq(shops.slug, "mateo"));
    const items = await db
      .select({ id: products.id })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(eq(products.stockType, "onstock"))
      .limit(40);
    // Plenty of stock so every request succeeds; the conditional decrement still runs on each.
    for (const item of items) await db.update(products).set({ stock: 1_000_000 }).where(eq(products.id, item.id));
    const quote = await server.app.inject({
      method: "POST",
      url: "/api/v1/shops/mateo/cart/quote",
      payload: { items: items.map((item) => ({ product_id: item.id, quantity: 1 })) },
    });
    const sellable = (quote.json() as { orders: { supplier: string; products: { product_id: string; disabled: boolean }[] }[] }).orders
      .map((order) => order.products.find((line) => !line.disabled))
      .filter((line): line is { product_id: string; disabled: boolean } => Boolean(line))
      .slice(0, 2);
    if (!store || sellable.length < 2) throw new Error("the demo store mateo should sell items of two suppliers");
    const body = JSON.stringify({
      items: sellable.map((line) => ({ product_id: line.product_id, quantity: 1 })),
      contact: { full_name: "Bench Shopper", email: "bench@example.com" },
      delivery_type: "to_branch",
    });
    const result = await run(
      server.url,
      {
        name: "API: guest checkout, 2 suppliers",
        path: "/api/v1/shops/mateo/checkout",
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      },
      seconds,
      4,
    );
    printResults([result]);
    console.log(`guest purchases/s: ${result.requestsPerSecond} (each with ${sellable.length} supplier orders; payment not included)`);
  } finally {
    await server.stop();
  }
}
