import ExcelJS from "exceljs";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts } from "../../db/schema/alerts";
import { jobs } from "../../db/schema/jobs";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { exportsTable } from "../../db/schema/reports";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createTestApp } from "../../test/harness";
import { type Persona, type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";
import { EXPORT_JOB } from "./service";
import { runExport } from "./export-job";
import { rebuildSalesReport } from "./read-model";

const DAY = 24 * 60 * 60 * 1000;

describe("reports: exports made by a job, downloaded privately, and the seller's dashboard", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  let productId: string;

  /** A paid order of `cast.shop`, written as checkout would leave it. */
  async function seedOrder(values: { guestName?: string; state?: string; total?: number; createdAt?: Date; quantity?: number } = {}) {
    const createdAt = values.createdAt ?? t.clock.now();
    const total = values.total ?? 25000;
    const [purchase] = await t.ctx.db
      .insert(checkouts)
      .values({
        storeId: cast.shop.id,
        guestName: values.guestName ?? "Ana López",
        accessToken: "t",
        state: "paid",
        deliveryType: "to_branch",
        subtotal: total,
        total,
        currency: "MXN",
        paymentMethod: "card",
        expiresAt: createdAt,
        paidAt: createdAt,
        createdAt,
      })
      .returning();
    const [order] = await t.ctx.db
      .insert(orders)
      .values({
        checkoutId: purchase.id,
        supplierId: cast.shop.id,
        state: values.state ?? "paid",
        subtotal: total,
        total,
        currency: "MXN",
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    const quantity = values.quantity ?? 1;
    await t.ctx.db
      .insert(orderItems)
      .values({ orderId: order.id, productId, name: "Playera", unitPrice: total / quantity, quantity, total });
    return order;
  }

  async function request(persona: Persona, method: "GET" | "POST", url: string, payload?: object) {
    return t.app.inject({ method, url: `/api/v1${url}`, headers: cast.as[persona], payload });
  }

  async function exportAndRun(persona: Persona, body: object, url = `/shops/${cast.shop.slug}/exports`) {
    const created = await request(persona, "POST", url, body);
    expect(created.statusCode).toBe(201);
    await runDueJobs(t.ctx);
    return created.json() as { id: string; file_name: string };
  }

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createShopWithRoles(t, { shop: { name: "Casa Lucía" } });
    productId = (await createProduct(t.ctx, cast.shop.id, { name: "Playera", stock: 2 })).id;
  });
  afterAll(async () => t.close());

  describe("who may export and read the dashboard (owner, admin, accountant)", () => {
    const cases: [Persona, number][] = [
      ["owner", 201],
      ["admin", 201],
      ["accountant", 201],
      ["dispatcher", 403],
      ["qrreader", 403],
      ["customer", 403],
      ["otherOwner", 403],
      ["anonymous", 401],
    ];
    it.each(cases)("%s: export %i", async (persona, status) => {
      const response = await request(persona, "POST", `/shops/${cast.shop.slug}/exports`, { kind: "products", format: "csv" });
      expect(response.statusCode).toBe(status);
      if (status !== 201) expect(response.json().code).toBe(status === 401 ? "unauthorized" : "forbidden");
      await runDueJobs(t.ctx);
    });
    it.each(cases)("%s: list and dashboard", async (persona, status) => {
      const expected = status === 201 ? 200 : status;
      expect((await request(persona, "GET", `/shops/${cast.shop.slug}/exports`)).statusCode).toBe(expected);
      const dashboard = await request(persona, "GET", `/shops/${cast.shop.slug}/dashboard?period=week`);
      expect(dashboard.statusCode, dashboard.body).toBe(expected);
    });
  });

  it("exports the orders of a date range and state as CSV, formulas neutralised, and raises the alert", async () => {
    const now = t.clock.now();
    await seedOrder({ guestName: '=HYPERLINK("http://evil.example","clic")', total: 12345 });
    await seedOrder({ guestName: "Fuera de estado", state: "delivered" });
    await seedOrder({ guestName: "Fuera de fecha", createdAt: new Date(now.getTime() - 90 * DAY) });
    const today = new Date(now.getTime() - 6 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const start = new Date(now.getTime() - 10 * DAY).toISOString().slice(0, 10);
    const { id } = await exportAndRun("accountant", { kind: "orders", format: "csv", start_date: start, end_date: today, state: "paid" });

    const view = (await request("accountant", "GET", `/shops/${cast.shop.slug}/exports/${id}`)).json();
    expect(view).toMatchObject({ state: "done", rows_done: 1, rows_total: 1, params: { state: "paid", start_date: start } });
    expect(view.size_bytes).toBeGreaterThan(0);
    expect(view.download_url).toBe(`/api/v1/exports/${id}/download`);

    const file = await request("owner", "GET", `/exports/${id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(file.headers["cache-control"]).toBe("private, no-store");
    const text = file.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain("Orden,Fecha,Cliente,Estado");
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""clic"")"`);
    expect(text).toContain("123.45");
    expect(text).not.toContain("Fuera de");

    const [alert] = await t.ctx.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.recipientId, cast.ids.accountant), sql`${alerts.params}->>'subtype' = 'orders'`));
    expect(alert.params).toMatchObject({ type: "export", subtype: "orders", shop: cast.shop.slug });
    expect(alert.messageBody.es).toBe("Tu exportación está lista: Reporte de órdenes (1 filas)");
  });

  it("writes the products report as XLSX that a spreadsheet opens, with formulas as text", async () => {
    await createProduct(t.ctx, cast.shop.id, { name: "+52 55 1234 5678", stock: 7, listPrice: 9900 });
    const { id } = await exportAndRun("admin", { kind: "products", format: "xlsx" });
    const file = await request("admin", "GET", `/exports/${id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain(".xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe("Producto");
    const names = sheet.getColumn(1).values.slice(2);
    expect(names).toContain("'+52 55 1234 5678");
    const phoneRow = sheet.getRows(2, sheet.rowCount - 1)?.find((row) => row.getCell(1).value === "'+52 55 1234 5678");
    expect(phoneRow?.getCell(4).value).toBe(99);
    expect(phoneRow?.getCell(7).value).toBe(7);
  });

  it("keeps the download private to the shop's owner, admins and accountants, and lets the link expire", async () => {
    const { id } = await exportAndRun("owner", { kind: "products", format: "csv" });
    const status = async (persona: Persona) => (await request(persona, "GET", `/exports/${id}/download`)).statusCode;
    expect(await status("owner")).toBe(200);
    expect(await status("admin")).toBe(200);
    expect(await status("accountant")).toBe(200);
    expect(await status("dispatcher")).toBe(404);
    expect(await status("qrreader")).toBe(404);
    expect(await status("customer")).toBe(404);
    expect(await status("otherOwner")).toBe(404);
    expect(await status("anonymous")).toBe(401);
    expect((await request("otherOwner", "GET", `/shops/${cast.otherShop.slug}/exports/${id}`)).statusCode).toBe(404);

    t.clock.advance(8 * DAY);
    try {
      const expired = await request("owner", "GET", `/exports/${id}/download`);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe("export_expired");
      const view = (await request("owner", "GET", `/shops/${cast.shop.slug}/exports/${id}`)).json();
      expect(view).toMatchObject({ expired: true, download_url: null });
    } finally {
      t.clock.advance(-8 * DAY);
    }
  });

  it("refuses a range backwards or over a year, and more than three exports at once", async () => {
    const backwards = await request("owner", "POST", `/shops/${cast.shop.slug}/exports`, {
      kind: "orders",
      format: "csv",
      start_date: "2026-02-01",
      end_date: "2026-01-01",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe("export_range_invalid");
    const long = await request("owner", "POST", `/shops/${cast.shop.slug}/exports`, {
      kind: "orders",
      format: "csv",
      start_date: "2024-01-01",
      end_date: "2026-01-01",
    });
    expect(long.json().code).toBe("export_range_too_long");
    for (let index = 0; index < 3; index++)
      expect((await request("owner", "POST", `/shops/${cast.shop.slug}/exports`, { kind: "products", format: "csv" })).statusCode).toBe(
        201,
      );
    const busy = await request("owner", "POST", `/shops/${cast.shop.slug}/exports`, { kind: "products", format: "csv" });
    expect(busy.statusCode).toBe(429);
    expect(busy.json().code).toBe("export_busy");
    await runDueJobs(t.ctx);
  });

  it("finishes an export a crashed instance left running, once, with one alert", async () => {
    const created = await request("owner", "POST", `/shops/${cast.shop.slug}/exports`, { kind: "orders", format: "xlsx" });
    const { id } = created.json() as { id: string };
    // An instance claimed the job, wrote part of the file and died: the export is running, the job leased.
    const lease = new Date(t.clock.now().getTime() + 5 * 60 * 1000);
    await t.ctx.db.update(exportsTable).set({ state: "running", rowsDone: 1, rowsTotal: 3 }).where(eq(exportsTable.id, id));
    await t.ctx.db
      .update(jobs)
      .set({ runAt: lease, attempts: 1 })
      .where(and(eq(jobs.kind, EXPORT_JOB), isNull(jobs.doneAt)));
    await t.ctx.privateStorage.write(`exports/${id}/half`, (await import("node:stream")).Readable.from(["half"]));
    expect(await runDueJobs(t.ctx)).toBe(0);

    t.clock.advance(6 * 60 * 1000);
    try {
      expect(await runDueJobs(t.ctx)).toBe(1);
      await runExport(t.ctx, id);
      const [row] = await t.ctx.db.select().from(exportsTable).where(eq(exportsTable.id, id));
      expect(row.state).toBe("done");
      expect(row.rowsDone).toBe(row.rowsTotal);
      const sent = await t.ctx.db.select().from(alerts).where(eq(alerts.recipientId, cast.ids.owner));
      expect(sent.filter((alert) => JSON.stringify(alert.messageBody).includes("Reporte de órdenes"))).toHaveLength(1);
      const file = await request("owner", "GET", `/exports/${id}/download`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets[0].rowCount).toBe(row.rowsTotal! + 1);
    } finally {
      t.clock.advance(-6 * 60 * 1000);
    }
  });

  it("writes a user's financial report across the shops they own, private to them", async () => {
    const created = await request("owner", "POST", "/me/exports", { kind: "financial", format: "csv" });
    expect(created.statusCode).toBe(201);
    await runDueJobs(t.ctx);
    const { id } = created.json() as { id: string };
    const list = (await request("owner", "GET", "/me/exports")).json();
    expect(list.results.map((row: { id: string }) => row.id)).toContain(id);
    const file = await request("owner", "GET", `/exports/${id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain("Concepto,Tienda,Orden");
    expect(file.body).toContain("Venta,Casa Lucía");
    expect((await request("admin", "GET", `/exports/${id}/download`)).statusCode).toBe(404);
    expect((await request("anonymous", "POST", "/me/exports", { kind: "financial", format: "csv" })).statusCode).toBe(401);
    expect((await request("admin", "GET", "/me/exports")).json().results).toEqual([]);
  });

  it("adds up the dashboard: sales, orders waiting, best sellers, low stock and the chart", async () => {
    // The orders here are written around checkout's events: the dashboard's read model takes them in as the migration
    // took the orders before it.
    await rebuildSalesReport(t.ctx.db, cast.shop.id);
    const before = (await request("owner", "GET", `/shops/${cast.shop.slug}/dashboard?period=day`)).json();
    await seedOrder({ total: 10000, state: "confirmed", quantity: 2 });
    await seedOrder({ total: 5000, state: "canceled_by_supplier" });
    await rebuildSalesReport(t.ctx.db, cast.shop.id);
    const after = (await request("owner", "GET", `/shops/${cast.shop.slug}/dashboard?period=day`)).json();
    const month = (view: typeof after) =>
      view.sales.month.find((row: { currency: string }) => row.currency === "MXN") ?? { amount: 0, orders: 0 };
    expect(month(after).amount - month(before).amount).toBe(10000);
    expect(month(after).orders - month(before).orders).toBe(1);
    const waiting = (view: typeof after, state: string) => view.waiting.find((row: { state: string }) => row.state === state).count;
    expect(waiting(after, "confirmed") - waiting(before, "confirmed")).toBe(1);
    expect(after.top_products[0]).toMatchObject({ name: "Playera" });
    expect(after.low_stock.map((row: { name: string }) => row.name)).toContain("Playera");
    expect(after.chart).toHaveLength(30);
    const todayBucket = after.chart.at(-1);
    expect(todayBucket.amount - before.chart.at(-1).amount).toBe(10000);
    const week = (await request("owner", "GET", `/shops/${cast.shop.slug}/dashboard?period=month`)).json();
    expect(week.chart).toHaveLength(12);
  });
});
