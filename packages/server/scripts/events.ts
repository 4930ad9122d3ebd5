/**
 * The operator's event CLI (issue 28; docs/OPERATIONS.md "Events and dead letters"), against the app's own database:
 * DATABASE_URL, else the embedded PGlite data in DATA_DIR (./data), exactly as the app opens it (src/main.ts). The app
 * is built without listening, so replays run the app's registered subscribers with its adapters, as the job runner would.
 *
 *   npm run events -w @tianguis/server -- list [--state dead|pending|done] [--type purchase.paid] [--subscriber tickets.issue]
 *   npm run events -w @tianguis/server -- show <delivery id>
 *   npm run events -w @tianguis/server -- replay <delivery id>
 *   npm run events -w @tianguis/server -- replay --all-dead [--type …] [--subscriber …]
 *   npm run events -w @tianguis/server -- backfill <subscriber>   (events recorded before the subscriber existed)
 *
 * The embedded database is one process's at a time: stop the app before running this against DATA_DIR, or use the
 * API (/api/v1/ops/events) instead. Exit codes: 0 done, 1 refused (unknown id, already done, failed again), 2 usage.
 */
import { parseArgs } from "node:util";
import { translate } from "@tianguis/domain/messages/index";
import { type EventDeliveryView, eventDeliveryStates } from "@tianguis/domain/schemas/ops";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { AppContext } from "../src/context";
import { openDatabase } from "../src/db/client";
import { backfillSubscriber, listDeliveries, replayDeadDeliveries, replayDelivery, requireDelivery } from "../src/events/operations";
import { AppError } from "../src/http/errors";
import { registerAllSubscribers } from "../src/subscribers";

const usage = `Usage: npm run events -w @tianguis/server -- <command>
  list [--state dead|pending|done] [--type <event type>] [--subscriber <name>] [--limit 50] [--offset 0]
  show <delivery id>
  replay <delivery id>
  replay --all-dead [--type <event type>] [--subscriber <name>]
  backfill <subscriber name>`;

const { values: options, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        state: { type: "string", default: "dead" },
        type: { type: "string" },
        subscriber: { type: "string" },
        limit: { type: "string", default: "50" },
        offset: { type: "string", default: "0" },
        "all-dead": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`, 2);
  }
})();

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_cell, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

const oneLine = (text: string | null, max = 60) => {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
const moment = (iso: string | null) => (iso ? iso.replace("T", " ").replace(/\.\d+Z$/, "Z") : "");

function printList(results: EventDeliveryView[], total: number, offset: number) {
  if (results.length === 0) return console.log("No event deliveries match.");
  const header = ["DELIVERY", "STATE", "TRIES", "EVENT", "OCCURRED", "SUBSCRIBER", "RUN AT", "LAST ERROR"];
  const rows = results.map((one) => [
    one.id,
    one.state,
    String(one.attempts),
    `${one.event.type} v${one.event.version}`,
    moment(one.event.occurred_at),
    one.subscriber,
    one.state === "done" ? moment(one.done_at) : moment(one.run_at),
    oneLine(one.last_error),
  ]);
  console.log(table([header, ...rows]));
  console.log(`\n${offset + 1}–${offset + results.length} of ${total}`);
}

function printOne(one: EventDeliveryView) {
  const rows = [
    ["Delivery", one.id],
    ["State", one.state],
    ["Attempts", String(one.attempts)],
    ["Subscriber", one.subscriber],
    ["Event", `${one.event.type} v${one.event.version} (${one.event.id})`],
    ["Occurred", moment(one.event.occurred_at)],
    ["Run at", moment(one.run_at)],
    ["Done at", moment(one.done_at) || "-"],
  ];
  console.log(table(rows));
  console.log(`Payload:\n${JSON.stringify(one.event.payload, null, 2)}`);
  if (one.last_error) console.log(`Last error:\n${one.last_error}`);
}

async function run(ctx: AppContext, command: string | undefined, argument: string | undefined): Promise<number> {
  const filter = { type: options.type, subscriber: options.subscriber };
  switch (command) {
    case "list": {
      const state = options.state as (typeof eventDeliveryStates)[number];
      if (!eventDeliveryStates.includes(state)) fail(`--state is one of ${eventDeliveryStates.join(", ")}`, 2);
      const page = { offset: Math.max(0, Number(options.offset) || 0), limit: Math.min(500, Math.max(1, Number(options.limit) || 50)) };
      const { results, matches_estimated } = await listDeliveries(ctx.db, { ...filter, state }, page);
      printList(results, matches_estimated, page.offset);
      return 0;
    }
    case "show":
      if (!argument) fail(usage, 2);
      printOne(await requireDelivery(ctx.db, argument));
      return 0;
    case "replay": {
      if (options["all-dead"]) {
        // Batch after batch: a delivery that fails again is pending (attempt 1), so no batch takes it twice.
        const total = { replayed: 0, done: 0, failed: 0 };
        for (let more = true; more;) {
          const batch = await replayDeadDeliveries(ctx, filter);
          total.replayed += batch.replayed;
          total.done += batch.done;
          total.failed += batch.failed;
          more = batch.more && batch.replayed > 0;
        }
        console.log(
          `Replayed ${total.replayed} dead deliveries: ${total.done} done, ${total.failed} failed again (the job runner retries them).`,
        );
        return total.failed > 0 ? 1 : 0;
      }
      if (!argument) fail(usage, 2);
      const replayed = await replayDelivery(ctx, argument);
      printOne(replayed);
      return replayed.state === "done" ? 0 : 1;
    }
    case "backfill": {
      if (!argument) fail(usage, 2);
      const delivered = await backfillSubscriber(ctx, argument);
      console.log(`Delivered ${delivered} earlier events to ${argument}.`);
      return 0;
    }
    default:
      return fail(usage, 2);
  }
}

const [command, argument] = positionals;
if (options.help) {
  console.log(usage);
  process.exit(0);
}
if (!command) fail(usage, 2);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
if (argument && !uuid.test(argument)) fail(`Not a delivery id: ${argument}`, 2);

const config = (() => {
  try {
    return loadConfig({ LOG_LEVEL: "warn", ...process.env });
  } catch (error) {
    return fail((error as Error).message, 2);
  }
})();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
// The app as main.ts builds it, minus the web pages and the listening: the same adapters and subscribers for replays.
const app = await buildApp({ config, database, web: false });
registerAllSubscribers(); // buildApp has too: a replay without its subscriber would only fail again

let code = 0;
try {
  code = await run(app.ctx, command, argument);
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`${error.code}: ${translate("en", error.code)}`);
  code = 1;
} finally {
  await app.close();
}
process.exit(code);
