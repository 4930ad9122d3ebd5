import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { card, open } from "./storefront-helpers";

describe("business network: businesses and products tabs", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("lists businesses and opens a business's store", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/red-comercial");
    await page.getByRole("tab", { name: "Negocios", selected: true }).waitFor();
    const business = page.getByRole("link", { name: "Casa Lucía Artesanías" });
    expect(await business.getAttribute("href")).toBe("/negocios/demo");
    await snap(page, "network-businesses-desktop");
    await business.click();
    await page.waitForURL(`${baseURL()}/tienda/demo`);
    await context.close();
  });

  it("filters products by text and links each card by its business, opening the item in its store", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await open(page, "/red-comercial");
    await page.getByRole("tab", { name: "Productos" }).click();
    await page.waitForURL(`${baseURL()}/products`);
    await page.getByRole("searchbox", { name: "Buscar productos" }).fill("volcánica");
    await page.getByRole("searchbox", { name: "Buscar productos" }).press("Enter");
    await page.waitForURL(`${baseURL()}/products?text=volc%C3%A1nica`);
    await page.getByText("1 artículo", { exact: true }).waitFor();
    const molcajete = card(page, "Molcajete de piedra volcánica");
    expect(await molcajete.getAttribute("href")).toMatch(/^\/negocios\/demo\/products\/[0-9a-f-]{36}$/);
    await snap(page, "network-products-phone");
    await molcajete.click();
    await page.waitForURL(/\/tienda\/demo\/productos\/demo\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Molcajete de piedra volcánica" }).waitFor();
    await context.close();
  });
});
