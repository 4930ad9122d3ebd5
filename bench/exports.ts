/**
 * Exports and the dashboard at scale (issue 29 §2 and §4): Lucía's shop has BENCH_EXPORT_ORDERS orders (100,000) of a
 * year. She exports them all, as XLSX and as CSV: the request queues a job, the job writes the file to private storage,
 * and the page polls until it is done; then she downloads it. Beside it, her dashboard's server time (the `/dashboard`
 * call, median of 10) for the 30-day and the 12-month view. The server runs in its own process in production mode
 * (bench/exports-server.ts), on PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL.
 * Run alone: `npx tsx bench/exports.ts`, or `BENCH_ONLY=exports npm run bench`.
 */
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { onEachDatabase, stopForked } from "./processes";

interface Ready {
  url: string;
  cookie: string;
  csrf: string;
  database: string;
  seededMs: number;
}
interface ExportView {
  id: string;
  state: string;
  rows_done: number;
  rows_total: number | null;
  size_bytes: number | null;
  download_url: string | null;
  error?: string | null;
}

const orders = Number(process.env.BENCH_EXPORT_ORDERS ?? 100_000);

async function timeExport(ready: Ready, format: "xlsx" | "csv") {
  const headers = { cookie: ready.cookie, "x-csrf-token": ready.csrf, "content-type": "application/json" };
  const base = `${ready.url}/api/v1/shops/demo/exports`;
  const started = performance.now();
  const created = await fetch(base, { method: "POST", headers, body: JSON.stringify({ kind: "orders", format }) });
  if (created.status !== 201) throw new Error(`export answered ${created.status}: ${await created.text()}`);
  let view = (await created.json()) as ExportView;
  while (view.state !== "done") {
    if (view.state === "failed") throw new Error(`the export failed: ${view.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    view = (await (await fetch(`${base}/${view.id}`, { headers })).json()) as ExportView;
  }
  const jobMs = performance.now() - started;
  const downloadStarted = performance.now();
  const file = await fetch(`${ready.url}${view.download_url}`, { headers });
  const bytes = (await file.arrayBuffer()).byteLength;
  if (!file.ok || bytes !== view.size_bytes) throw new Error(`the download answered ${file.status} with ${bytes} bytes`);
  return { jobMs, downloadMs: performance.now() - downloadStarted, view };
}

async function timeDashboard(ready: Ready, period: "day" | "month") {
  const url = `${ready.url}/api/v1/shops/demo/dashboard?period=${period}`;
  const times: number[] = [];
  for (let run = 0; run < 11; run++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie: ready.cookie } });
    if (!response.ok) throw new Error(`the dashboard answered ${response.status}`);
    await response.arrayBuffer();
    // The first call warms the connection and the statements up.
    if (run > 0) times.push(performance.now() - started);
  }
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

async function benchOne(databaseUrl: string | undefined) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const server = fork(path.join(here, "exports-server.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATABASE_URL: databaseUrl ?? "", BENCH_EXPORT_ORDERS: String(orders) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      server.once("message", (message) => resolve(message as Ready));
      server.once("exit", (code) => reject(new Error(`exports bench server exited with ${code}`)));
    });
    console.log(
      `${ready.database}: ${orders.toLocaleString("en")} orders written and the dashboard's read model filled in ${(ready.seededMs / 1000).toFixed(1)} s`,
    );
    for (const format of ["xlsx", "csv"] as const) {
      const { jobMs, downloadMs, view } = await timeExport(ready, format);
      const rate = Math.round(view.rows_done / (jobMs / 1000));
      console.log(
        `${ready.database}: orders export ${format.toUpperCase()} of ${view.rows_done.toLocaleString("en")} rows · job ${(jobMs / 1000).toFixed(1)} s ` +
          `(request to file in storage, ${rate.toLocaleString("en")} rows/s, up to 250 ms of it the runner's poll) · ` +
          `${(Number(view.size_bytes) / 1e6).toFixed(1)} MB · download ${Math.round(downloadMs)} ms`,
      );
    }
    const day = await timeDashboard(ready, "day");
    const month = await timeDashboard(ready, "month");
    console.log(
      `${ready.database}: dashboard at ${orders.toLocaleString("en")} orders · 30 days ${day.toFixed(1)} ms · 12 months ${month.toFixed(1)} ms ` +
        `(HTTP round trip on loopback, median of 10; target < 100 ms server time: ${Math.max(day, month) < 100 ? "met" : "MISSED"})`,
    );
  } finally {
    await stopForked(server);
  }
}

export async function runExportsBench() {
  await onEachDatabase("the export", benchOne);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runExportsBench();
