/**
 * An event-delivery worker in a process of its own, for events/bus.test.ts: it opens WORKER_DATABASE_URL, registers the
 * test subscriber `test.crash` (refund.requested) and runs the due deliveries, as the job runner of another instance
 * would.
 *
 * WORKER_MODE=block: the handler writes its row to crash_effects, prints `in handler <backend pid>` and never returns,
 * its transaction open, until the test kills the process.
 * WORKER_MODE=race: prints `waiting <backend pid>`, waits for the test to release advisory lock WORKER_BARRIER (so that
 * two workers start together), runs the due deliveries (handler: writes its row, returns) and prints `delivered <n>`.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";
import { createClock } from "../clock";
import type { AppContext } from "../context";
import { openPostgres } from "../db/client";
import { registerSubscribers, runDueDeliveries, subscriber } from "../events/bus";

const url = process.env.WORKER_DATABASE_URL;
const mode = process.env.WORKER_MODE;
if (!url || (mode !== "block" && mode !== "race")) throw new Error("WORKER_DATABASE_URL and WORKER_MODE=block|race");

const database = await openPostgres(url, 2);
const ctx = { db: database.db, clock: createClock(), log: pino({ level: "silent" }) } as unknown as AppContext;
const worker = `child-${process.pid}`;

registerSubscribers([
  subscriber("refund.requested", "test.crash", async (tx, _payload, _ctx, meta) => {
    await tx.execute(sql`insert into crash_effects (event_id, worker) values (${meta.eventId}, ${worker})`);
    if (mode !== "block") return;
    const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
    console.log(`in handler ${rows[0].pid}`);
    setInterval(() => {}, 60_000);
    await new Promise(() => {});
  }),
]);

if (mode === "race") {
  const barrier = new pg.Client({ connectionString: url });
  await barrier.connect();
  const { rows } = await barrier.query<{ pid: number }>("select pg_backend_pid() as pid");
  console.log(`waiting ${rows[0].pid}`);
  await barrier.query("select pg_advisory_lock_shared($1)", [Number(process.env.WORKER_BARRIER)]);
  await barrier.end();
}

const ran = await runDueDeliveries(ctx, 1000);
console.log(`delivered ${ran}`);
await database.close();
