/**
 * A server instance in a process of its own, for modules/payments/crash.test.ts: the real app on WORKER_DATABASE_URL
 * (no jobs), listening on a free port (prints `listening <port>`), whose sandbox gateway prints `charging` when a card
 * charge reaches it. WORKER_MODE=hang: the charge never answers, until the test kills the process inside the provider
 * call. WORKER_MODE=commit: the charge waits for the test to release advisory lock WORKER_BARRIER, then goes through.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../app";
import { createClock } from "../clock";
import { loadConfig } from "../config";
import { openPostgres } from "../db/client";

const { WORKER_DATABASE_URL: url, WORKER_MODE: mode, WORKER_BARRIER: barrier, WORKER_APP_SECRET: secret } = process.env;
if (!url || !secret || (mode !== "hang" && mode !== "commit"))
  throw new Error("WORKER_DATABASE_URL, WORKER_APP_SECRET and WORKER_MODE=hang|commit");

const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-pay-worker-")),
  SEED_DEMO: "false",
  TRUST_PROXY: "loopback",
  JOB_POLL_MS: "0",
  APP_SECRET: secret,
});
const database = await openPostgres(url, 3);
const app = await buildApp({ config, database, clock: createClock(), web: false });
await app.ready();

const charge = app.ctx.payments.chargeCard.bind(app.ctx.payments);
app.ctx.payments.chargeCard = async (input) => {
  console.log("charging");
  if (mode === "hang") {
    setInterval(() => {}, 60_000);
    return new Promise(() => {});
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("select pg_advisory_lock_shared($1)", [Number(barrier)]);
  await client.end();
  return charge(input);
};

await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
