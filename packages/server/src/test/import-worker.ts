/**
 * A server instance's part of a product import, in a process of its own, for modules/imports/restart.test.ts: it opens
 * WORKER_DATABASE_URL and presses 'Importar' on import IMPORT_ID of shop SHOP_SLUG as user USER_ID (startImport: queues
 * the resume job, then writes the batches in this process), prints `started <pid>` and stays up until the test kills it.
 */
import { pino } from "pino";
import { createClock } from "../clock";
import type { AppContext } from "../context";
import { openPostgres } from "../db/client";
import type { SessionUser } from "../http/sessions";
import { startImport } from "../modules/imports/service";

const { WORKER_DATABASE_URL: url, IMPORT_ID: importId, SHOP_SLUG: slug, USER_ID: userId } = process.env;
if (!url || !importId || !slug || !userId) throw new Error("WORKER_DATABASE_URL, IMPORT_ID, SHOP_SLUG and USER_ID");

const database = await openPostgres(url, 2);
const ctx = { db: database.db, clock: createClock(), log: pino({ level: "silent" }) } as unknown as AppContext;
await startImport(ctx, slug, { id: userId } as SessionUser, importId);
console.log(`started ${process.pid}`);
setInterval(() => {}, 60_000);
