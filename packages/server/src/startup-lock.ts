import pg from "pg";

/** pg_advisory_lock key for an instance's start (migrations and the demo seed): 'tianguis' as ASCII. */
const STARTUP_LOCK = 0x7469616e67756973n;

/**
 * Runs `work` holding a PostgreSQL advisory lock, so instances started together migrate and seed one after another
 * instead of racing on the same tables (the later ones find the work done). PGlite needs none: one process owns its
 * data directory.
 */
export async function withStartupLock<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK.toString()]);
    return await work();
  } finally {
    // Closing the session releases the lock, also when `work` failed.
    await client.end().catch(() => {});
  }
}
