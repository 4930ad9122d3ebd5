/**
 * Product imports at scale (issue 29 §1: 'an import of 10,000 rows finishes in under 60 s on PostgreSQL'): Lucía uploads
 * a CSV of BENCH_IMPORT_ROWS rows (10,000; one in ten updates an item by SKU, one in fifty is rejected), then presses
 * 'Importar' and waits until the job is done. The server runs in its own process in production mode
 * (bench/imports-server.ts), on PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL.
 * Run alone: `npx tsx bench/imports.ts`.
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
}
interface ImportView {
  id: string;
  state: string;
  to_create: number;
  to_update: number;
  rejected: number;
  processed: number;
  created: number;
  updated: number;
}

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

function csv(): string {
  const lines = ["sku,nombre,tipo,precio,precio_anterior,existencias,categoria,descripcion,dropshipping,margen,peso_g"];
  for (let n = 1; n <= rows; n += 1) {
    const sku = n % 10 === 0 ? `BENCH-${n / 10}` : `NEW-${n}`;
    const price = n % 50 === 0 ? "-5" : `${100 + (n % 900)}.50`;
    lines.push(
      `${sku},Artículo importado ${n},producto,${price},,${n % 40},Categoría ${n % 12},Hecho a mano ${n},${n % 3 === 0 ? "si" : "no"},10,350`,
    );
  }
  return lines.join("\r\n");
}

async function timeImport(ready: Ready) {
  const headers = { cookie: ready.cookie, "x-csrf-token": ready.csrf };
  const base = `${ready.url}/api/v1/shops/demo/imports`;
  const form = new FormData();
  form.append("file", new Blob([csv()], { type: "text/csv" }), "bench.csv");
  const started = performance.now();
  const checked = await fetch(base, { method: "POST", headers, body: form });
  if (!checked.ok) throw new Error(`dry run answered ${checked.status}: ${await checked.text()}`);
  const preview = (await checked.json()) as ImportView;
  const dryRunMs = performance.now() - started;
  const importStarted = performance.now();
  const run = await fetch(`${base}/${preview.id}/run`, { method: "POST", headers });
  if (!run.ok) throw new Error(`run answered ${run.status}: ${await run.text()}`);
  let view = (await run.json()) as ImportView;
  while (view.state !== "done") {
    await new Promise((resolve) => setTimeout(resolve, 100));
    view = (await (await fetch(`${base}/${preview.id}`, { headers })).json()) as ImportView;
    if (view.state === "interrupted") throw new Error("the import was interrupted");
  }
  return { dryRunMs, importMs: performance.now() - importStarted, view };
}

async function benchOne(databaseUrl: string | undefined) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const server = fork(path.join(here, "imports-server.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATABASE_URL: databaseUrl ?? "" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      server.once("message", (message) => resolve(message as Ready));
      server.once("exit", (code) => reject(new Error(`imports bench server exited with ${code}`)));
    });
    const { dryRunMs, importMs, view } = await timeImport(ready);
    const total = (dryRunMs + importMs) / 1000;
    console.log(
      `${ready.database}: ${rows.toLocaleString("en")} rows · dry run ${Math.round(dryRunMs)} ms · import ${Math.round(importMs)} ms ` +
        `(${view.created} created, ${view.updated} updated, ${view.rejected} rejected) · ${total.toFixed(1)} s in all ` +
        `${total < 60 ? "(target < 60 s: met)" : "(target < 60 s: MISSED)"}`,
    );
  } finally {
    await stopForked(server);
  }
}

export async function runImportsBench() {
  await onEachDatabase("the import", benchOne);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runImportsBench();
