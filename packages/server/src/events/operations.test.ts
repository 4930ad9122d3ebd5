import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DbOrTx } from "../db/client";
import { openPglite, openPostgres } from "../db/client";
import { eventDeliveries, events } from "../db/schema/events";
import { type TestApp, createPostgresTestDatabase, createTestApp, testDatabaseKind } from "../test/harness";
import { registerSubscribers, subscriber } from "./bus";
import { replayDeadDeliveries } from "./operations";

/** A dead delivery of a new event, as the bus leaves one after its last failed attempt; answers the delivery's id. */
async function insertDead(
  db: DbOrTx,
  delivery: { subscriber: string; type: "ticket.checked_in" | "purchase.paid"; payload: Record<string, unknown>; occurredAt: Date },
): Promise<string> {
  const [event] = await db
    .insert(events)
    .values({ type: delivery.type, version: 1, payload: delivery.payload, occurredAt: delivery.occurredAt })
    .returning();
  const [row] = await db
    .insert(eventDeliveries)
    .values({
      eventId: event.id,
      subscriber: delivery.subscriber,
      state: "dead",
      attempts: 8,
      runAt: delivery.occurredAt,
      lastError: "Error: the provider timed out",
    })
    .returning();
  return row.id;
}

/** A test-only subscriber (taken off after this file). */
const seen: string[] = [];
afterAll(
  registerSubscribers([
    subscriber("ticket.checked_in", "test.operations-order", async (_tx, checkIn) => {
      seen.push(checkIn.ticket_id);
    }),
  ]),
);

describe("replaying dead deliveries in batches", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("takes a bounded batch, oldest events first, and says when more are left", async () => {
    const start = t.ctx.clock.now().getTime();
    const tickets = [randomUUID(), randomUUID(), randomUUID()];
    // Inserted newest first: the replay still delivers them in the order they occurred.
    for (const [index, ticketId] of [...tickets.entries()].reverse())
      await insertDead(t.ctx.db, {
        subscriber: "test.operations-order",
        type: "ticket.checked_in",
        payload: { ticket_id: ticketId, shop_id: randomUUID() },
        occurredAt: new Date(start - 60_000 + index * 1000),
      });

    expect(await replayDeadDeliveries(t.ctx, { subscriber: "test.operations-order" }, 2)).toEqual({
      replayed: 2,
      done: 2,
      failed: 0,
      more: true,
    });
    expect(await replayDeadDeliveries(t.ctx, { subscriber: "test.operations-order" }, 2)).toEqual({
      replayed: 1,
      done: 1,
      failed: 0,
      more: false,
    });
    expect(seen).toEqual(tickets);
  });
});

/** Runs the CLI as an operator would (`npm run events -w @tianguis/server -- …`): exit code and what it printed. */
function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _inherited, ...rest } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/events.ts", ...args], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...rest, NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

describe("npm run events: the operator's CLI on the app's database", () => {
  let env: NodeJS.ProcessEnv;
  let open: () => Promise<{ db: DbOrTx; close(): Promise<void> }>;
  let cleanup: () => Promise<void>;
  const ids = { paid: "", paidToo: "", orphan: "" };

  beforeAll(async () => {
    if (testDatabaseKind === "postgres") {
      const created = await createPostgresTestDatabase({ migrated: true });
      env = { DATABASE_URL: created.url };
      open = () => openPostgres(created.url, 1);
      cleanup = () => created.drop();
    } else {
      // The embedded database in a data directory, where the app keeps it (DATA_DIR/pglite): the run's migrated copy.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-events-cli-"));
      const dump = new Blob([fs.readFileSync(inject("migratedPglite"))]);
      await (await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm, unaccent }, loadDataDir: dump })).close();
      env = { DATA_DIR: dataDir };
      open = () => openPglite(path.join(dataDir, "pglite"));
      cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const database = await open();
    const paid = (occurredAt: Date) => ({
      subscriber: "orders.timeline-paid",
      type: "purchase.paid" as const,
      payload: { checkout_id: randomUUID(), order_ids: [], method: "str_card" },
      occurredAt,
    });
    ids.paid = await insertDead(database.db, paid(new Date("2030-01-02T10:00:00Z")));
    ids.paidToo = await insertDead(database.db, paid(new Date("2030-01-02T11:00:00Z")));
    // A subscriber a deploy renamed: nothing can deliver it.
    ids.orphan = await insertDead(database.db, { ...paid(new Date("2030-01-02T12:00:00Z")), subscriber: "test.renamed-away" });
    await database.close();
  });
  afterAll(async () => cleanup?.());

  // Three CLI processes, each loading the app from source: minutes on a busy machine.
  it("lists the dead deliveries, replays one and then all, with the app's subscribers registered", { timeout: 600_000 }, async () => {
    const list = await runCli(["list", "--state", "dead", "--type", "purchase.paid"], env);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/DELIVERY\s+STATE\s+TRIES\s+EVENT\s+OCCURRED\s+SUBSCRIBER/);
    for (const id of Object.values(ids)) expect(list.stdout).toMatch(new RegExp(`${id}\\s+dead\\s+8\\s+purchase.paid v1`));
    expect(list.stdout).toContain("the provider timed out");
    expect(list.stdout).toContain("1–3 of 3");

    // `replay <id>` prints the delivery as `show <id>` does, after the attempt. (Each run loads the whole app: three
    // runs keep this test's time down; the API tests cover a done delivery's refusal and the show view.)
    const one = await runCli(["replay", ids.paid], env);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/State\s+done/);
    expect(one.stdout).toMatch(/Attempts\s+1/);
    expect(one.stdout).toMatch(/Subscriber\s+orders.timeline-paid/);
    expect(one.stdout).toContain('"method": "str_card"');

    const all = await runCli(["replay", "--all-dead"], env);
    expect(all.stdout).toContain("Replayed 2 dead deliveries: 1 done, 1 failed again");
    expect(all.code).toBe(1);

    const database = await open();
    const state = async (id: string) => (await database.db.select().from(eventDeliveries).where(eq(eventDeliveries.id, id)))[0] ?? null;
    expect(await state(ids.paid)).toMatchObject({ state: "done", attempts: 1 });
    expect(await state(ids.paidToo)).toMatchObject({ state: "done", attempts: 1 });
    expect(await state(ids.orphan)).toMatchObject({ state: "pending", attempts: 1, lastError: "Error: no subscriber test.renamed-away" });
    await database.close();
  });
});
