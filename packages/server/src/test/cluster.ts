import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { buildApp } from "../app";
import { createClock } from "../clock";
import { loadConfig } from "../config";
import { type Database, openPostgres } from "../db/client";
import { type TestApp, createPostgresTestDatabase, openPgliteTestDatabase, testDatabaseKind } from "./harness";

export interface TestCluster {
  /** The instances, each a whole app with its own connection pool and Redis client. */
  apps: TestApp[];
  close(): Promise<void>;
}

/**
 * `count` app instances on one database, as several server processes behind a proxy would be: on PostgreSQL each has
 * its own pool; PGlite (one process only) is shared. Give REDIS_URL in `env` to share limits through Redis: the
 * instances then also share the development clock (as processes do), under a key prefix of the cluster's own.
 */
export async function createTestCluster(count: number, env: Record<string, string> = {}): Promise<TestCluster> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-cluster-"));
  const redisPrefix = `tianguis-test-${randomUUID()}-`;
  const config = loadConfig({
    REDIS_KEY_PREFIX: redisPrefix,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    TRUST_PROXY: "loopback",
    APP_SECRET: "test-secret-long-enough-for-production-0123",
    ...env,
  });
  const created = testDatabaseKind === "postgres" ? await createPostgresTestDatabase({ migrated: true }) : undefined;
  const shared = created ? undefined : await openPgliteTestDatabase();
  const apps: TestApp[] = [];
  for (let index = 0; index < count; index += 1) {
    // One at a time: each instance migrates the database on start (main.ts holds a lock for that across processes).
    const database: Database = created ? await openPostgres(created.url, 5) : { ...shared!, close: async () => {} };
    const app = await buildApp({ config, database, clock: config.REDIS_URL ? undefined : createClock(), web: false });
    await app.ready();
    apps.push({ app, ctx: app.ctx, clock: app.ctx.clock, close: () => app.close() });
  }
  return {
    apps,
    close: async () => {
      await Promise.all(apps.map((instance) => instance.close()));
      await shared?.close();
      await created?.drop();
      if (config.REDIS_URL) await dropKeys(config.REDIS_URL, config.REDIS_KEY_PREFIX);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropKeys(url: string, prefix: string) {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
