import { spawnSync } from "node:child_process";
import { repoRoot } from "./processes";
import { type Row, benchStorefront, firstVisits, printStorefront } from "./storefront";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const serverRoot = process.env.BENCH_SERVER_ROOT ?? repoRoot;

// The server runs as `npm start` runs it: build first (web app, compiled server), so no stale build is measured.
if (process.env.BENCH_NO_BUILD !== "1") {
  const build = spawnSync("npm", ["run", "build"], { cwd: serverRoot, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(`Storefront (bench/storefront.ts): ${seconds} s per scenario, 10 connections, server and load generator in separate processes`);
const rows: Row[] = await benchStorefront("pglite", seconds);
if (process.env.BENCH_DATABASE_URL) rows.push(...(await benchStorefront("postgres", seconds)));
else console.log("(set BENCH_DATABASE_URL=postgres://user@host/db to run the same scenarios on PostgreSQL)");
const visits = await firstVisits(["/tienda/demo", "/tienda/demo/productos"]);
printStorefront(rows, visits);

if (process.env.BENCH_ONLY !== "storefront") {
  // These still run the app inside this process (load generator included, NODE_ENV=test): read them as relative figures.
  console.log("\nCatalog at scale (bench/catalog.ts, in-process):");
  const { runCatalogBench } = await import("./catalog");
  await runCatalogBench(seconds);

  console.log("\nCheckout (bench/checkout.ts, in-process):");
  const { runCheckoutBench } = await import("./checkout");
  await runCheckoutBench(seconds);

  console.log("\nOrders desk (bench/orders.ts, in-process):");
  const { runOrdersBench } = await import("./orders");
  await runOrdersBench(seconds);

  console.log("\nReseller picker (bench/picker.ts, server in its own process, PGlite then PostgreSQL):");
  const { runPickerBench } = await import("./picker");
  await runPickerBench();
}
