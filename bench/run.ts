import { spawnSync } from "node:child_process";
import { benchCheckout } from "./checkout";
import { benchCpu, printCpuTable } from "./cpu";
import { type LighthouseRow, lighthouseScores } from "./lighthouse";
import { benchListing } from "./listing";
import { benchBuildDirs, buildFloor, floorBuilt, repoRoot, startFloorProcess, startServerProcess } from "./processes";
import { type FirstVisit, type Row, benchStorefront, firstVisits, printTable } from "./storefront";

/**
 * `npm run bench` runs every part; BENCH_ONLY picks some, comma-separated:
 *   storefront  pages, then listing
 *   pages       req/s and p99 of the API and server-rendered pages (anonymous and signed-in), and the bare reference route
 *   listing     the uncached listing API (page 1, page 100, search) and autocomplete over 100,000 items
 *   firstvisit  a first visit's JavaScript bytes and requests in Chromium, beside the framework's floor (bench/floor)
 *   lighthouse  Lighthouse mobile scores of the shop home and a product page
 *   checkout    paid purchases/s, payment included
 *   cpu         server CPU ms and SQL statements per request: signed-in pages (customer, the shop's owner), the owner's
 *               admin pages, and product pages over every demo product URL with the page and listing caches off
 *   catalog, orders, picker   the older in-process benches (relative figures only)
 *   imports     a 10,000-row product import: dry run, then 'Importar' until done (PGlite, and PostgreSQL when set)
 *   exports     a 100,000-order export (XLSX and CSV: the job writes the file to storage) and the dashboard at 100,000 orders
 * e.g. `BENCH_ONLY=firstvisit BENCH_NO_BUILD=1 npm run bench` re-measures the first visit of the last build in seconds.
 * BENCH_DATABASE_URL adds PostgreSQL to storefront and checkout; BENCH_SECONDS sets each load run (default 10);
 * BENCH_LIGHTHOUSE_RUNS audits each page that many times and keeps the median (default 1).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const serverRoot = process.env.BENCH_SERVER_ROOT ?? repoRoot;
const parts = new Set(
  (process.env.BENCH_ONLY ?? "storefront,firstvisit,lighthouse,checkout,catalog,orders,picker,imports,exports")
    .split(",")
    .map((part) => part.trim()),
);
const databases: ("pglite" | "postgres")[] = process.env.BENCH_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

// The server runs as `npm start` runs it: build first (web app, compiled server), in the bench's own build folders.
if (
  process.env.BENCH_NO_BUILD !== "1" &&
  ["storefront", "pages", "listing", "firstvisit", "lighthouse", "checkout", "cpu"].some((part) => parts.has(part))
) {
  const env = { ...process.env, WEB_BUILD_DIR: benchBuildDirs.web, SERVER_DIST_DIR: benchBuildDirs.server };
  for (const workspace of ["@tianguis/web", "@tianguis/server"]) {
    const build = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: serverRoot, env, stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
// The floor is built from the bench's own checkout (its installed React and React Router), whatever BENCH_SERVER_ROOT is.
if (parts.has("firstvisit") && (process.env.BENCH_NO_BUILD !== "1" || !floorBuilt())) buildFloor();

console.log(`Bench: ${seconds} s per load run; the app, the reference and each load generator run in separate processes`);
if (!process.env.BENCH_DATABASE_URL)
  console.log("(set BENCH_DATABASE_URL=postgres://user@host/db to run the same scenarios on PostgreSQL)");

const rows: Row[] = [];
if (parts.has("storefront") || parts.has("pages"))
  for (const database of databases) rows.push(...(await benchStorefront(database, seconds)));
// BENCH_ONLY=listing runs only the 100,000-item listing and autocomplete scenarios (part of storefront).
if (parts.has("storefront") || parts.has("listing"))
  for (const database of databases) rows.push(...(await benchListing(database, seconds)));
if (parts.has("checkout")) for (const database of databases) rows.push(...(await benchCheckout(database, seconds)));

let visits: FirstVisit[] = [];
let floor: FirstVisit | undefined;
let lighthouse: LighthouseRow[] = [];
if (parts.has("firstvisit")) {
  // The smallest page React Router can hydrate, measured by the same code in this run: the first visits' reference.
  const floorServer = await startFloorProcess();
  try {
    [floor] = await firstVisits(floorServer.url, ["/"]);
  } finally {
    await floorServer.stop();
  }
}
if (parts.has("firstvisit") || parts.has("lighthouse")) {
  // One quiet server for the browser measures, after the load runs.
  const server = await startServerProcess();
  try {
    if (parts.has("firstvisit")) visits = await firstVisits(server.url, ["/tienda/demo", "/tienda/demo/productos"]);
    if (parts.has("lighthouse")) {
      const listing = await (await fetch(`${server.url}/tienda/demo/productos`)).text();
      const product = /href="(\/tienda\/demo\/productos\/[^"/?]+\/[^"/?]+)"/.exec(listing)?.[1];
      if (!product) throw new Error("the demo listing links no product page");
      lighthouse = await lighthouseScores(
        server.url,
        [
          { label: "shop home /tienda/demo", path: "/tienda/demo" },
          { label: "product page /tienda/demo/productos/…", path: product },
        ],
        Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1),
      );
    }
  } finally {
    await server.stop();
  }
}
if (rows.length || visits.length || lighthouse.length) printTable(rows, visits, lighthouse, floor);
if (parts.has("cpu")) {
  const cpuRows = [];
  const cpuDatabases = (process.env.BENCH_CPU_DATABASES?.split(",") as typeof databases | undefined) ?? databases;
  for (const database of cpuDatabases) cpuRows.push(...(await benchCpu(database, seconds)));
  printCpuTable(cpuRows);
}

// These still run the app inside this process (load generator included, NODE_ENV=test): read them as relative figures.
if (parts.has("catalog")) {
  console.log("\nCatalog at scale (bench/catalog.ts, in-process):");
  const { runCatalogBench } = await import("./catalog");
  await runCatalogBench(seconds);
}
if (parts.has("orders")) {
  console.log("\nOrders desk (bench/orders.ts, in-process):");
  const { runOrdersBench } = await import("./orders");
  await runOrdersBench(seconds);
}
if (parts.has("picker")) {
  console.log("\nReseller picker (bench/picker.ts, server in its own process, PGlite then PostgreSQL):");
  const { runPickerBench } = await import("./picker");
  await runPickerBench();
}
if (parts.has("imports")) {
  console.log("\nProduct imports (bench/imports.ts, server in its own process, PGlite then PostgreSQL):");
  const { runImportsBench } = await import("./imports");
  await runImportsBench();
}
if (parts.has("exports")) {
  console.log("\nOrder exports and the dashboard at 100,000 orders (bench/exports.ts, server in its own process, PGlite then PostgreSQL):");
  const { runExportsBench } = await import("./exports");
  await runExportsBench();
}
