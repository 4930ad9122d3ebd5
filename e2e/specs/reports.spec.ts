import ExcelJS from "exceljs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadedBytes, launchBrowser, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, openAdminSection, signedInPage, toast } from "./admin-helpers";

const phone = { width: 390, height: 844 };

describe("reports: the seller exports her orders, hears the alert, downloads the file; reads the dashboard", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Lucía opens the dashboard from the admin bar and reads its widgets", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo");
    await openAdminSection(page, "Dinero");
    await page.getByRole("navigation", { name: "Barra de administración" }).getByRole("link", { name: "Panel" }).click();
    await page.waitForURL(/\/tienda\/demo\/admin$/);
    await page.getByRole("heading", { name: "Panel", level: 1 }).waitFor();
    for (const name of ["Ventas de hoy", "Ventas del mes", "Ventas", "Órdenes por atender", "Poco inventario", "Comisiones"])
      await page.getByRole("region", { name, exact: true }).waitFor();
    expect(await page.getByTestId("sales-month").textContent()).toMatch(/\$/);
    await page.getByRole("region", { name: "Ventas", exact: true }).getByText("Mes", { exact: true }).click();
    await page.waitForURL(/periodo=month/);
    await expect.poll(() => page.getByTestId("sales-chart").locator("> div").count()).toBe(12);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "reports-dashboard-desktop");
    await context.close();
  });

  it("on a phone the dashboard's widgets stack in one column", async () => {
    const { context, page } = await signedInPage(browser, undefined, { viewport: phone });
    await open(page, "/tienda/demo/admin");
    await page.getByRole("heading", { name: "Panel", level: 1 }).waitFor();
    const today = await page.getByRole("region", { name: "Ventas de hoy" }).boundingBox();
    const month = await page.getByRole("region", { name: "Ventas del mes" }).boundingBox();
    expect(month && today && month.y > today.y).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(page, "reports-dashboard-phone");
    await context.close();
  });

  it("Lucía exports her orders as XLSX, the alert rings, and the file opens with her orders", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo/admin/reportes/ordenes");
    await page.getByRole("heading", { name: "Reporte de órdenes", level: 1 }).waitFor();
    const bell = page.getByRole("button", { name: /^Alertas, / });
    await bell.waitFor();
    const form = page.getByRole("form", { name: "Nueva exportación" });
    await form.getByText("XLSX", { exact: true }).click();
    await form.getByRole("button", { name: "Exportar" }).click();
    await toast(page, "Estamos preparando tu archivo");
    const drawerAlert = async () => {
      await bell.click();
      const drawer = page.getByRole("dialog", { name: "Alertas" });
      await drawer
        .getByRole("button", { name: /Tu exportación está lista: Reporte de órdenes/ })
        .first()
        .waitFor({ timeout: 30_000 });
      return drawer;
    };
    // The job runs within seconds; the alert reaches the bell live.
    await expect.poll(() => bell.getAttribute("aria-label")).toMatch(/^Alertas, \d+ pendientes$/);
    const drawer = await drawerAlert();
    await drawer
      .getByRole("button", { name: /Tu exportación está lista: Reporte de órdenes/ })
      .first()
      .click();
    await page.waitForURL(/\/tienda\/demo\/admin\/reportes\/ordenes$/);
    const table = page.getByTestId("exports-table");
    const row = table.getByRole("row").nth(1);
    await row.getByText("Lista").waitFor({ timeout: 30_000 });
    const link = row.getByRole("link", { name: /^Descargar / });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^ordenes-demo-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe("Orden");
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "reports-orders-desktop");
    await context.close();
  });

  it("someone without a role in the shop cannot download Lucía's export", async () => {
    const { context, page } = await signedInPage(browser);
    const list = await (await context.request.get("/api/v1/shops/demo/exports")).json();
    const url = list.results[0].download_url as string;
    await context.close();
    const other = await signedInPage(browser, { username: "carlos@demo.tianguis.mx", password: "demo12345" });
    expect((await other.context.request.get(url)).status()).toBe(404);
    await other.context.close();
    expect(page.isClosed()).toBe(true);
  });

  it("the products report and the user's financial report have their pages, on a phone too", async () => {
    const { context, page } = await signedInPage(browser, undefined, { viewport: phone });
    await open(page, "/tienda/demo/admin/inventario/reportes");
    await page.getByRole("heading", { name: "Reporte de productos e inventario", level: 1 }).waitFor();
    await open(page, "/apps/me/store/reports/orders");
    await page.getByRole("heading", { name: "Reporte financiero", level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "reports-financial-phone");
    await context.close();
  });
});
