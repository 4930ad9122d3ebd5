/**
 * The server side of the imports bench, in its own process (the load generator must not share its event loop): the real
 * app in production mode with the demo seed and `BENCH_IMPORT_EXISTING` items of Lucía's shop carrying SKUs (the rows
 * an import updates), on PostgreSQL (DATABASE_URL) or PGlite (a fresh data directory). It answers with Lucía's session.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { buildApp } from "@tianguis/server/src/app";
import { loadConfig } from "@tianguis/server/src/config";
import { openDatabase } from "@tianguis/server/src/db/client";
import { users } from "@tianguis/server/src/db/schema/accounts";
import { CSRF_COOKIE, csrfTokenFor } from "@tianguis/server/src/http/auth";
import { SESSION_COOKIE } from "@tianguis/server/src/http/sessions";
import { createSession } from "@tianguis/server/src/modules/accounts/sessions";
import { seedDemo } from "@tianguis/server/src/seed/demo";

const existing = Number(process.env.BENCH_IMPORT_EXISTING ?? 1_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-bench-imports-"));
const secret = "bench-secret-0123456789abcdef-0123456789";
const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, SEED_DEMO: "true", APP_SECRET: secret });
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
const app = await buildApp({ config, database, web: false });
await seedDemo(app.ctx);

await app.ctx.db.execute(sql`
  insert into products (shop_id, slug, sku, name, type, list_price, stock, queue_position)
  select sh.id, 'bench-sku-' || g, 'BENCH-' || g, 'Existente ' || g, 'product', 10000, 1, 1000 + g
  from generate_series(1, ${existing}) g join shops sh on sh.slug = 'demo'`);
await app.ctx.db.execute(sql`analyze`);

const [lucia] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, "lucia@demo.tianguis.mx"));
const { token } = await createSession(app.ctx, lucia.id);
const csrf = csrfTokenFor(secret, token);

await app.listen({ host: "127.0.0.1", port: 0 });
const { port } = app.server.address() as { port: number };
process.send?.({
  url: `http://127.0.0.1:${port}`,
  cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`,
  csrf,
  database: database.kind,
});
process.on("message", async (message) => {
  if (message === "stop") {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
