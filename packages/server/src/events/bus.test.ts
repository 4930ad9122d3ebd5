import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from "@tianguis/domain/events";
import { and, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClock } from "../clock";
import type { AppContext } from "../context";
import { type Database, type DbOrTx, type Tx, openPostgres } from "../db/client";
import { eventDeliveries, events } from "../db/schema/events";
import { type TestApp, createPostgresTestDatabase, createTestApp, testDatabaseKind } from "../test/harness";
import { type ListeningProcess, spawnListening } from "../test/processes";
import {
  type EventMeta,
  deliver,
  deliverEvents,
  recordEvent,
  registerSubscribers,
  runDueDeliveries,
  subscriber,
  transactionWithEvents,
} from "./bus";
import { rowsOf } from "../db/client";

/**
 * The outbox's promises (issue #28): an event exists exactly when its change committed, each subscriber's effect happens
 * once however often a delivery is tried (a failure, a worker killed mid-dispatch, a crash between commit and dispatch,
 * two workers on the same deliveries), and failures back off until they are dead.
 *
 * The test subscribers (`test.` prefix) listen to purchase.expired, ticket.issued and refund.requested, which no real
 * subscriber listens to (src/subscribers.ts), and the assertions look at their deliveries only, so a real subscriber
 * added later (tolerating the made-up ids, as the alerts do) does not break them. The registry is the process's and a
 * Vitest worker runs several files in one process (isolate: false), so they stay registered after this file: outside
 * its tests they do nothing.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

interface Call {
  subscriber: string;
  eventId: string;
  /** How many 'work' rows the subscriber's transaction saw: the change of the transaction that recorded the event. */
  sawWork: number;
}

/** What the test subscribers do in the running test; undefined outside this file's tests. */
let script: { calls: Call[]; failing: Set<string>; chain: boolean } | undefined;
/** What `test.crash` does in this process (the child worker, test/delivery-worker.ts, registers its own). */
let crash: ((tx: Tx, ctx: AppContext, meta: EventMeta) => Promise<void>) | undefined;

const expiredSubscribers = ["test.first", "test.second", "test.third"] as const;
const ours = [...expiredSubscribers, "test.chained", "test.crash"];

async function note(tx: Tx, name: string, meta: EventMeta) {
  if (!script) return;
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from bus_effects where tag = 'work'`));
  script.calls.push({ subscriber: name, eventId: meta.eventId, sawWork: n });
  // Written before a failure is thrown, so a failing subscriber shows its own writes roll back.
  await tx.execute(sql`insert into bus_effects (tag, event_id) values (${name}, ${meta.eventId})`);
}

afterAll(
  registerSubscribers([
    ...expiredSubscribers.map((name) =>
      subscriber("purchase.expired", name, async (tx, expired, ctx, meta) => {
        if (!script) return;
        await note(tx, name, meta);
        if (script.chain && name === "test.first")
          await recordEvent(tx, { type: "ticket.issued", payload: { checkout_id: expired.checkout_id, ticket_ids: [] } }, ctx.clock.now());
        if (script.failing.has(name)) throw new Error(`${name} failed on purpose`);
      }),
    ),
    subscriber("ticket.issued", "test.chained", async (tx, _issued, _ctx, meta) => note(tx, "test.chained", meta)),
    subscriber("refund.requested", "test.crash", async (tx, _refund, ctx, meta) => crash?.(tx, ctx, meta)),
  ]),
);

const expired = () => ({ type: "purchase.expired" as const, payload: { checkout_id: randomUUID() } });
const refundRequested = () => ({
  type: "refund.requested" as const,
  payload: { refund_id: randomUUID(), order_id: randomUUID(), amount: 100, currency: "MXN", return_id: null },
});

/** The deliveries of these events to the test subscribers, by subscriber then event. */
async function deliveriesOf(db: DbOrTx, eventIds: string[]) {
  const rows = await db
    .select()
    .from(eventDeliveries)
    .where(and(inArray(eventDeliveries.eventId, eventIds), inArray(eventDeliveries.subscriber, ours)));
  return rows.sort((a, b) => a.subscriber.localeCompare(b.subscriber) || eventIds.indexOf(a.eventId) - eventIds.indexOf(b.eventId));
}

async function countOf(db: DbOrTx, table: "events" | "event_deliveries" | "bus_effects") {
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`));
  return n;
}

/** The test subscribers' effects, `<subscriber> <event id>`, sorted. */
async function effects(db: DbOrTx) {
  const rows = rowsOf<{ tag: string; event_id: string | null }>(
    await db.execute(sql`select tag, event_id from bus_effects where tag <> 'work' order by tag, event_id`),
  );
  return rows.map((row) => `${row.tag} ${row.event_id}`);
}

/** Polls `check` until it holds (the CI machine is slow and loaded: no fixed sleeps). */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe("the event bus on the test database", () => {
  let t: TestApp;
  let ctx: AppContext;
  beforeAll(async () => {
    t = await createTestApp();
    ctx = t.ctx;
    await ctx.db.execute(sql`create table bus_effects (tag text not null, event_id uuid)`);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await ctx.db.execute(sql`delete from bus_effects`);
    script = { calls: [], failing: new Set(), chain: false };
  });
  afterEach(() => {
    script = undefined;
  });
  const calls = () => script!.calls.map((call) => `${call.subscriber} ${call.eventId}`);
  /** Runs the due deliveries; answers how many times the test subscribers ran. */
  const runDue = async () => {
    const before = script!.calls.length;
    await runDueDeliveries(ctx);
    return script!.calls.length - before;
  };

  it("refuses a payload that does not fit its schema, and writes nothing", async () => {
    const now = ctx.clock.now();
    const [events0, deliveries0] = [await countOf(ctx.db, "events"), await countOf(ctx.db, "event_deliveries")];
    for (const payload of [{ checkout_id: "not-a-uuid" }, {}, { checkout_id: 42 }, null]) {
      await expect(recordEvent(ctx.db, { type: "purchase.expired", payload } as never, now)).rejects.toThrow(
        "event purchase.expired v1 does not fit its schema",
      );
      await expect(
        transactionWithEvents(ctx, (tx) => recordEvent(tx, { type: "purchase.expired", payload } as never, now)),
      ).rejects.toThrow("does not fit its schema");
    }
    // A type outside the catalogue is refused too.
    await expect(
      recordEvent(ctx.db, { type: "purchase.vanished", payload: { checkout_id: randomUUID() } } as never, now),
    ).rejects.toThrow();
    expect(await countOf(ctx.db, "events")).toBe(events0);
    expect(await countOf(ctx.db, "event_deliveries")).toBe(deliveries0);
    expect(script!.calls).toEqual([]);
  });

  it("keeps no event and no delivery of a transaction that rolls back, and delivers nothing of it", async () => {
    const [events0, deliveries0] = [await countOf(ctx.db, "events"), await countOf(ctx.db, "event_deliveries")];
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordEvent(tx, expired(), ctx.clock.now());
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await expect(
      transactionWithEvents(ctx, async (tx) => {
        await tx.execute(sql`insert into bus_effects (tag) values ('work')`);
        await recordEvent(tx, expired(), ctx.clock.now());
        throw new Error("rolled back too");
      }),
    ).rejects.toThrow("rolled back too");
    expect(await countOf(ctx.db, "events")).toBe(events0);
    expect(await countOf(ctx.db, "event_deliveries")).toBe(deliveries0);
    expect(await countOf(ctx.db, "bus_effects")).toBe(0);
    expect(script!.calls).toEqual([]);

    // An event recorded in a savepoint that rolls back is gone; its neighbour in the committed transaction is delivered.
    let dropped = "";
    const kept = await transactionWithEvents(ctx, async (tx) => {
      await tx
        .transaction(async (inner) => {
          dropped = await recordEvent(inner, expired(), ctx.clock.now());
          throw new Error("savepoint rolled back");
        })
        .catch(() => {});
      return recordEvent(tx, expired(), ctx.clock.now());
    });
    expect(
      await ctx.db
        .select()
        .from(events)
        .where(inArray(events.id, [dropped, kept])),
    ).toMatchObject([{ id: kept }]);
    expect(await countOf(ctx.db, "events")).toBe(events0 + 1);
    expect(calls()).toEqual(expiredSubscribers.map((name) => `${name} ${kept}`));
  });

  it("delivers before answering, in the order the events were recorded and their subscribers registered", async () => {
    const ids = await transactionWithEvents(ctx, async (tx) => {
      await tx.execute(sql`insert into bus_effects (tag) values ('work')`);
      const one = await recordEvent(tx, expired(), ctx.clock.now());
      const two = await recordEvent(tx, expired(), ctx.clock.now());
      // Recorded with its deliveries, in the transaction, written done (they run before it commits), and not yet run.
      expect((await deliveriesOf(tx, [one, two])).map((row) => row.state)).toEqual(Array(6).fill("done"));
      expect(script!.calls).toEqual([]);
      return [one, two];
    });
    // Done by the time the call answers, each seeing the committed change.
    expect(script!.calls).toEqual(ids.flatMap((eventId) => expiredSubscribers.map((subscriber) => ({ subscriber, eventId, sawWork: 1 }))));
    const rows = await deliveriesOf(ctx.db, ids);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row).toMatchObject({ state: "done", attempts: 1, lastError: null });
      expect(row.doneAt).toBeInstanceOf(Date);
    }
    expect(await effects(ctx.db)).toHaveLength(6);
    expect(await runDue()).toBe(0);
  });

  it("keeps the committed change when a subscriber fails, retries it after retryDelayMs and gives up after MAX_DELIVERY_ATTEMPTS", async () => {
    script!.failing.add("test.second");
    let before = ctx.clock.now().getTime();
    const eventId = await transactionWithEvents(ctx, async (tx) => {
      await tx.execute(sql`insert into bus_effects (tag) values ('work')`);
      return recordEvent(tx, expired(), ctx.clock.now());
    });
    let after = ctx.clock.now().getTime();
    // The change and the other subscribers' effects stand; the failing one's own write rolled back.
    expect(await ctx.db.select().from(events).where(eq(events.id, eventId))).toHaveLength(1);
    expect(rowsOf(await ctx.db.execute(sql`select 1 from bus_effects where tag = 'work'`))).toHaveLength(1);
    expect(await effects(ctx.db)).toEqual([`test.first ${eventId}`, `test.third ${eventId}`]);

    const failing = async () => (await deliveriesOf(ctx.db, [eventId])).find((row) => row.subscriber === "test.second")!;
    for (let attempts = 1; attempts < MAX_DELIVERY_ATTEMPTS; attempts += 1) {
      const row = await failing();
      expect(row).toMatchObject({ state: "pending", attempts, doneAt: null });
      expect(row.lastError).toContain("test.second failed on purpose");
      expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(attempts));
      expect(row.runAt.getTime()).toBeLessThanOrEqual(after + retryDelayMs(attempts));
      // Not before its time (half the back-off: seconds to hours of margin)...
      t.clock.advance(retryDelayMs(attempts) / 2);
      expect(await runDue()).toBe(0);
      expect(await failing()).toMatchObject({ attempts });
      // ...and once due.
      t.clock.advance(row.runAt.getTime() - ctx.clock.now().getTime() + 1);
      before = ctx.clock.now().getTime();
      expect(await runDue()).toBe(1);
      after = ctx.clock.now().getTime();
    }
    const dead = await failing();
    expect(dead).toMatchObject({ state: "dead", attempts: MAX_DELIVERY_ATTEMPTS, doneAt: null });
    expect(dead.lastError).toContain("test.second failed on purpose");
    // One more call than attempts: the try inside the change's own transaction, rolled back with its savepoint, uncounted.
    expect(script!.calls.filter((call) => call.subscriber === "test.second")).toHaveLength(MAX_DELIVERY_ATTEMPTS + 1);
    // Dead stays dead: no runner picks it up, and delivering it by hand skips it.
    t.clock.advance(30 * 24 * 3600_000);
    expect(await runDue()).toBe(0);
    expect(await deliver(ctx, dead.id)).toBe("skipped");
    expect(await failing()).toMatchObject({ state: "dead", attempts: MAX_DELIVERY_ATTEMPTS });
    // The others took effect once (test.first's try inside the change's transaction rolled back with test.second's), and
    // their effects were never undone.
    expect(script!.calls.filter((call) => call.subscriber !== "test.second").map((call) => call.subscriber)).toEqual([
      "test.first",
      "test.first",
      "test.third",
    ]);
    expect(await effects(ctx.db)).toEqual([`test.first ${eventId}`, `test.third ${eventId}`]);
  });

  it("runs the other subscribers of an event when one fails, and delivers the failed one once it recovers", async () => {
    script!.failing.add("test.first");
    const eventId = await transactionWithEvents(ctx, (tx) => recordEvent(tx, expired(), ctx.clock.now()));
    // test.first fails inside the change's transaction (its savepoint takes it back), then once more after the commit,
    // beside the others.
    expect(calls()).toEqual([`test.first ${eventId}`, ...expiredSubscribers.map((name) => `${name} ${eventId}`)]);
    expect((await deliveriesOf(ctx.db, [eventId])).map((row) => [row.subscriber, row.state, row.attempts])).toEqual([
      ["test.first", "pending", 1],
      ["test.second", "done", 1],
      ["test.third", "done", 1],
    ]);
    expect(await effects(ctx.db)).toEqual([`test.second ${eventId}`, `test.third ${eventId}`]);

    script!.failing.clear();
    t.clock.advance(retryDelayMs(1));
    expect(await runDue()).toBe(1);
    expect((await deliveriesOf(ctx.db, [eventId])).map((row) => [row.subscriber, row.state, row.attempts, row.lastError])).toEqual([
      ["test.first", "done", 2, null],
      ["test.second", "done", 1, null],
      ["test.third", "done", 1, null],
    ]);
    expect(await effects(ctx.db)).toEqual(expiredSubscribers.map((name) => `${name} ${eventId}`));
    expect(await runDue()).toBe(0);
  });

  it("delivers the events a subscriber records before the call answers, and none of a subscriber that failed", async () => {
    script!.chain = true;
    const chainedOf = async (eventId: string) => {
      const [row] = await ctx.db.select().from(events).where(eq(events.id, eventId));
      const { checkout_id } = row.payload as { checkout_id: string };
      return ctx.db
        .select()
        .from(events)
        .where(and(eq(events.type, "ticket.issued"), sql`${events.payload}->>'checkout_id' = ${checkout_id}`));
    };
    const eventId = await transactionWithEvents(ctx, (tx) => recordEvent(tx, expired(), ctx.clock.now()));
    const [chained] = await chainedOf(eventId);
    // After the subscriber that recorded it (right after it, or after the event's other subscribers: either keeps the promise).
    expect([...calls()].sort()).toEqual(
      [`test.first ${eventId}`, `test.chained ${chained.id}`, `test.second ${eventId}`, `test.third ${eventId}`].sort(),
    );
    expect(calls().indexOf(`test.chained ${chained.id}`)).toBeGreaterThan(calls().indexOf(`test.first ${eventId}`));
    expect(await deliveriesOf(ctx.db, [chained.id])).toMatchObject([{ subscriber: "test.chained", state: "done", attempts: 1 }]);

    // Through the job runner too (the event recorded without transactionWithEvents).
    const second = await ctx.db.transaction((tx) => recordEvent(tx, expired(), ctx.clock.now()));
    expect(await runDue()).toBe(4);
    const [secondChained] = await chainedOf(second);
    expect(await deliveriesOf(ctx.db, [secondChained.id])).toMatchObject([{ subscriber: "test.chained", state: "done", attempts: 1 }]);

    // A subscriber that fails takes the events it recorded down with it.
    script!.failing.add("test.first");
    const third = await transactionWithEvents(ctx, (tx) => recordEvent(tx, expired(), ctx.clock.now()));
    expect(await chainedOf(third)).toEqual([]);
    expect(script!.calls.filter((call) => call.subscriber === "test.chained")).toHaveLength(2);
    expect(await effects(ctx.db)).toEqual(
      [
        ...[eventId, second, third].flatMap((id) => ["test.second", "test.third"].map((name) => `${name} ${id}`)),
        ...[eventId, second].map((id) => `test.first ${id}`),
        `test.chained ${chained.id}`,
        `test.chained ${secondChained.id}`,
      ].sort(),
    );
    // Once it recovers, its retry records the event, and it is delivered with it.
    script!.failing.clear();
    t.clock.advance(retryDelayMs(1));
    expect(await runDue()).toBe(2);
    const [thirdChained] = await chainedOf(third);
    expect(script!.calls.slice(-2).map((call) => `${call.subscriber} ${call.eventId}`)).toEqual([
      `test.first ${third}`,
      `test.chained ${thirdChained.id}`,
    ]);
    expect(await runDue()).toBe(0);
  });

  it("loses nothing to a crash between the commit and the dispatch: the job runner delivers it, once", async () => {
    // What a process that died right after committing leaves: the event and its pending deliveries.
    const eventId = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`insert into bus_effects (tag) values ('work')`);
      return recordEvent(tx, expired(), ctx.clock.now());
    });
    expect((await deliveriesOf(ctx.db, [eventId])).map((row) => [row.state, row.attempts])).toEqual(Array(3).fill(["pending", 0]));
    expect(script!.calls).toEqual([]);

    expect(await runDue()).toBe(3);
    expect(script!.calls.map((call) => call.subscriber).sort()).toEqual([...expiredSubscribers]);
    expect(script!.calls.every((call) => call.eventId === eventId && call.sawWork === 1)).toBe(true);
    expect((await deliveriesOf(ctx.db, [eventId])).map((row) => [row.state, row.attempts])).toEqual(Array(3).fill(["done", 1]));

    // Again, and replayed by its id: nothing more happens.
    expect(await runDue()).toBe(0);
    await deliverEvents(ctx, [eventId]);
    for (const row of await deliveriesOf(ctx.db, [eventId])) expect(await deliver(ctx, row.id)).toBe("skipped");
    expect(script!.calls).toHaveLength(3);
    expect(await effects(ctx.db)).toEqual(expiredSubscribers.map((name) => `${name} ${eventId}`));
  });
});

/** A worker's context: what deliveries use (database, clock, log). */
function workerContext(database: Database): AppContext {
  return { db: database.db, clock: createClock(), log: pino({ level: "silent" }) } as unknown as AppContext;
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

// Each test starts worker processes (tsx compiling the app's modules): a busy machine takes minutes, not seconds.
describe.skipIf(testDatabaseKind !== "postgres")("the event bus across processes (PostgreSQL only)", { timeout: 600_000 }, () => {
  let created: { url: string; drop(): Promise<void> };
  let database: Database;
  let ctx: AppContext;
  const children: ListeningProcess[] = [];

  beforeAll(async () => {
    created = await createPostgresTestDatabase({ migrated: true });
    database = await openPostgres(created.url, 5);
    ctx = workerContext(database);
    await ctx.db.execute(sql`create table crash_effects (event_id uuid not null, worker text not null)`);
  });
  afterEach(async () => {
    crash = undefined;
    for (const child of children.splice(0)) {
      child.child.kill("SIGKILL");
      await exitOf(child.child);
    }
  });
  afterAll(async () => {
    await database?.close();
    await created?.drop();
  });

  /** The child worker (test/delivery-worker.ts), once it printed `pattern` (whose group is a backend pid). */
  async function spawnWorker(mode: "block" | "race", pattern: RegExp, env: Record<string, string> = {}) {
    const child = await spawnListening(process.execPath, ["--import", "tsx", "src/test/delivery-worker.ts"], {
      cwd: serverDir,
      env: { ...process.env, WORKER_DATABASE_URL: created.url, WORKER_MODE: mode, ...env },
      pattern,
      timeoutMs: 240_000,
    });
    children.push(child);
    return child;
  }

  const writeEffect = (worker: string) => async (tx: Tx, _ctx: AppContext, meta: EventMeta) => {
    await tx.execute(sql`insert into crash_effects (event_id, worker) values (${meta.eventId}, ${worker})`);
  };

  async function effectsOf(eventIds: string[]) {
    const rows = rowsOf<{ event_id: string; worker: string }>(
      await ctx.db.execute(sql`select event_id, worker from crash_effects where event_id in ${eventIds}`),
    );
    return rows;
  }

  it("a worker killed inside a subscriber leaves the delivery pending and its effect unwritten; the next worker delivers it once", async () => {
    crash = writeEffect("test-process");
    const eventId = await ctx.db.transaction((tx) => recordEvent(tx, refundRequested(), ctx.clock.now()));
    const [delivery] = await deliveriesOf(ctx.db, [eventId]);
    expect(delivery).toMatchObject({ subscriber: "test.crash", state: "pending", attempts: 0 });

    const child = await spawnWorker("block", /in handler (\d+)/);
    const backend = child.port;
    // The child is inside the handler: its transaction open with the effect written, the delivery locked.
    await waitFor("the worker's transaction to wait on it", async () => {
      const [row] = rowsOf<{ state: string }>(await ctx.db.execute(sql`select state from pg_stat_activity where pid = ${backend}`));
      return row?.state === "idle in transaction";
    });
    expect(await effectsOf([eventId])).toEqual([]);
    // Another worker skips it (SKIP LOCKED), whether asked for it or running what is due.
    expect(await deliver(ctx, delivery.id)).toBe("skipped");
    await runDueDeliveries(ctx);
    expect(await effectsOf([eventId])).toEqual([]);
    expect(await deliveriesOf(ctx.db, [eventId])).toMatchObject([{ state: "pending", attempts: 0 }]);

    child.child.kill("SIGKILL");
    expect(await exitOf(child.child)).toEqual({ code: null, signal: "SIGKILL" });
    await waitFor("PostgreSQL to end the killed worker's session", async () => {
      return rowsOf(await ctx.db.execute(sql`select 1 from pg_stat_activity where pid = ${backend}`)).length === 0;
    });

    // Rolled back whole: still pending, not even counted as an attempt, and the effect is not there.
    const [after] = await deliveriesOf(ctx.db, [eventId]);
    expect(after).toMatchObject({ state: "pending", attempts: 0, lastError: null, doneAt: null });
    expect(after.runAt).toEqual(delivery.runAt);
    expect(await effectsOf([eventId])).toEqual([]);

    // The next worker (this process, the same subscriber without the hang) delivers it.
    expect(await runDueDeliveries(ctx)).toBeGreaterThanOrEqual(1);
    expect(await deliveriesOf(ctx.db, [eventId])).toMatchObject([{ state: "done", attempts: 1 }]);
    expect(await effectsOf([eventId])).toEqual([{ event_id: eventId, worker: "test-process" }]);
    // Run again and replayed: nothing more.
    await runDueDeliveries(ctx);
    await deliverEvents(ctx, [eventId]);
    expect(await deliver(ctx, delivery.id)).toBe("skipped");
    // And an event cannot be queued twice for one subscriber.
    await expect(ctx.db.insert(eventDeliveries).values({ eventId, subscriber: "test.crash", runAt: ctx.clock.now() })).rejects.toThrow();
    expect(await effectsOf([eventId])).toEqual([{ event_id: eventId, worker: "test-process" }]);
  });

  it("two instances (two pools) on the same due deliveries: one skips what the other holds, each is delivered once", async () => {
    const other = await openPostgres(created.url, 5);
    const otherCtx = workerContext(other);
    let release: (() => void) | undefined;
    try {
      const count = 20;
      const eventIds = await ctx.db.transaction(async (tx) => {
        const ids: string[] = [];
        for (let n = 0; n < count; n += 1) ids.push(await recordEvent(tx, refundRequested(), ctx.clock.now()));
        return ids;
      });
      const released = new Promise<void>((resolve) => (release = resolve));
      let entered!: (eventId: string) => void;
      const inside = new Promise<string>((resolve) => (entered = resolve));
      let held = false;
      crash = async (tx, handlerCtx, meta) => {
        await writeEffect(handlerCtx === ctx ? "a" : "b")(tx, handlerCtx, meta);
        if (handlerCtx === ctx && !held) {
          held = true;
          entered(meta.eventId);
          await released;
        }
      };
      // Instance a claims its first delivery and stays in the subscriber; instance b runs everything else meanwhile.
      const a = runDueDeliveries(ctx, 1000);
      const heldEvent = await inside;
      expect(await runDueDeliveries(otherCtx, 1000)).toBeGreaterThanOrEqual(count - 1);
      expect(await effectsOf(eventIds)).toHaveLength(count - 1);
      expect(await deliveriesOf(ctx.db, [heldEvent])).toMatchObject([{ state: "pending", attempts: 0 }]);
      release!();
      // a finishes the one it held; the rest of its batch, done by b meanwhile, it skips.
      expect(await a).toBeGreaterThanOrEqual(1);

      const rows = await effectsOf(eventIds);
      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((row) => row.event_id)).size).toBe(count);
      expect(rows.filter((row) => row.worker === "a")).toEqual([{ event_id: heldEvent, worker: "a" }]);
      expect(rows.filter((row) => row.worker === "b")).toHaveLength(count - 1);
      expect((await deliveriesOf(ctx.db, eventIds)).every((row) => row.state === "done" && row.attempts === 1)).toBe(true);
    } finally {
      release?.();
      await other.close();
    }
  });

  it("two worker processes racing on 100 due deliveries deliver each exactly once", async () => {
    crash = writeEffect("test-process");
    const count = 100;
    const eventIds = await ctx.db.transaction(async (tx) => {
      const ids: string[] = [];
      for (let n = 0; n < count; n += 1) ids.push(await recordEvent(tx, refundRequested(), ctx.clock.now()));
      return ids;
    });
    // Both start at once: each waits on an advisory lock this test holds until both are waiting.
    const key = 280_000 + Math.floor(Math.random() * 10_000);
    const barrier = new pg.Client({ connectionString: created.url });
    await barrier.connect();
    try {
      await barrier.query("select pg_advisory_lock($1)", [key]);
      const workers = await Promise.all([0, 1].map(() => spawnWorker("race", /waiting (\d+)/, { WORKER_BARRIER: String(key) })));
      const pids = workers.map((worker) => worker.port);
      await waitFor("both workers to wait at the barrier", async () => {
        const waiting = rowsOf(
          await ctx.db.execute(sql`select pid from pg_locks where locktype = 'advisory' and not granted and pid in ${pids}`),
        );
        return waiting.length === 2;
      });
      const exits = workers.map((worker) => exitOf(worker.child));
      await barrier.query("select pg_advisory_unlock($1)", [key]);
      expect(await Promise.all(exits)).toEqual([
        { code: 0, signal: null },
        { code: 0, signal: null },
      ]);
      // Each delivery tried by one of them only (when test.crash is the event's only subscriber: a child fails the
      // deliveries of the others, and a failed one may be tried again by the other child in the same pass).
      const ran = workers.map((worker) => Number(worker.output().match(/delivered (\d+)/)?.[1]));
      const perEvent = await ctx.db.select().from(eventDeliveries).where(eq(eventDeliveries.eventId, eventIds[0]));
      if (perEvent.length === 1) expect(ran[0] + ran[1]).toBe(count);
    } finally {
      await barrier.end();
    }
    const rows = await effectsOf(eventIds);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.event_id)).size).toBe(count);
    expect(rows.every((row) => row.worker.startsWith("child-"))).toBe(true);
    expect((await deliveriesOf(ctx.db, eventIds)).every((row) => row.state === "done" && row.attempts === 1)).toBe(true);
  });
});
