/**
 * The server side of the orders bench, in its own process (the load generator must not share its event loop): the
 * real app in production mode on PostgreSQL with the demo seed and `BENCH_ORDERS` paid orders for the demo supplier,
 * plus a reference route that answers a stored page of the same JSON without touching the database.
 */
import { eq, sql } from "drizzle-orm";
import { buildApp } from "@tianguis/server/src/app";
import { loadConfig } from "@tianguis/server/src/config";
import { openDatabase } from "@tianguis/server/src/db/client";
import { users } from "@tianguis/server/src/db/schema/accounts";
import { createSession } from "@tianguis/server/src/modules/accounts/sessions";
import { seedDemo } from "@tianguis/server/src/seed/demo";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("orders-server needs DATABASE_URL");
const total = Number(process.env.BENCH_ORDERS ?? 100_000);

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_DIR: process.env.DATA_DIR ?? "/tmp",
  SEED_DEMO: "true",
  APP_SECRET: "bench-secret-0123456789abcdef-0123456789",
});
const database = await openDatabase({ databaseUrl, dataDir: config.DATA_DIR });
const app = await buildApp({ config, database, web: false });
await seedDemo(app.ctx);

const started = performance.now();
// One purchase, one order and one line per generated order, in set-based SQL (the checkout path itself is benched elsewhere).
await app.ctx.db.execute(sql`
  with demo as (select id from shops where slug = 'demo'),
       item as (select p.id, p.name, p.list_price from products p join demo on p.shop_id = demo.id where p.type = 'product' order by p.name limit 1),
       made as (
         insert into checkouts (store_id, guest_name, guest_email, access_token, state, delivery_type, subtotal, shipping_cost, total,
                                currency, payment_method, expires_at, paid_at, created_at)
         select demo.id, 'Cliente ' || g, 'cliente' || g || '@example.com', md5(g::text), 'paid',
                case when g % 3 = 0 then 'to_branch' else 'shipping' end, 32000, 0, 32000, 'MXN',
                case when g % 4 = 0 then 'openpay_store' else 'str_card' end,
                now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
         from demo, generate_series(1, ${total}) g
         returning id, created_at, guest_name, guest_email
       ),
       placed as (
         insert into orders (checkout_id, supplier_id, state, subtotal, total, currency, created_at, updated_at, search_text)
         select made.id, demo.id,
                (array['paid','confirmed','in_process','ready_to_deliver','on_the_way','delivered'])[1 + (extract(epoch from made.created_at)::bigint % 6)],
                32000, 32000, 'MXN', made.created_at, made.created_at,
                lower(concat_ws(' ', made.guest_name, made.guest_email, item.name))
         from made, demo, item
         returning id
       )
  insert into order_items (order_id, product_id, name, unit_price, quantity, total)
  select placed.id, item.id, item.name, item.list_price, 1, item.list_price from placed, item
`);
await app.ctx.db.execute(sql`analyze`);
const seededMs = Math.round(performance.now() - started);

// The reference: the same first page's JSON, stored once, answered by a route in this process.
let stored = "";
app.get("/bench/reference", async (_request, reply) => reply.type("application/json").send(stored));
const [owner] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, "lucia@demo.tianguis.mx"));
const { token } = await createSession(app.ctx, owner.id);
const cookie = `tianguis_session=${token}`;
const page = await app.inject({ method: "GET", url: "/api/v1/shops/demo/orders", headers: { cookie } });
stored = page.body;

await app.listen({ host: "127.0.0.1", port: 0 });
const { port } = app.server.address() as { port: number };
process.send?.({ url: `http://127.0.0.1:${port}`, cookie, seededMs, orders: total });
process.on("message", async (message) => {
  if (message === "stop") {
    await app.close();
    process.exit(0);
  }
});
