import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { open, signedInPage, toast } from "./admin-helpers";

async function rowNames(page: Page): Promise<string[]> {
  const rows = page.getByTestId("catalogue-row");
  return (
    await rows
      .locator("p")
      .filter({ hasNotText: /productos?$/ })
      .allTextContents()
  ).filter((text) => text.trim() !== "");
}

describe("catalogue manager and catalogue pages (shop admin)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("creates, renames, reorders (rolling back a failed move), deletes with undo and deletes for real", async () => {
    const { context, page } = await signedInPage(browser);
    await page.clock.install();
    await open(page, "/tienda/demo/catalogos");
    await page.getByRole("button", { name: "Administrar catálogos" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Aún no hay catálogos").waitFor();

    for (const name of ["Textiles", "Barro", "Talavera"]) {
      await dialog.getByRole("button", { name: "Nuevo catálogo" }).click();
      if (name === "Textiles") {
        await dialog.getByRole("button", { name: "Guardar" }).click();
        await dialog.getByText("*", { exact: true }).waitFor();
      }
      await dialog.getByRole("textbox", { name: "Nombre del catálogo" }).fill(name);
      await dialog.getByRole("button", { name: "Guardar" }).click();
      await toast(page, "Se creó el catálogo");
      await dialog.getByText(name, { exact: true }).waitFor();
    }
    expect(await rowNames(page)).toEqual(["Textiles", "Barro", "Talavera"]);

    await dialog.getByRole("button", { name: "Renombrar: Barro" }).click();
    await dialog.getByRole("textbox", { name: "Nombre del catálogo" }).fill("Barro negro");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await dialog.getByText("Barro negro", { exact: true }).waitFor();
    await snap(page, "catalogue-manager-desktop");

    await page.route("**/api/v1/shops/demo/catalogues/*/move", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"code":"unknown","message":"x"}' }),
    );
    const handle = dialog.getByLabel("Arrastra para reordenar: Talavera");
    await handle.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Space");
    await toast(page, "Actualizando posición");
    await toast(page, "Ocurrió un error");
    await page.waitForFunction(
      () =>
        document.querySelectorAll("[data-testid=catalogue-row]").length === 3 &&
        document.querySelector("[data-testid=catalogue-row]")?.textContent?.includes("Textiles") === true,
    );
    expect(await rowNames(page)).toEqual(["Textiles", "Barro negro", "Talavera"]);
    await page.unroute("**/api/v1/shops/demo/catalogues/*/move");

    const moved = page.waitForResponse((response) => response.url().endsWith("/move") && response.status() === 200);
    await handle.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Space");
    await moved;
    expect(await rowNames(page)).toEqual(["Textiles", "Talavera", "Barro negro"]);

    await dialog.getByRole("button", { name: "Eliminar: Textiles" }).click();
    await dialog.getByText("Eliminando").waitFor();
    await dialog.getByRole("button", { name: "Deshacer" }).click();
    await page.clock.fastForward(6000);
    await dialog.getByRole("button", { name: "Eliminar: Textiles" }).waitFor();
    expect(await rowNames(page)).toEqual(["Textiles", "Talavera", "Barro negro"]);

    const deleted = page.waitForResponse((response) => response.request().method() === "DELETE" && response.status() === 200);
    await dialog.getByRole("button", { name: "Eliminar: Barro negro" }).click();
    await dialog.getByText("Eliminando").waitFor();
    await page.clock.fastForward(5000);
    await deleted;
    await toast(page, "El catálogo se eliminó correctamente.");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=catalogue-row]").length === 2);

    await page.reload();
    await page
      .getByRole("link", { name: /Textiles/ })
      .first()
      .waitFor();
    expect(await page.getByRole("link", { name: /Barro negro/ }).count()).toBe(0);
    await context.close();
  });

  it("adds items to a catalogue, removes one with a 5 s undo, and shares it; visitors see the public page", async () => {
    const { context, page } = await signedInPage(browser);
    await page.clock.install();
    await open(page, "/tienda/demo/catalogos");
    await page
      .getByRole("link", { name: /Talavera/ })
      .first()
      .click();
    await page.getByRole("heading", { name: "Talavera" }).waitFor();
    await page.getByText("Este catálogo aún no tiene productos").waitFor();
    await page.getByRole("button", { name: "Agregar al catálogo" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar productos" });
    const adds = dialog.getByRole("button", { name: /^Agregar al catálogo:/ });
    await adds.first().waitFor();
    await adds.nth(0).click();
    await toast(page, "El producto se agregó al catálogo");
    await adds.nth(1).click();
    await page.waitForFunction(() => document.querySelectorAll("[role=dialog] button[disabled]").length >= 2);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Quitar del catálogo" }).nth(1).waitFor();
    const order = async () =>
      (
        (await (await page.request.get("/api/v1/shops/demo/catalogues/talavera/products")).json()) as { results: { id: string }[] }
      ).results.map((item) => item.id);
    const before = await order();
    await page.getByRole("combobox", { name: "Posición" }).first().selectOption({ value: "1" });
    await page.getByText("Actualizando…").waitFor();
    await toast(page, "Se actualizó la ubicación del producto");
    const after = await order();
    expect(after).toEqual([before[1], before[0]]);
    await page.clock.fastForward(8000);
    await page.getByText("Actualizando…").waitFor({ state: "hidden" });
    await snap(page, "catalogue-detail-admin-desktop");
    await page.getByRole("button", { name: "Quitar del catálogo" }).first().click();
    await page.getByText("Quitado").waitFor();
    await page.getByRole("button", { name: "Deshacer" }).click();
    await page.getByRole("button", { name: "Quitar del catálogo" }).first().click();
    await page.clock.fastForward(5000);
    await toast(page, "El producto se quitó del catálogo");
    await page.getByRole("button", { name: "Compartir", exact: true }).click();
    const shared = await page.getByRole("textbox", { name: "Compartir catálogo" }).inputValue();
    expect(shared).toMatch(/\/tienda\/demo\/catalogos\/talavera$/);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Duplicar catálogo" }).click();
    const duplicate = page.getByRole("dialog", { name: "Duplicar catálogo" });
    await duplicate.getByRole("textbox", { name: "Nombre del catálogo" }).fill("Talavera para regalo");
    await duplicate.getByRole("button", { name: "Duplicar catálogo" }).click();
    await toast(page, "Catálogo copiado correctamente");
    await page.getByRole("heading", { name: "Talavera para regalo" }).waitFor();
    await page.getByText("1 producto", { exact: true }).waitFor();
    await context.close();

    const visitor = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await open(visitor.page, "/tienda/demo/catalogos/talavera");
    await visitor.page.getByRole("heading", { name: "Talavera" }).waitFor();
    expect(await visitor.page.getByRole("button", { name: "Quitar del catálogo" }).count()).toBe(0);
    await snap(visitor.page, "catalogue-detail-phone");
    await open(visitor.page, "/tienda/demo/catalogos?CataloguesDubaluFilter=tala");
    const results = visitor.page.locator("#content");
    await results.getByRole("link", { name: /Talavera para regalo/ }).waitFor();
    expect(await results.getByRole("link", { name: /Textiles/ }).count()).toBe(0);
    await visitor.context.close();
  });

  it("lets a reseller take a resold item out of the store with a 5 s undo and put it back", async () => {
    const { context, page } = await signedInPage(browser, { username: "mateo@demo.tianguis.mx", password: "demo12345" });
    await page.clock.install();
    await open(page, "/tienda/mateo/catalogos");
    await page.getByRole("button", { name: "Administrar catálogos" }).click();
    const manager = page.getByRole("dialog");
    await manager.getByRole("button", { name: "Nuevo catálogo" }).click();
    await manager.getByRole("textbox", { name: "Nombre del catálogo" }).fill("Reventa");
    await manager.getByRole("button", { name: "Guardar" }).click();
    await toast(page, "Se creó el catálogo");
    await page.keyboard.press("Escape");
    await page
      .locator("#content")
      .getByRole("link", { name: /^Reventa \d/ })
      .click();
    await page.getByRole("heading", { name: "Reventa", exact: true }).waitFor();
    await page.getByRole("button", { name: "Agregar al catálogo" }).click();
    const adds = page.getByRole("dialog", { name: "Agregar productos" }).getByRole("button", { name: /^Agregar al catálogo:/ });
    await adds.first().click();
    await toast(page, "El producto se agregó al catálogo");
    await page.keyboard.press("Escape");
    await page.getByText("En tienda", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Quitar de la tienda" }).click();
    await page.getByText("Quitado").waitFor();
    await page.getByRole("button", { name: "Deshacer" }).click();
    await page.getByRole("button", { name: "Quitar de la tienda" }).click();
    await page.clock.fastForward(5000);
    await toast(page, "El producto se quitó de tu tienda");
    await page.getByText("No está en tu tienda").waitFor();
    await page.getByRole("button", { name: "Agregar a la tienda" }).click();
    await toast(page, "El producto se agregó a tu tienda");
    await page.getByText("En tienda", { exact: true }).waitFor();
    await page.locator("#content").getByRole("link").filter({ hasText: /\$/ }).first().click();
    await page.waitForURL(/\/tienda\/mateo\/productos\//);
    await page.getByText("En tienda", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Quitar de la tienda" }).waitFor();
    await context.close();
  });

  it("loads the manager 30 at a time with infinite scroll and pages the public search 10 at a time", async () => {
    const { context, page } = await signedInPage(browser, { username: "sofia@demo.tianguis.mx", password: "demo12345" });
    const csrf = (await context.cookies()).find((cookie) => cookie.name === "tianguis_csrf")?.value ?? "";
    for (let index = 1; index <= 32; index += 1) {
      const created = await context.request.post("/api/v1/shops/sabores/catalogues", {
        data: { name: `Temporada ${String(index).padStart(2, "0")}` },
        headers: { "x-csrf-token": csrf },
      });
      expect(created.status()).toBe(201);
    }
    await open(page, "/tienda/sabores/catalogos");
    const results = page.locator("#content");
    await results.getByRole("link", { name: /^Temporada 01/ }).waitFor();
    expect(await results.getByRole("link", { name: /^Temporada/ }).count()).toBe(10);
    await page.getByRole("button", { name: "2", exact: true }).click();
    await results.getByRole("link", { name: /^Temporada 11/ }).waitFor();
    await page.waitForURL(/page=2/);
    await open(page, "/tienda/sabores/catalogos?CataloguesDubaluFilter=Temporada%203");
    expect(await results.getByRole("link", { name: /^Temporada/ }).count()).toBe(3);

    await page.getByRole("button", { name: "Administrar catálogos" }).click();
    const dialog = page.getByRole("dialog", { name: "Mis catálogos (32)" });
    await dialog.getByText("Temporada 30", { exact: true }).waitFor();
    expect(await dialog.getByTestId("catalogue-row").count()).toBe(30);
    await dialog.getByText("Temporada 30", { exact: true }).scrollIntoViewIfNeeded();
    await dialog.getByTestId("catalogue-row").nth(29).hover();
    await page.mouse.wheel(0, 2000);
    await dialog.getByText("Temporada 32", { exact: true }).waitFor();
    expect(await dialog.getByTestId("catalogue-row").count()).toBe(32);
    await context.close();
  });
});
