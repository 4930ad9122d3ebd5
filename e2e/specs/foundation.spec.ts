import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, shopHostURL, snap, waitForHydration } from "../browser";

describe("foundation: marketplace, shops, language and 404s", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("switches the interface from Spanish to English and remembers it", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/tienda/demo");
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: "Productos", exact: true }).first().isVisible()).resolves.toBe(true);
    await page.getByRole("button", { name: "Idioma" }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await page.getByRole("link", { name: "Products", exact: true }).first().waitFor();
    await page.reload();
    await waitForHydration(page);
    // The browser starts with Spanish texts only: a page in English loads them before hydrating, so it stays English.
    await page.getByRole("link", { name: "Products", exact: true }).first().waitFor();
    await expect(page.getByRole("link", { name: "Productos", exact: true }).count()).resolves.toBe(0);
    await page.goto("/tienda/demo/carrito");
    expect(await page.title()).toBe("Casa Lucía Artesanías · Cart");
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "locale")?.value).toBe("en");
    await context.close();
  });

  it("shows 'Tienda no encontrada' with HTTP 404 for an unknown shop", async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto("/tienda/no-existe");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Tienda no encontrada" }).waitFor();
    await page.getByText("Lo sentimos, pero la tienda no existe").waitFor();
    expect(await page.title()).toBe("Tienda no encontrada");
    await context.close();
  });

  it("shows 'Página no encontrada!' with a way back for an unknown page", async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto("/esto/no/existe");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Página no encontrada!" }).waitFor();
    expect(await page.title()).toBe("Página no encontrada!");
    await page.getByRole("link", { name: "Regresar a la principal" }).click();
    await page.waitForURL(`${baseURL()}/`);
    await context.close();
  });

  it("serves the demo shop at the root of its sub-domain", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(shopHostURL("demo"));
    await page.getByRole("heading", { name: "Casa Lucía Artesanías" }).first().waitFor();
    const href = await page.getByRole("link", { name: "Productos", exact: true }).first().getAttribute("href");
    expect(href).toBe("/productos");
    await snap(page, "shop-subdomain-desktop");
    await context.close();
  });

  it("lists featured shops on the marketplace home", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    await page.getByText("Casa Lucía Artesanías").first().waitFor();
    await page.getByText("Reventa Mateo").first().waitFor();
    await snap(page, "home-desktop");
    await context.close();
  });
});
