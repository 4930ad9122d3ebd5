import { REPORT_TIME_ZONE, LOW_STOCK_UNITS, dashboardWindows } from "@tianguis/domain/rules/reports";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createProduct, createShop, createTestApp, createUser, testDatabaseKind } from "../../test/harness";
import { rowsOf } from "../../db/client";
import { dashboardQueries } from "./queries";

const ORDERS = 100_000;

/**
 * The dashboard at 100,000 orders of one shop (issue 29 §4), on PostgreSQL: each widget's query is EXPLAINed and must
 * read orders through an index, never by scanning the table. The time each took is logged (a measure, not a limit).
 */
describe.skipIf(testDatabaseKind !== "postgres")("dashboard queries at 100,000 orders", () => {
  let t: TestApp;
  let shopId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.ctx);
    shopId = (await createShop(t.ctx, owner.id)).id;
    const other = (await createShop(t.ctx, (await createUser(t.ctx)).id)).id;
    const product = await createProduct(t.ctx, shopId, { stock: 3 });
    // A year of orders: the last two weeks' still on their way, older ones delivered (5% canceled); another shop's beside.
    for (const [supplier, count] of [
      [shopId, ORDERS],
      [other, ORDERS / 5],
    ] as const) {
      await t.ctx.db.execute(sql`
        with purchases as (
          insert into checkouts (store_id, access_token, state, delivery_type, subtotal, total, currency, payment_method, expires_at, paid_at, created_at)
          select ${supplier}, 't', 'paid', 'shipping', 10000 + n % 5000, 10000 + n % 5000, 'MXN', 'card',
            now() - (n % 365) * interval '1 day', now() - (n % 365) * interval '1 day', now() - (n % 365) * interval '1 day' - (n % 86400) * interval '1 second'
          from generate_series(1, ${count}) n
          returning id, total, created_at
        ), made as (
          insert into orders (checkout_id, supplier_id, state, subtotal, total, currency, created_at, updated_at)
          select id, ${supplier},
            case
              when created_at > now() - interval '14 days'
                then (array['paid','confirmed','in_process','ready_to_deliver','on_the_way','delivered'])[1 + floor(random() * 6)::int]
              when random() < 0.05 then 'canceled_by_customer'
              else 'delivered'
            end,
            total, total, 'MXN', created_at, created_at
          from purchases
          returning id, total
        )
        insert into order_items (order_id, product_id, name, unit_price, quantity, total)
        select id, ${product.id}, 'Playera', total, 1, total from made`);
    }
    // What autovacuum does on a live database: statistics and the visibility map (index-only scans).
    await t.ctx.db.execute(sql`vacuum analyze`);
  }, 600_000);
  afterAll(async () => t?.close());

  async function explain(period: "day" | "month") {
    const queries = dashboardQueries(t.ctx.db, shopId, dashboardWindows(new Date(), period), period, REPORT_TIME_ZONE, LOW_STOCK_UNITS);
    const plans: Record<string, string> = {};
    for (const [widget, query] of Object.entries(queries)) {
      plans[widget] = rowsOf<{ "QUERY PLAN": string }>(await t.ctx.db.execute(sql`explain (analyze, costs off) ${query}`))
        .map((row) => row["QUERY PLAN"])
        .join("\n");
    }
    const started = performance.now();
    await Promise.all(Object.values(queries));
    const times = Object.entries(plans).map(([widget, plan]) => `${widget} ${plan.match(/Execution Time: ([\d.]+) ms/)?.[1]} ms`);
    console.info(
      `dashboard (${period}) at ${ORDERS} orders: ${times.join(", ")}; all together ${Math.round(performance.now() - started)} ms`,
    );
    return plans;
  }

  it("reads every widget of the default (30-day) view through an index", async () => {
    for (const [widget, plan] of Object.entries(await explain("day")))
      expect(plan, `${widget}:\n${plan}`).not.toMatch(/Seq Scan on orders/);
  });

  it("the 12-month chart aggregates the shop's year of orders (measured, see the log)", async () => {
    const plans = await explain("month");
    for (const widget of ["sales", "waiting", "top", "lowStock"]) expect(plans[widget]).not.toMatch(/Seq Scan on orders/);
    expect(plans.chart).toMatch(/rows=12 /);
  });
});
