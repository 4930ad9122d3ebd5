import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, signedInPage, toast } from "./admin-helpers";
import { addWithPicker, choose, filterToBarroCeramics, openPicker, phone, rowNames } from "./reseller-helpers";

const mateo = { username: "mateo@demo.tianguis.mx", password: "demo12345" };

describe("reseller picker (commerce-and-accounts §2, §4)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("mateo filters by supplier and category, adds two products, removes one with undo, bulk-adds to a new catalogue, and sees them on his storefront", async () => {
    const { context, page } = await signedInPage(browser, mateo);
    const dialog = await openPicker(page);
    const rows = await filterToBarroCeramics(page, dialog);
    expect(rows.length).toBe(10);
    for (const name of rows) expect(name).toMatch(/^(Taza|Plato|Jarra|Cazuela) /);

    const [first, second] = rows;
    await addWithPicker(dialog, [first, second]);
    await toast(page, "El producto se agregó a tu tienda");
    await snap(page, "picker-added");

    // Remove with the 5-second undo: undone, the item stays; let the time pass, it leaves the store.
    await dialog.getByRole("button", { name: `Quitar ${second} de mi tienda` }).click();
    await dialog.getByText("Se quitará en 5 segundos").waitFor();
    await dialog.getByRole("button", { name: "Deshacer" }).click();
    await dialog.getByRole("img", { name: `${second} está en tu tienda` }).waitFor();
    await dialog.getByRole("button", { name: `Quitar ${first} de mi tienda` }).click();
    await toast(page, "El producto se quitó de tu tienda");
    await dialog.getByRole("button", { name: `Agregar ${first} a mi tienda` }).waitFor();

    // Add all 24 filtered items to a new catalogue: the forking state, then the picker reloads with no filters.
    await dialog.getByRole("button", { name: "Agregar todos" }).click();
    await page.getByRole("menuitem", { name: "Agregar todos a un catálogo nuevo" }).click();
    const confirm = page.getByRole("dialog", { name: "Agregar todos" });
    await confirm.getByText("Se agregarán 24 productos").waitFor();
    await confirm.getByRole("textbox", { name: "Nombre del catálogo nuevo" }).fill("Cerámica de barro");
    await confirm.getByRole("button", { name: "Agregar todos a un catálogo nuevo" }).click();
    await confirm.getByText("Agregando productos…").waitFor();
    await toast(page, "Los productos han sido agregado al catálogo");
    await expect.poll(() => dialog.getByRole("button", { name: "Quitar filtro de proveedor Barro y Fuego" }).count()).toBe(0);
    await dialog.getByText(/^\d+ resultados$/).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // The catalogue pages 20 items at a time, so the 24 are on its two pages.
    const shown = new Set<string>();
    for (const number of [1, 2]) {
      await open(page, `/tienda/mateo/catalogos/ceramica-de-barro?page=${number}`);
      await page.getByRole("heading", { name: "Cerámica de barro" }).first().waitFor();
      for (const name of [first, second]) if (await page.getByText(name, { exact: true }).count()) shown.add(name);
    }
    expect([...shown].sort()).toEqual([first, second].sort());
    await open(page, `/tienda/mateo/productos?q=${encodeURIComponent(first)}`);
    await page.getByText(first, { exact: true }).first().waitFor();
    await snap(page, "picker-storefront");
    await context.close();
  });

  it("applies the typed text on Enter, works from the keyboard and passes axe (WCAG 2.1 AA) with the dialog open", async () => {
    const { context, page } = await signedInPage(browser, mateo);
    await open(page, "/tienda/mateo/productos");
    await page.getByRole("button", { name: /Agregar de proveedores/ }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Productos" });
    await dialog.getByTestId("picker-row").first().waitFor();
    await page.keyboard.type("molcajete");
    await page.keyboard.press("Enter");
    await dialog.getByText(/resultados para «molcajete»/).waitFor();
    const names = await rowNames(dialog);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^Molcajete /);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole("button", { name: "Ver todos" }).click();
    await dialog.getByText(/^\d+ resultados$/).waitFor();
    await context.close();
  });

  it("refuses a supplier that sells only to approved resellers until it approves the request", async () => {
    const { context, page } = await signedInPage(browser, mateo, { viewport: phone });
    const dialog = await openPicker(page);
    await choose(page, dialog, "Proveedor", "telar", "Telar Vivo");
    await dialog.getByText("Este proveedor vende solo a revendedores aprobados. Solicita acceso primero").waitFor();
    await dialog.getByText("No hay productos que coincidan").waitFor();
    await dialog.getByRole("button", { name: "Solicitar acceso" }).click();
    await toast(page, "Se envió tu solicitud al proveedor");
    await dialog.getByText("Solicitud enviada").first().waitFor();
    await snap(page, "picker-phone-request");
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await context.close();

    const supplier = await signedInPage(browser, { username: "telar@demo.tianguis.mx", password: "demo12345" });
    await open(supplier.page, "/tienda/telar-vivo/admin/reventa");
    expect(await seriousViolations(supplier.page, "main")).toEqual([]);
    await supplier.page.getByRole("button", { name: "Aprobar: Reventa Mateo" }).click();
    await toast(supplier.page, "Se actualizó la solicitud");
    await supplier.context.close();

    const again = await signedInPage(browser, mateo);
    const response = await again.context.request.get("/api/v1/shops/mateo/picker/dssuppliers?text=telar");
    expect((await response.json()).results[0].access).toBe("approved");
    await again.context.close();
  });
});
