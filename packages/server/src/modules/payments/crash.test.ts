import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { type Clock, createClock } from "../../clock";
import { loadConfig } from "../../config";
import { type Database, openPostgres, rowsOf } from "../../db/client";
import { payments } from "../../db/schema/payments";
import { runDueJobs } from "../../jobs/runner";
import { createPostgresTestDatabase, createProduct, createShop, createUser, testDatabaseKind } from "../../test/harness";
import { type ListeningProcess, spawnListening } from "../../test/processes";

/**
 * Payments across a crash (issue #32): a server process killed inside the provider call, or after the charge committed
 * but before its answer was stored. The killed instance is a process of its own (test/pay-worker.ts) on the same
 * PostgreSQL database; this process plays the instance the shopper's retry reaches next, and runs the 5-minute sweep.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const secret = "test-secret-long-enough-for-production-0123";
// Guests' keys are per client (address and User-Agent, http/idempotency.ts): the retry comes from the same browser.
const browser = { "user-agent": "crash-test-browser", "content-type": "application/json" };

describe.skipIf(testDatabaseKind !== "postgres")("a pay whose server dies (PostgreSQL only)", () => {
  let created: { url: string; drop(): Promise<void> };
  let database: Database;
  let app: FastifyInstance;
  let clock: Clock;
  let shop: { id: string; slug: string };
  let dataDir: string;
  const children: ListeningProcess[] = [];

  beforeAll(async () => {
    created = await createPostgresTestDatabase({ migrated: true });
    database = await openPostgres(created.url, 5);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-crash-"));
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      TRUST_PROXY: "loopback",
      JOB_POLL_MS: "0",
      APP_SECRET: secret,
    });
    clock = createClock();
    app = await buildApp({ config, database, clock, web: false });
    await app.ready();
    shop = await createShop(app.ctx, (await createUser(app.ctx)).id);
  });
  afterEach(async () => {
    for (const child of children.splice(0)) await kill(child);
  });
  afterAll(async () => {
    await app?.close();
    await created?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function kill(child: ListeningProcess) {
    if (child.child.exitCode !== null || child.child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.child.once("exit", resolve));
    child.child.kill("SIGKILL");
    await exited;
  }

  async function spawnWorker(mode: "hang" | "commit", barrier = 0) {
    const child = await spawnListening(process.execPath, ["--import", "tsx", "src/test/pay-worker.ts"], {
      cwd: serverDir,
      env: {
        ...process.env,
        WORKER_DATABASE_URL: created.url,
        WORKER_MODE: mode,
        WORKER_BARRIER: String(barrier),
        WORKER_APP_SECRET: secret,
      },
      pattern: /listening (\d+)/,
      timeoutMs: 300_000,
    });
    children.push(child);
    return child;
  }

  async function waitFor(what: string, check: () => Promise<boolean> | boolean) {
    const until = Date.now() + 120_000;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function newPurchase() {
    const item = await createProduct(app.ctx, shop.id, { listPrice: 25000, stock: 5 });
    const response = await app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/checkout`,
      payload: {
        items: [{ product_id: item.id, quantity: 1 }],
        contact: { full_name: "Ana", email: "ana@example.com" },
        delivery_type: "to_branch",
      },
    });
    expect(response.statusCode).toBe(201);
    const purchase = response.json() as { id: string; access_token: string };
    const token = await app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    return {
      ...purchase,
      url: `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      body: { method: "str_card", card_token: token.json().token as string, return_path: "/pagado" },
    };
  }
  type Purchase = Awaited<ReturnType<typeof newPurchase>>;

  /** The first try, sent to the worker process, which dies before answering. */
  function payOn(child: ListeningProcess, purchase: Purchase, key: string) {
    return fetch(`http://127.0.0.1:${child.port}${purchase.url}`, {
      method: "POST",
      headers: { ...browser, "idempotency-key": key },
      body: JSON.stringify(purchase.body),
    }).then(
      (response) => response.status,
      () => "no answer",
    );
  }

  /** The shopper's retry, reaching this instance. */
  const retry = (purchase: Purchase, key: string) =>
    app.inject({ method: "POST", url: purchase.url, headers: { ...browser, "idempotency-key": key }, payload: purchase.body });

  const attemptsOf = async (purchase: Purchase) =>
    (await database.db.select({ status: payments.status }).from(payments).where(eq(payments.checkoutId, purchase.id))).map(
      (attempt) => attempt.status,
    );

  it("killed inside the provider call: the attempt blocks the purchase until the 5-minute sweep gives it up, then the retry pays once", async () => {
    const purchase = await newPurchase();
    const child = await spawnWorker("hang");
    const first = payOn(child, purchase, "crash-inside-1");
    await waitFor("the charge to reach the provider", () => child.output().includes("charging"));
    await kill(child);
    expect(await first).toBe("no answer");
    expect(await attemptsOf(purchase)).toEqual(["created"]);

    // Within the key's lease the retry waits its turn; after it, the attempt still in flight refuses any second charge.
    expect((await retry(purchase, "crash-inside-1")).json().code).toBe("idempotency_conflict");
    clock.advance(31_000);
    const afterLease = await retry(purchase, "crash-inside-1");
    expect([afterLease.statusCode, afterLease.json().code]).toEqual([409, "payment_in_progress"]);
    expect((await retry(purchase, "crash-inside-other")).json().code).toBe("payment_in_progress");
    await runDueJobs(app.ctx);
    expect(await attemptsOf(purchase)).toEqual(["created"]);

    // Five minutes on, the sweep gives the dead attempt up and the same key pays.
    clock.advance(5 * 60_000);
    await runDueJobs(app.ctx);
    expect(await attemptsOf(purchase)).toEqual(["expired"]);
    const paid = await retry(purchase, "crash-inside-1");
    expect([paid.statusCode, paid.json().status]).toEqual([200, "paid"]);
    expect((await retry(purchase, "crash-inside-1")).json()).toMatchObject({ status: "paid" });
    expect((await attemptsOf(purchase)).sort()).toEqual(["expired", "succeeded"]);
  });

  it("killed after the charge committed, before its answer was stored: the retry with the same key answers 'paid'", async () => {
    const purchase = await newPurchase();
    const barrier = 32_032;
    const gate = new pg.Client({ connectionString: created.url });
    const holder = new pg.Client({ connectionString: created.url });
    await gate.connect();
    await holder.connect();
    try {
      await gate.query("select pg_advisory_lock($1)", [barrier]);
      const child = await spawnWorker("commit", barrier);
      const first = payOn(child, purchase, "crash-after-1");
      await waitFor("the charge to reach the provider", () => child.output().includes("charging"));
      // Hold the key's row, so the worker can commit the charge but not store its answer; then let the charge through.
      await holder.query("begin");
      await holder.query("select key from idempotency_keys where status is null for update");
      await gate.query("select pg_advisory_unlock($1)", [barrier]);
      await waitFor("the charge to commit", async () => (await attemptsOf(purchase)).includes("succeeded"));
      let backend = 0;
      await waitFor("the worker to wait on the key's row", async () => {
        const [waiting] = rowsOf<{ pid: number }>(
          await database.db.execute(
            sql`select pid from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%update "idempotency_keys"%'`,
          ),
        );
        backend = waiting?.pid ?? 0;
        return backend !== 0;
      });
      await kill(child);
      expect(await first).toBe("no answer");
      // PostgreSQL notices a dead client only when it next talks to it: end the session the process left waiting, as its
      // death would have before the statement ran.
      await database.db.execute(sql`select pg_terminate_backend(${backend})`);
      await waitFor("the worker's session to end", async () => {
        return rowsOf(await database.db.execute(sql`select 1 from pg_stat_activity where pid = ${backend}`)).length === 0;
      });
      await holder.query("rollback");
    } finally {
      await holder.end();
      await gate.end();
    }

    clock.advance(31_000);
    const replayed = await retry(purchase, "crash-after-1");
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toMatchObject({ status: "paid", checkout: { id: purchase.id, state: "paid" } });
    // Stored now: the next retry is a plain replay.
    const again = await retry(purchase, "crash-after-1");
    expect([again.json().status, again.headers["idempotent-replayed"]]).toEqual(["paid", "true"]);
    expect(await attemptsOf(purchase)).toEqual(["succeeded"]);
  });
});
