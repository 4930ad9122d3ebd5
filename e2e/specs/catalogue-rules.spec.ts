import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { open, signedInPage, toast } from "./admin-helpers";
import { advanceUntilHidden, advanceUntilVisible } from "./clock-helpers";

// Catalogue lines of the audit (commerce-and-accounts L44, L117, L189, L213, L230; storefront-and-admin L229):
// paging by ?page, 'add to catalogue' from a product card, the 'has products' refusal with a forced delete,
// duplicate names refused, the count after a removal, and the 4 s removal warning.

const mateo = { username: "mateo@demo.tianguis.mx", password: "demo12345" };

async function csrf(context: BrowserContext): Promise<Record<string, string>> {
  return { "x-csrf-token": (await context.cookies()).find((cookie) => cookie.name === "tianguis_csrf")?.value ?? "" };
}

/** A catalogue of `shop` made through the API with `count` new items of the shop's own. */
async function catalogueWith(context: BrowserContext, shop: string, name: string, count: number) {
  const headers = await csrf(context);
  const created = await context.request.post(`/api/v1/shops/${shop}/catalogues`, { data: { name }, headers });
  expect(created.status()).toBe(201);
  const catalogue = (await created.json()) as { id: string; slug: string };
  for (let index = 1; index <= count; index += 1) {
    const item = await context.request.post(`/api/v1/shops/${shop}/products`, {
      data: { type: "product", name: `${name} ${String(index).padStart(2, "0")}`, list_price: 10000 + index * 100, stock: 5 },
      headers,
    });
    expect(item.status()).toBe(201);
    const added = await context.request.post(`/api/v1/shops/${shop}/catalogues/${catalogue.id}/products`, {
      data: { product_id: ((await item.json()) as { id: string }).id },
      headers,
    });
    expect(added.status()).toBe(201);
  }
  return catalogue;
}

/** Stops the page's clock a moment ahead: from here only fastForward moves it, however slowly the machine runs. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
}

const cards = (page: Page) => page.locator("#content").getByTestId("product-card");

describe("catalogue rules (shop admin)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("pages a catalogue 20 at a time; a removal warns for 4 s, deletes at 5 s and lowers the count", async () => {
    const { context, page } = await signedInPage(browser);
    const catalogue = await catalogueWith(context, "demo", "Paginado de prueba", 22);
    await open(page, `/tienda/demo/catalogos/${catalogue.slug}`);
    await page.getByText("22 productos", { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(20);
    const second = page.getByRole("link", { name: "2", exact: true });
    expect(await second.getAttribute("href")).toBe(`/tienda/demo/catalogos/${catalogue.slug}?page=2`);
    await open(page, `/tienda/demo/catalogos/${catalogue.slug}?page=2`);
    await expect.poll(() => cards(page).count()).toBe(2);
    await snap(page, "catalogue-page-2-desktop");

    await page.clock.install();
    // The warning toast with its cancel button: cancelling keeps the item.
    await page.getByRole("button", { name: "Quitar del catálogo" }).first().click();
    const warning = page.getByRole("alert").filter({ hasText: "El producto se quitará del catálogo" });
    await warning.waitFor();
    await warning.getByRole("button", { name: "Cancelar" }).click();
    await warning.waitFor({ state: "hidden" });
    await page.clock.fastForward(6000);
    await page.getByRole("button", { name: "Quitar del catálogo" }).nth(1).waitFor();
    await page.getByText("22 productos", { exact: true }).waitFor();

    const removed = page.waitForResponse((response) => response.request().method() === "DELETE" && response.status() === 204);
    await pauseClock(page);
    await page.getByRole("button", { name: "Quitar del catálogo" }).first().click();
    await page.getByText("Quitado").waitFor();
    await page.mouse.move(10, 500);
    const shownAt = await advanceUntilVisible(page, warning);
    // The toast's 4 s run from its showing, between shownAt - 50 and shownAt: at shownAt + 3900 it is still up.
    await page.clock.fastForward(3900);
    expect(await warning.isVisible()).toBe(true);
    // It goes at 4 s (its closing transition included, well before 4.5 s), still inside the 5 s undo window.
    const gone = shownAt + 3900 + (await advanceUntilHidden(page, warning));
    expect(gone).toBeLessThanOrEqual(shownAt + 4500);
    expect(gone).toBeLessThan(5000);
    expect(await page.getByText("Quitado").isVisible()).toBe(true);
    await page.clock.fastForward(5000 - gone);
    await removed;
    await toast(page, "El producto se quitó del catálogo");
    await page.getByText("21 productos", { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(1);
    await context.close();
  });

  it("refuses a duplicate name with 'Nombre inválido' and deletes a catalogue with products only after the confirm", async () => {
    const { context, page } = await signedInPage(browser);
    await catalogueWith(context, "demo", "Con piezas", 2);
    await page.clock.install();
    await open(page, "/tienda/demo/catalogos");
    await page.getByRole("button", { name: "Administrar catálogos" }).click();
    // The manager's title follows its view ('Nuevo catálogo' while the form shows); the confirm opens over it.
    const manager = page.getByRole("dialog").first();
    await manager.getByRole("button", { name: "Nuevo catálogo" }).click();
    await manager.getByRole("textbox", { name: "Nombre del catálogo" }).fill("con PIEZAS");
    await manager.getByRole("button", { name: "Guardar" }).click();
    await manager.getByText("Nombre inválido").waitFor();
    await snap(page, "catalogue-duplicate-name-desktop");
    await manager.getByRole("button", { name: "Cancelar" }).click();

    await manager.getByRole("button", { name: "Eliminar: Con piezas" }).click();
    await page.clock.fastForward(5000);
    const confirm = page.getByRole("dialog", { name: "El catálogo tiene productos" });
    await confirm.getByText("¿Eliminar el catálogo con todos sus productos?", { exact: false }).waitFor();
    await snap(page, "catalogue-force-delete-desktop");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await confirm.waitFor({ state: "hidden" });
    await manager.getByRole("button", { name: "Eliminar: Con piezas" }).waitFor();

    await manager.getByRole("button", { name: "Eliminar: Con piezas" }).click();
    await page.clock.fastForward(5000);
    const forced = page.waitForResponse((response) => /force=true/.test(response.url()) && response.status() === 200);
    await confirm.getByRole("button", { name: "Eliminar de todos modos" }).click();
    await forced;
    await toast(page, "El catálogo se eliminó correctamente.");
    await manager.getByRole("button", { name: "Eliminar: Con piezas" }).waitFor({ state: "detached" });
    await context.close();
  });

  it("adds a product to a catalogue from its card, for the owner and for a reseller; visitors see no such button", async () => {
    for (const [account, shop] of [
      [undefined, "demo"],
      [mateo, "mateo"],
    ] as const) {
      const { context, page } = await signedInPage(browser, account);
      const catalogue = await catalogueWith(context, shop, `Desde la tarjeta ${shop}`, 0);
      await open(page, `/tienda/${shop}/productos`);
      const button = page.getByRole("button", { name: /^Agregar al catálogo: / }).first();
      const label = (await button.getAttribute("aria-label")) ?? "";
      await button.click();
      const dialog = page.getByRole("dialog", { name: "Agregar al catálogo" });
      await dialog.getByText(label.replace("Agregar al catálogo: ", "")).waitFor();
      await dialog.getByRole("textbox", { name: "Elegir catálogo" }).click();
      await page.getByRole("option", { name: `Desde la tarjeta ${shop}` }).click();
      await dialog.getByRole("button", { name: "Agregar al catálogo" }).click();
      await toast(page, "El producto se agregó al catálogo");
      await dialog.waitFor({ state: "hidden" });
      if (shop === "mateo") await snap(page, "add-to-catalogue-card-desktop");
      const detail = await context.request.get(`/api/v1/shops/${shop}/catalogues/${catalogue.id}`);
      expect(((await detail.json()) as { num_products: number }).num_products).toBe(1);
      await context.close();
    }
    const visitor = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await open(visitor.page, "/tienda/demo/productos");
    await cards(visitor.page).first().waitFor();
    expect(await visitor.page.getByRole("button", { name: /^Agregar al catálogo/ }).count()).toBe(0);
    await visitor.context.close();
  });
});
