/**
 * The server side of the exports bench, in its own process (the load generator must not share its event loop): the real
 * app in production mode with the demo seed, BENCH_EXPORT_ORDERS orders of a year in Lucía's shop written straight to
 * the tables (the dashboard's read model filled from them as the migration fills it), and the job runner polling as
 * JOB_POLL_MS says (250 ms here), on PostgreSQL (DATABASE_URL) or PGlite (a fresh data directory). It answers with
 * Lucía's session.
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
import { startJobRunner } from "@tianguis/server/src/jobs/runner";
import { createSession } from "@tianguis/server/src/modules/accounts/sessions";
import { rebuildSalesReport } from "@tianguis/server/src/modules/reports/service";
import { seedDemo } from "@tianguis/server/src/seed/demo";

const orders = Number(process.env.BENCH_EXPORT_ORDERS ?? 100_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-bench-exports-"));
const secret = "bench-secret-0123456789abcdef-0123456789";
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  SEED_DEMO: "true",
  APP_SECRET: secret,
  JOB_POLL_MS: "250",
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
const app = await buildApp({ config, database, web: false });
await seedDemo(app.ctx);

// A year of Lucía's orders, a few a day still on their way, one in twenty cancelled; each with one or two of her items.
const started = performance.now();
await app.ctx.db.execute(sql`
  with shop as (select id from shops where slug = 'demo'),
  items as (select array_agg(id order by id) ids, array_agg(name order by id) names from products where shop_id = (select id from shop)),
  purchases as (
    insert into checkouts (store_id, access_token, state, delivery_type, subtotal, total, currency, payment_method, guest_name,
      expires_at, paid_at, created_at)
    select (select id from shop), 'bench', 'paid', case when n % 3 = 0 then 'to_branch' else 'shipping' end, 10000 + n % 5000,
      10000 + n % 5000, 'MXN', 'str_card', 'Cliente ' || n, now(), now(), now() - (n % 365) * interval '1 day' - (n % 86400) * interval '1 second'
    from generate_series(1, ${orders}) n
    returning id, total, created_at
  ), made as (
    insert into orders (checkout_id, supplier_id, state, subtotal, total, currency, created_at, updated_at)
    select id, (select id from shop),
      case when created_at > now() - interval '7 days' then 'confirmed' when random() < 0.05 then 'canceled_by_customer' else 'delivered' end,
      total, total, 'MXN', created_at, created_at
    from purchases
    returning id, total
  )
  insert into order_items (order_id, product_id, name, unit_price, quantity, total)
  select made.id, items.ids[1 + pick], items.names[1 + pick], made.total, 1, made.total
  from made, items, lateral (select floor(random() * array_length(items.ids, 1))::int pick) chosen`);
await rebuildSalesReport(app.ctx.db, null);
await app.ctx.db.execute(sql`vacuum analyze`);
const seededMs = performance.now() - started;

const [lucia] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, "lucia@demo.tianguis.mx"));
const { token } = await createSession(app.ctx, lucia.id);
const csrf = csrfTokenFor(secret, token);
const stopJobs = startJobRunner(app.ctx, config.JOB_POLL_MS);

await app.listen({ host: "127.0.0.1", port: 0 });
const { port } = app.server.address() as { port: number };
process.send?.({
  url: `http://127.0.0.1:${port}`,
  cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`,
  csrf,
  database: database.kind,
  seededMs,
});
process.on("message", async (message) => {
  if (message === "stop") {
    await stopJobs();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
