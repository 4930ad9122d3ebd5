/**
 * The server side of the picker bench, in its own process (the load generator must not share its event loop): the real
 * app in production mode with the demo seed plus `BENCH_PICKER_ITEMS` dropshipping items spread over 200 supplier shops
 * and 40 categories, on PostgreSQL (DATABASE_URL) or PGlite (a fresh data directory). It answers with mateo's session.
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

const total = Number(process.env.BENCH_PICKER_ITEMS ?? 100_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-bench-picker-"));
const secret = "bench-secret-0123456789abcdef-0123456789";
const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, SEED_DEMO: "true", APP_SECRET: secret });
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
const app = await buildApp({ config, database, web: false });
await seedDemo(app.ctx);

const started = performance.now();
// 200 supplier shops (owned by one user), then the items in set-based SQL with one photo each; margins and categories
// vary with the index so filters and the margin sort see realistic spreads.
await app.ctx.db.execute(sql`
  with owner as (insert into users (username, email, full_name) values ('bench-suppliers@example.com', 'bench-suppliers@example.com', 'Bench')
                 returning id)
  insert into shops (slug, name, owner_id)
  select 'bench-supplier-' || s, 'Proveedor ' || s || case when s % 10 = 0 then ' Artesanal' else '' end, owner.id
  from owner, generate_series(1, 200) s`);
await app.ctx.db.execute(sql`
  insert into products (shop_id, slug, name, description, type, list_price, crossout_price, is_dropshipping, contribution_margin,
                        stock, category, queue_position)
  select sh.id, 'bench-item-' || g,
         (array['Taza','Jarra','Rebozo','Huipil','Alebrije','Mole','Café','Bolsa','Banco','Máscara'])[1 + g % 10] || ' ' ||
         (array['de barro','de seda','de copal','oaxaqueño','poblano','artesanal','de temporada','clásico'])[1 + (g / 10) % 8] || ' ' || g,
         'Pieza ' || g || ' hecha a mano',
         case when g % 20 = 0 then 'service' when g % 25 = 0 then 'digital' else 'product' end,
         10000 + (g * 37) % 250000, case when g % 4 = 0 then 10000 + (g * 37) % 250000 + 5000 else null end,
         true, ((10000 + (g * 37) % 250000) * (15 + g % 26)) / 100,
         5 + g % 30, 'Categoría ' || (1 + g % 40), g
  from generate_series(1, ${total}) g
  join shops sh on sh.slug = 'bench-supplier-' || (1 + g % 200)`);
await app.ctx.db.execute(sql`
  insert into product_images (product_id, position, original, thumb, card, alt)
  select p.id, 0, '/media/bench/original.png', '/media/bench/400x300.webp', '/media/bench/350x419.webp', p.name
  from products p where p.slug like 'bench-item-%'`);
await app.ctx.db.execute(sql`analyze`);
const seededMs = Math.round(performance.now() - started);

const [mateo] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, "mateo@demo.tianguis.mx"));
const { token } = await createSession(app.ctx, mateo.id);
const csrf = csrfTokenFor(secret, token);
const [{ id: supplierId }] = (await app.ctx.db
  .execute(sql`select id from shops where slug = 'bench-supplier-7'`)
  .then((result) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows))) as { id: string }[];

await app.listen({ host: "127.0.0.1", port: 0 });
const { port } = app.server.address() as { port: number };
process.send?.({
  url: `http://127.0.0.1:${port}`,
  cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`,
  csrf,
  seededMs,
  items: total,
  supplierId,
  database: database.kind,
});
process.on("message", async (message) => {
  if (message === "stop") {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
