import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage } from "../browser";
import { apiWrite, card, open, openSearchPanel, signedIn } from "./storefront-helpers";

/**
 * Parts of the shop pages whose code leaves the first visit (issue 16) still work as before: the listing's page links
 * without any JavaScript, the search box before its autocomplete's code has arrived, the carousel with no swipe code.
 */
describe("storefront parts that load late: page links, search autocomplete, product carousel", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("pages a listing with plain links, without JavaScript, marking the current page", async () => {
    const owner = await signedIn(browser, "sofia@demo.tianguis.mx");
    for (let index = 1; index <= 28; index += 1) {
      await apiWrite(owner.context, "POST", "/shops/sabores/products", {
        type: "product",
        name: `Mole de olla ${index}`,
        list_price: 9000 + index * 100,
        stock: 5,
        category: "Moles",
      });
    }
    await owner.context.close();

    const context = await browser.newContext({ locale: "es-MX", baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/tienda/sabores/productos");
    const pages = page.getByRole("navigation", { name: "Paginación" });
    expect(await pages.getByRole("link", { name: "1", exact: true }).getAttribute("aria-current")).toBe("page");
    expect(await pages.getByRole("link", { name: "2", exact: true }).getAttribute("aria-current")).toBeNull();
    // On the first page 'previous' leads nowhere: a link without href, announced as disabled.
    expect(await pages.getByRole("link", { name: "Página anterior" }).getAttribute("href")).toBeNull();
    expect(await pages.getByRole("link", { name: "Página anterior" }).getAttribute("aria-disabled")).toBe("true");
    await pages.getByRole("link", { name: "Página siguiente" }).click();
    await page.waitForURL(/\/tienda\/sabores\/productos\?page=2$/);
    expect(await page.getByTestId("product-card").count()).toBe(1);
    expect(await pages.getByRole("link", { name: "2", exact: true }).getAttribute("aria-current")).toBe("page");
    expect(await pages.getByRole("link", { name: "Página anterior" }).getAttribute("href")).toBe("/tienda/sabores/productos");
    expect(await pages.getByRole("link", { name: "Página siguiente" }).getAttribute("href")).toBeNull();
    await context.close();
  });

  it("keeps what the visitor types before the autocomplete's code arrives, then suggests and follows the keyboard", async () => {
    const { context, page } = await newPage(browser);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/SearchAutocomplete-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await open(page, "/tienda/demo");
    await openSearchPanel(page);
    const input = page.getByRole("searchbox", { name: "¿Qué estás buscando?" });
    await input.click();
    await input.pressSequentially("rebo");
    expect(await input.inputValue()).toBe("rebo");
    expect(await page.getByRole("listbox").count()).toBe(0);

    release();
    await page.getByRole("option", { name: /Rebozo de seda/ }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("¿Qué estás buscando?");
    expect(await input.inputValue()).toBe("rebo");
    await page.getByRole("option", { name: 'Buscar "rebo"' }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/tienda\/demo\/productos\/demo\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Rebozo de seda de Santa María del Río" }).waitFor();
    await context.close();
  });

  it("searches the typed text with Enter before the autocomplete's code arrives", async () => {
    const { context, page } = await newPage(browser);
    await page.route(/\/assets\/SearchAutocomplete-[^/]*\.js$/, (route) => route.abort());
    await open(page, "/tienda/demo");
    await openSearchPanel(page);
    const input = page.getByRole("searchbox", { name: "¿Qué estás buscando?" });
    await input.fill("talav");
    await input.press("Enter");
    await page.waitForURL(`${baseURL()}/tienda/demo/productos?q=talav*`);
    await card(page, "Jarrón de Talavera poblana").waitFor();
    await context.close();
  });

  it("scrolls the product carousel natively: no script for it, arrows and ArrowRight step one card, 'next' stops at the end", async () => {
    const { context, page } = await newPage(browser);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await open(page, "/tienda/demo");
    const next = page.getByRole("button", { name: "Siguientes" }).first();
    const previous = page.getByRole("button", { name: "Anteriores" }).first();
    const carousel = next.locator("xpath=../..");
    const cards = carousel.getByTestId("product-card");
    const left = async (index: number) => (await cards.nth(index).boundingBox())?.x ?? 0;
    const row = await carousel.boundingBox();
    const cardWidth = (await cards.first().boundingBox())?.width;
    const start = await left(0);
    expect(await previous.getAttribute("data-inactive")).toBe("true");
    expect(await previous.getAttribute("tabindex")).toBe("-1");

    // One step: the second card takes the first one's place and 'previous' leads somewhere.
    await next.click();
    await expect.poll(() => left(1)).toBeCloseTo(start, 0);
    await expect.poll(() => previous.getAttribute("data-inactive")).toBeNull();
    expect(await previous.getAttribute("tabindex")).toBe("0");
    await previous.click();
    await expect.poll(() => left(0)).toBeCloseTo(start, 0);

    // ArrowRight inside the row steps the same way.
    await cards.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => left(1)).toBeCloseTo(start, 0);

    // Stepping on reaches the end: the last card ends flush with the row and 'next' goes inactive.
    const count = await cards.count();
    for (let index = 2; index <= count - 5; index += 1) {
      await next.click();
      await expect.poll(() => left(index)).toBeCloseTo(start, 0);
    }
    await expect.poll(() => next.getAttribute("data-inactive")).toBe("true");
    expect(await next.getAttribute("tabindex")).toBe("-1");
    const last = await cards.last().boundingBox();
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeCloseTo((row?.x ?? 0) + (row?.width ?? 0), 0);

    const rowAfter = await carousel.boundingBox();
    expect([rowAfter?.x, rowAfter?.width, rowAfter?.height]).toEqual([row?.x, row?.width, row?.height]);
    expect((await cards.first().boundingBox())?.width).toBe(cardWidth);
    expect(scripts.filter((script) => /carousel|embla/i.test(script))).toEqual([]);
    await context.close();
  });
});
