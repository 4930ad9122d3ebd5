import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { dbQuerySeconds } from "../metrics";

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle is used exactly like the database handle. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `db.execute(sql)` result: node-postgres answers `{ rows }`, other drivers an array. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL's connection pool (its use is a metric); none on PGlite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PGlite with pg_trgm and unaccent, in `dataDir`, or in memory without one. In memory, `from` is a dump to start from
 * (migratedPgliteDump): it loads in a third of the time it takes to create and migrate a database (the test suite's).
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? path.resolve(dataDir) : undefined, {
    extensions: { pg_trgm, unaccent },
    ...(from && !dataDir ? { loadDataDir: from } : {}),
  });
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: "pglite", close: () => client.close() };
}

/** A new in-memory PGlite database, migrated, as a dump that openPglite can start from. */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const dump = await client.dumpDataDir("none");
  await client.close();
  return dump;
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client dropped by the server (restart, failover, admin termination) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on("error", (error) => console.warn(`PostgreSQL idle client error: ${error.message}`));
  pool.on("connect", timeQueries);
  const db = drizzlePg(pool);
  await migratePg(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: "postgres", pool, close: () => pool.end() };
}

type Query = (...args: unknown[]) => unknown;

/**
 * Times every statement a pooled connection runs (tianguis_db_query_duration_seconds): the pool's own queries pass a
 * callback, transactions' queries (drizzle on a checked-out client) take a promise.
 */
function timeQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const timed: Query = (...args) => {
    const end = dbQuerySeconds.startTimer();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (error: unknown, result: unknown) => {
        end({ outcome: error ? "error" : "ok" });
        callback(error, result);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (!(answer instanceof Promise)) return answer;
    return answer.then(
      (result) => {
        end({ outcome: "ok" });
        return result;
      },
      (error: unknown) => {
        end({ outcome: "error" });
        throw error;
      },
    );
  };
  client.query = timed as typeof client.query;
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(path.join(options.dataDir, "pglite"));
}
