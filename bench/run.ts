import { printResults, run, startBenchApp } from "./harness";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const server = await startBenchApp();
try {
  const results = [];
  for (const scenario of [
    { name: "API: shop listing (30 items)", path: "/api/v1/shops/demo/products?limit=30" },
    { name: "API: shop by slug", path: "/api/v1/shops/demo" },
    { name: "SSR: shop home page", path: "/tienda/demo" },
  ]) {
    results.push(await run(server.url, scenario, seconds));
  }
  printResults(results);
} finally {
  await server.stop();
}

console.log("\nCatalog at scale (bench/catalog.ts):");
const { runCatalogBench } = await import("./catalog");
await runCatalogBench(seconds);

console.log("\nCheckout (bench/checkout.ts):");
const { runCheckoutBench } = await import("./checkout");
await runCheckoutBench(seconds);

console.log("\nOrders desk (bench/orders.ts):");
const { runOrdersBench } = await import("./orders");
await runOrdersBench(seconds);
