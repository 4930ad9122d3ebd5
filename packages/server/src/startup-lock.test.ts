import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openPostgres } from "./db/client";
import { shops } from "./db/schema/shops";
import { seedDemo } from "./seed/demo";
import { withStartupLock } from "./startup-lock";
import { createPostgresTestDatabase, testDatabaseKind } from "./test/harness";

/** What main.ts does before listening: migrate, build, seed the demo. */
async function start(url: string, dataDir: string) {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, DATABASE_URL: url });
  return withStartupLock(url, async () => {
    const database = await openPostgres(url, 3);
    const app = await buildApp({ config, database, web: false });
    await seedDemo(app.ctx);
    return app;
  });
}

describe.skipIf(testDatabaseKind !== "postgres")("instances started together (PostgreSQL only)", () => {
  it("migrate and seed one after another on an empty database, and all come up", async () => {
    const created = await createPostgresTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-startup-"));
    try {
      const started = await Promise.allSettled([start(created.url, dataDir), start(created.url, dataDir), start(created.url, dataDir)]);
      const apps = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      try {
        expect(started.filter((result) => result.status === "rejected")).toEqual([]);
        const slugs = (await apps[0].ctx.db.select({ slug: shops.slug }).from(shops)).map((row) => row.slug);
        expect(slugs.length).toBeGreaterThan(0);
        expect(new Set(slugs).size).toBe(slugs.length);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
      }
    } finally {
      await created.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
