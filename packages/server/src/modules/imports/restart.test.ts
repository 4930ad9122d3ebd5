import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClock } from "../../clock";
import type { AppContext } from "../../context";
import { type Database, openPostgres } from "../../db/client";
import { alerts } from "../../db/schema/alerts";
import { products } from "../../db/schema/catalog";
import { productImports } from "../../db/schema/imports";
import type { SessionUser } from "../../http/sessions";
import { runDueJobs } from "../../jobs/runner";
import { createPostgresTestDatabase, createShop, createUser, testDatabaseKind } from "../../test/harness";
import { spawnListening } from "../../test/processes";
import { registerImportJobs } from "./job";
import { previewImport } from "./service";

/**
 * Issue 29 §1: 'a server killed mid-import resumes or finishes it exactly once: no duplicate products, no half-written
 * product'. A separate process presses 'Importar' on a 10,000-row import and is killed (SIGKILL) while it writes; the
 * items it left are exactly its committed batches, and the job runner of another instance finishes the rest once.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const ROWS = 10_000;

function exitOf(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", resolve));
}

describe.skipIf(testDatabaseKind !== "postgres")("a product import across a crash (PostgreSQL only)", { timeout: 600_000 }, () => {
  let created: { url: string; drop(): Promise<void> };
  let database: Database;
  let ctx: AppContext;

  beforeAll(async () => {
    created = await createPostgresTestDatabase({ migrated: true });
    database = await openPostgres(created.url, 5);
    ctx = { db: database.db, clock: createClock(), log: pino({ level: "silent" }) } as unknown as AppContext;
    registerImportJobs();
  });
  afterAll(async () => {
    await database?.close();
    await created?.drop();
  });

  const countItems = async (shopId: string) =>
    (
      await ctx.db
        .select({ n: sql<number>`count(*)::int`, skus: sql<number>`count(distinct ${products.sku})::int` })
        .from(products)
        .where(sql`${products.shopId} = ${shopId}`)
    )[0];
  const importRow = async (id: string) =>
    (
      await ctx.db
        .select()
        .from(productImports)
        .where(sql`${productImports.id} = ${id}`)
    )[0];

  it("writes every row once after the process writing it is killed mid-import", async () => {
    const owner = await createUser(ctx);
    const shop = await createShop(ctx, owner.id);
    const lines = ["sku,nombre,precio,existencias"];
    for (let n = 1; n <= ROWS; n += 1) lines.push(`K-${n},Artículo ${n},${n}.50,${n % 9}`);
    const user = { id: owner.id } as SessionUser;
    const view = await previewImport(ctx, shop.slug, user, { filename: "diez-mil.csv", data: Buffer.from(lines.join("\n")) });
    expect(view).toMatchObject({ to_create: ROWS, rejected: 0 });

    const worker = await spawnListening(process.execPath, ["--import", "tsx", "src/test/import-worker.ts"], {
      cwd: serverDir,
      env: { ...process.env, WORKER_DATABASE_URL: created.url, IMPORT_ID: view.id, SHOP_SLUG: shop.slug, USER_ID: owner.id },
      pattern: /started (\d+)/,
      timeoutMs: 240_000,
    });
    try {
      // Bounded by time, not by a count of looks: on a busy machine each look and each batch take longer.
      const deadline = Date.now() + 240_000;
      while (Date.now() < deadline && (await importRow(view.id)).processed < 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      worker.child.kill("SIGKILL");
      await exitOf(worker.child);
    }
    const stopped = await importRow(view.id);
    // Killed mid-import: some batches in, not all; the items are exactly the committed batches, none written twice.
    expect(stopped.processed).toBeGreaterThanOrEqual(1_000);
    expect(stopped.processed).toBeLessThan(ROWS);
    expect(stopped.state).toBe("running");
    expect(await countItems(shop.id)).toEqual({ n: stopped.processed, skus: stopped.processed });

    // Another instance's job runner takes it up once its lease on the start has run out.
    ctx.clock.advance(3 * 60 * 1000);
    await runDueJobs(ctx);
    expect(await importRow(view.id)).toMatchObject({ state: "done", processed: ROWS, created: ROWS, updated: 0 });
    expect(await countItems(shop.id)).toEqual({ n: ROWS, skus: ROWS });
    const [last] = await ctx.db
      .select()
      .from(products)
      .where(sql`${products.sku} = ${`K-${ROWS}`}`);
    expect(last).toMatchObject({ name: `Artículo ${ROWS}`, listPrice: ROWS * 100 + 50, stock: ROWS % 9 });
    expect(
      await ctx.db
        .select()
        .from(alerts)
        .where(sql`${alerts.recipientId} = ${owner.id}`),
    ).toHaveLength(1);
  });
});
