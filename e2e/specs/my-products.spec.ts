import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { card, open, signedIn } from "./storefront-helpers";

const png = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#c2410c"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="450" cy="350" r="200" fill="#fff" fill-opacity=".8"/></svg>`,
);

describe("My products: create, edit with photos, and who may edit", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("creates a product with a photo and a variant, edits its price, and shows it in the shop", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(page, "/apps/me/products/create");
    // The first click proves the form is interactive (hydrated) before typing into it.
    await expect
      .poll(
        async () => {
          await page
            .getByRole("button", { name: "Agregar variante" })
            .click({ timeout: 1000 })
            .catch(() => undefined);
          return page.getByLabel("Nombre (p. ej. Color)").count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await page.getByRole("textbox", { name: /^Nombre\s*\*?$/ }).fill("Cojín bordado de Tenango");
    await page.getByLabel("Descripción").first().fill("Funda de manta bordada a mano con hilos de colores.");
    await page.getByRole("textbox", { name: /^Precio\s*\*?$/ }).fill("420.00");
    await page.getByLabel("Existencias").fill("7");
    await page.getByLabel("Nombre (p. ej. Color)").fill("Medida");
    await page.getByLabel("Valor (p. ej. Rojo)").fill("45 x 45 cm");
    await page.locator('input[type="file"]').setInputFiles({ name: "cojin.svg", mimeType: "image/svg+xml", buffer: png });
    await page.getByRole("img", { name: "Foto 1" }).waitFor();
    await snap(page, "my-products-create-desktop");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(/\/apps\/me\/products\/[0-9a-f-]{36}\/edit\?shop=demo$/);
    await page.getByRole("heading", { name: "Editar producto" }).waitFor();
    await page.getByRole("img", { name: "Foto 1" }).waitFor();

    await page.getByLabel("Precio tachado (antes)").fill("500.00");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Producto guardado").waitFor();

    await open(page, "/tienda/demo/productos?q=cojin");
    const created = card(page, "Cojín bordado de Tenango");
    await created.getByText("Ahorra: $80.00").waitFor();
    expect(await created.locator("img").getAttribute("src")).toMatch(/\/media\/products\/.+\/350x419\.webp$/);
    await created.click();
    await page.getByRole("rowheader", { name: "Medida" }).waitFor();
    await context.close();
  });

  it("shows field errors from the server", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx", { width: 390, height: 844 });
    await open(page, "/apps/me/products/services/create");
    await page.getByRole("heading", { name: "Nuevo servicio" }).waitFor();
    await expect
      .poll(
        async () => {
          await page
            .getByRole("button", { name: "Agregar variante" })
            .click({ timeout: 1000 })
            .catch(() => undefined);
          return page.getByLabel("Nombre (p. ej. Color)").count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await page.getByRole("textbox", { name: /^Precio\s*\*?$/ }).fill("300");
    await page.getByLabel("Precio tachado (antes)").fill("100");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Debe ser mayor que el precio").waitFor();
    await page.getByText("Requerido").first().waitFor();
    await snap(page, "my-products-errors-phone");
    await context.close();
  });

  it("answers 403 when someone else tries to edit a shop's product", async () => {
    const owner = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(owner.page, "/apps/me/products");
    const editHref = await owner.page.getByRole("link", { name: /Editar: Taza de barro negro/ }).getAttribute("href");
    await owner.context.close();
    expect(editHref).toMatch(/^\/apps\/me\/products\/[0-9a-f-]{36}\/edit\?shop=demo$/);

    const stranger = await signedIn(browser, "mateo@demo.tianguis.mx");
    const response = await stranger.page.goto(editHref ?? "");
    expect(response?.status()).toBe(403);
    const api = await stranger.context.request.get(`/api/v1/shops/demo/products/${editHref?.split("/")[4]}/edit`);
    expect(api.status()).toBe(403);
    await stranger.context.close();

    const visitor = await newPage(browser);
    await visitor.page.goto("/apps/me/products/create");
    expect(new URL(visitor.page.url()).pathname).toBe("/login");
    await visitor.context.close();
  });
});
