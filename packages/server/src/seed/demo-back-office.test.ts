import { dashboardWindows } from "@tianguis/domain/rules/reports";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/accounts";
import { shops } from "../db/schema/shops";
import { salesWidgetsFromOrders, salesWidgetsFromReadModel } from "../test/dashboard-from-orders";
import { type TestApp, createTestApp, signIn } from "../test/harness";
import { seedDemo } from "./demo";

/** What Lucía finds in her back office on a fresh `npm start` (issue 29: 'the demo seed has a past import, an export and contacts'). */
describe("the demo's back office", () => {
  let t: TestApp;
  let lucia: Record<string, string>;
  let shopId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.ctx);
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.username, "lucia@demo.tianguis.mx"));
    lucia = await signIn(t.ctx, owner.id);
    shopId = (await t.ctx.db.select().from(shops).where(eq(shops.slug, "demo")))[0].id;
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: lucia });

  it("has a past import with its rejected rows to download", async () => {
    const { results } = (await get("/shops/demo/imports")).json();
    expect(results).toHaveLength(2);
    const october = results.find((row: { file_name: string }) => row.file_name === "inventario-octubre.csv");
    expect(october).toMatchObject({ state: "done", created: 2, rejected: 3 });
    const rejected = await get(`/shops/demo/imports/${october.id}/rejected?format=csv`);
    expect(rejected.statusCode).toBe(200);
    // A negative price, and a SKU twice in the file (both of its rows).
    expect(rejected.body).toContain("Vela de cera de abeja");
    expect(rejected.body).toContain("Servilletas bordadas de Chiapas");
    expect(rejected.body).toContain("Servilletas bordadas (repetida)");
  });

  it("has a past import of an experience and of products whose photos came in a ZIP", async () => {
    const { results } = (await get("/shops/demo/imports")).json();
    expect(results.find((row: { file_name: string }) => row.file_name === "talleres-y-fotos.csv")).toMatchObject({
      state: "done",
      created: 2,
      rejected: 0,
    });
    const workshop = (await get("/shops/demo/products?type=experience&q=telar")).json().results;
    expect(workshop.find((item: { name: string }) => item.name === "Taller de telar de cintura").images).toHaveLength(1);
    const rebozo = (await get(`/shops/demo/products?q=${encodeURIComponent("añil")}`)).json().results[0];
    expect(rebozo).toMatchObject({ name: "Rebozo teñido con añil", package_cm: { length: 40, width: 30, height: 5 }, weight_grams: 400 });
    expect(rebozo.images).toHaveLength(2);
  });

  it("has a past export of Lucía's orders, ready to download", async () => {
    const { results } = (await get("/shops/demo/exports")).json();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ kind: "orders", format: "xlsx", state: "done" });
    expect(results[0].rows_done).toBeGreaterThan(5);
    expect((await get(results[0].download_url.replace("/api/v1", ""))).statusCode).toBe(200);
  });

  it("has contacts who wrote, with their messages", async () => {
    const { results } = (await get("/shops/demo/contacts")).json();
    const rosa = results.find((contact: { name: string }) => contact.name === "Rosa Díaz");
    expect(rosa.messages).toBeGreaterThanOrEqual(2);
  });

  it("shows the seeded orders on the dashboard, as they add up", async () => {
    for (const period of ["day", "month"] as const) {
      const windows = dashboardWindows(t.clock.now(), period);
      const fromOrders = await salesWidgetsFromOrders(t.ctx.db, shopId, windows, period);
      expect(fromOrders.chart.length).toBeGreaterThan(0);
      expect(await salesWidgetsFromReadModel(t.ctx.db, shopId, windows, period)).toEqual({
        ...fromOrders,
        top: fromOrders.top.slice(0, 5),
      });
    }
  });
});
