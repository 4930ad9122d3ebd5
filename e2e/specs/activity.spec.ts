import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, openAdminSection, signedInPage, toast } from "./admin-helpers";

const phone = { width: 390, height: 844 };

describe("activity: the owner's changes to a price and a setting show in the shop's audit log (issue 33 §3)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the owner changes a product's price and the shop's name, then reads both in Actividad, reached from the admin bar", async () => {
    const { context, page } = await signedInPage(browser);
    // One of the shop's own priced products (the listing also shows what it resells).
    const listing = await context.request.get("/api/v1/shops/demo/products?type=product&limit=30");
    const items = (await listing.json()).results as {
      id: string;
      name: string;
      owner_slug: string;
      is_free: boolean;
      hide_price: boolean;
    }[];
    const product = items.find((item) => item.owner_slug === "demo" && !item.is_free && !item.hide_price);
    if (!product) throw new Error("the demo shop has no priced product of its own");

    await open(page, `/apps/me/products/${product.id}/edit?shop=demo`);
    await page.getByRole("heading", { name: "Editar producto" }).waitFor();
    const price = page.getByRole("textbox", { name: /^Precio\s*\*?$/ });
    // The first fill proves the form is interactive (hydrated) before saving it.
    await expect
      .poll(async () => {
        await price.fill("432.10");
        return price.inputValue();
      })
      .toBe("432.10");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Producto guardado").waitFor();

    await open(page, "/tienda/demo/admin/configuracion");
    const name = page.getByRole("textbox", { name: "Nombre de la tienda" });
    await name.fill("Casa Lucía Artesanía Fina");
    await page.locator("form").filter({ has: name }).getByRole("button", { name: "Guardar" }).click();
    await toast(page, "Se guardaron los cambios de la tienda");

    await open(page, "/tienda/demo");
    const bar = page.getByRole("navigation", { name: "Barra de administración" });
    await openAdminSection(page, "Tienda");
    await bar.getByRole("link", { name: "Actividad" }).click();
    await page.waitForURL(/\/tienda\/demo\/admin\/actividad$/);
    await page.getByRole("heading", { level: 1, name: "Actividad" }).waitFor();
    const log = page.getByRole("table", { name: "Actividad" });
    const priceRow = log.getByRole("row").filter({ hasText: "Precios" }).filter({ hasText: product.name });
    await priceRow.getByText("$432.10").waitFor();
    await priceRow.getByText("Lucía Hernández").waitFor();
    await priceRow.getByText("Dueño").waitFor();
    const settingsRow = log.getByRole("row").filter({ hasText: "Configuración" });
    await settingsRow.getByText("Casa Lucía Artesanías", { exact: false }).first().waitFor();
    await settingsRow.getByText("Casa Lucía Artesanía Fina").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "activity-desktop");

    // Only the price changes: the kind filter (in the URL) leaves the settings out.
    await page.getByRole("textbox", { name: "Tipo de cambio" }).click();
    await page.getByRole("option", { name: "Precios" }).click();
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL(/kind=price/);
    await page.getByText("1 cambio", { exact: true }).waitFor();
    await expect.poll(() => log.getByRole("row").filter({ hasText: "Configuración" }).count()).toBe(0);

    // Nothing on a day before the shop existed: the empty state says so.
    await open(page, "/tienda/demo/admin/actividad?to=2020-01-01");
    await page.getByText("Ningún cambio coincide con los filtros.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // A phone reads cards, with no sideways scroll.
    await page.setViewportSize(phone);
    await open(page, "/tienda/demo/admin/actividad");
    await page.getByRole("article").filter({ hasText: "$432.10" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "activity-phone");
    await context.close();
  });

  it("is the owner's alone: a customer is refused the page", async () => {
    const { context, page } = await signedInPage(browser, { username: "carlos@demo.tianguis.mx", password: "demo12345" });
    const response = await page.goto("/tienda/demo/admin/actividad");
    expect(response?.status()).toBe(403);
    await context.close();
  });
});
