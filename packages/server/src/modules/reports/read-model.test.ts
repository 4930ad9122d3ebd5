import { type ChartPeriod, dashboardWindows } from "@tianguis/domain/rules/reports";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "../../db/schema/events";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { reportCountedOrders, reportDailySales } from "../../db/schema/reports";
import type { EventMeta } from "../../events/bus";
import { salesWidgetsFromOrders, salesWidgetsFromReadModel } from "../../test/dashboard-from-orders";
import { type TestApp, createProduct, createShop, createTestApp, createUser, payBySandboxCard } from "../../test/harness";
import { type Persona, type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";
import { rebuildSalesReport } from "./read-model";
import { reportsSubscribers } from "./subscribers";

const DAY = 24 * 60 * 60 * 1000;
const periods: ChartPeriod[] = ["day", "week", "month"];

describe("reports' read model: the dashboard's sales kept per day by subscribers to the purchase's events", () => {
  let t: TestApp;
  let cast: ShopWithRoles;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createShopWithRoles(t, { shop: { name: "Casa Lucía" } });
  });
  afterAll(async () => t.close());

  const api = (method: "GET" | "POST", url: string, as: Persona, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: cast.as[as], ...(payload ? { payload } : {}) });

  /** The customer buys and pays by card, as the checkout page does: answers the purchase's order. */
  async function buy(lines: [string, number][]) {
    const created = await api("POST", `/shops/${cast.shop.slug}/checkout`, "customer", {
      items: lines.map(([productId, quantity]) => ({ product_id: productId, quantity })),
      delivery_type: "to_branch",
    });
    expect(created.statusCode, created.body).toBe(201);
    const purchase = created.json() as { id: string; access_token: string; orders: { id: string }[] };
    expect((await payBySandboxCard(t.app, purchase, cast.as.customer)).statusCode).toBe(200);
    return purchase.orders[0].id;
  }

  /** The read model's widgets beside the same widgets added up from the orders, for each chart period. */
  async function expectSameAsOrders(shopId: string) {
    for (const period of periods) {
      const windows = dashboardWindows(t.clock.now(), period);
      const fromOrders = await salesWidgetsFromOrders(t.ctx.db, shopId, windows, period);
      const fromReadModel = await salesWidgetsFromReadModel(t.ctx.db, shopId, windows, period);
      expect(fromReadModel, period).toEqual({ ...fromOrders, top: fromOrders.top.slice(0, 5) });
    }
  }

  /** Delivers every event of these types again to the reports module's subscribers, as a replay would. */
  async function redeliver(types: string[]) {
    const recorded = await t.ctx.db.select().from(events).where(inArray(events.type, types));
    for (const event of recorded)
      for (const one of reportsSubscribers.filter((candidate) => candidate.event === event.type)) {
        const meta: EventMeta = { eventId: event.id, occurredAt: event.occurredAt };
        await t.ctx.db.transaction((tx) => one.handle(tx, event.payload as never, t.ctx, meta));
      }
    return recorded.length;
  }

  it("counts a paid purchase on its day and per product, and takes a cancelled order away, as the orders add up", async () => {
    const rebozo = await createProduct(t.ctx, cast.shop.id, { name: "Rebozo", listPrice: 45_000, stock: 20 });
    const taza = await createProduct(t.ctx, cast.shop.id, { name: "Taza", listPrice: 12_000, stock: 20 });
    await buy([
      [rebozo.id, 2],
      [taza.id, 1],
    ]);
    await buy([[taza.id, 3]]);
    const cancelled = await buy([[rebozo.id, 1]]);
    const cancel = await api("POST", `/shops/${cast.shop.slug}/orders/${cancelled}/cancel`, "owner", { reason: "Sin existencias" });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const dashboard = (await api("GET", `/shops/${cast.shop.slug}/dashboard?period=day`, "owner")).json();
    expect(dashboard.sales.today).toEqual([{ currency: "MXN", amount: 2 * 45_000 + 12_000 + 3 * 12_000, orders: 2 }]);
    expect(dashboard.top_products).toEqual([
      { product_id: taza.id, name: "Taza", units: 4, amount: 48_000, currency: "MXN" },
      { product_id: rebozo.id, name: "Rebozo", units: 2, amount: 90_000, currency: "MXN" },
    ]);
    expect(dashboard.chart.at(-1)).toMatchObject({ amount: 138_000, orders: 2 });
    await expectSameAsOrders(cast.shop.id);
  });

  it("does nothing twice when an event is delivered again, nor counts a late payment of an order cancelled since", async () => {
    const before = await salesWidgetsFromReadModel(t.ctx.db, cast.shop.id, dashboardWindows(t.clock.now(), "day"), "day");
    const flags = await t.ctx.db.select().from(reportCountedOrders).where(eq(reportCountedOrders.shopId, cast.shop.id));
    expect(flags.filter((flag) => flag.counted)).toHaveLength(2);
    // purchase.paid of the cancelled order comes again after its cancellation: the order is not a sale now.
    expect(await redeliver(["purchase.paid", "order.state_changed"])).toBeGreaterThanOrEqual(4);
    expect(await redeliver(["purchase.paid"])).toBe(3);
    expect(await salesWidgetsFromReadModel(t.ctx.db, cast.shop.id, dashboardWindows(t.clock.now(), "day"), "day")).toEqual(before);
    expect(await t.ctx.db.select().from(reportCountedOrders).where(eq(reportCountedOrders.shopId, cast.shop.id))).toEqual(flags);
    await expectSameAsOrders(cast.shop.id);
  });

  it("fills the history of orders written before the read model (the migration's backfill), then follows their events", async () => {
    const owner = await createUser(t.ctx);
    const shop = await createShop(t.ctx, owner.id);
    const products = [
      await createProduct(t.ctx, shop.id, { name: "Jarrón" }),
      await createProduct(t.ctx, shop.id, { name: "Alebrije" }),
      await createProduct(t.ctx, shop.id, { name: "Molcajete" }),
    ];
    const states = ["paid", "confirmed", "delivered", "on_the_way", "canceled_by_customer", "pending_payment", "expired"];
    const now = t.clock.now().getTime();
    const made: string[] = [];
    // 120 orders over 400 days, some at 23:30 in Mexico City (05:30 UTC the next day), one in dollars in three.
    for (let index = 0; index < 120; index++) {
      const createdAt = new Date(now - ((index * 37) % 400) * DAY - (index % 4 === 0 ? (now % DAY) - 5.5 * 60 * 60 * 1000 : 0));
      const currency = index % 3 === 0 ? "USD" : "MXN";
      const lines = [products[index % 3], products[(index + 1) % 3], products[index % 3]].slice(0, 1 + (index % 3));
      const total = lines.length * 1_000 + index;
      const [purchase] = await t.ctx.db
        .insert(checkouts)
        .values({
          storeId: shop.id,
          guestName: "Ana",
          accessToken: "t",
          state: "paid",
          deliveryType: "to_branch",
          subtotal: total,
          total,
          currency,
          paymentMethod: "card",
          expiresAt: createdAt,
          createdAt,
        })
        .returning();
      const [order] = await t.ctx.db
        .insert(orders)
        .values({
          checkoutId: purchase.id,
          supplierId: shop.id,
          state: states[index % states.length],
          subtotal: total,
          total,
          currency,
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      await t.ctx.db.insert(orderItems).values(
        lines.map((product, line) => ({
          orderId: order.id,
          productId: product.id,
          // A product renamed since: its best-seller name is the greatest its counted lines carry, as max(name) was.
          name: index % 5 === 0 && line === 0 ? `${product.name} (antes)` : product.name,
          unitPrice: 1_000,
          quantity: 1 + ((index + line) % 4),
          total: 1_000 + line,
        })),
      );
      made.push(order.id);
    }
    await rebuildSalesReport(t.ctx.db, shop.id);
    await expectSameAsOrders(shop.id);
    const days = await t.ctx.db.select().from(reportDailySales).where(eq(reportDailySales.shopId, shop.id));
    expect(days.length).toBeGreaterThan(50);

    // The shop's first order is paid (index 0): cancelling it now takes it away, through the subscriber, once.
    const [first] = made;
    const change = { order_id: first, checkout_id: first, supplier_id: shop.id, from: "paid", to: "canceled_by_supplier", actor: "owner" };
    const handler = reportsSubscribers.find((one) => one.name === "reports.recount-sale");
    for (let delivery = 0; delivery < 2; delivery++)
      await t.ctx.db.transaction(async (tx) => {
        await tx.update(orders).set({ state: "canceled_by_supplier" }).where(eq(orders.id, first));
        await handler?.handle(tx, change as never, t.ctx, { eventId: first, occurredAt: t.clock.now() });
      });
    await expectSameAsOrders(shop.id);
    // A rebuild of the shop gives what the events gave.
    const followed = await t.ctx.db.select().from(reportDailySales).where(eq(reportDailySales.shopId, shop.id));
    await rebuildSalesReport(t.ctx.db, shop.id);
    const rebuilt = await t.ctx.db.select().from(reportDailySales).where(eq(reportDailySales.shopId, shop.id));
    const key = (row: { day: string; currency: string }) => `${row.day} ${row.currency}`;
    const nonEmpty = (rows: typeof rebuilt) => rows.filter((row) => row.orders > 0).sort((a, b) => key(a).localeCompare(key(b)));
    expect(nonEmpty(followed)).toEqual(nonEmpty(rebuilt));
  });
});
