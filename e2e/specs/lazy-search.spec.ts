import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage } from "../browser";
import { apiWrite, card, open, signedIn } from "./storefront-helpers";

/**
 * Parts of the shop pages whose code leaves the first visit (issue 16) still work as before: the listing's page links
 * without any JavaScript, the search box before its autocomplete's code has arrived, the carousel before its swipe code.
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
    const toggle = page.getByRole("button", { name: /^(Buscar|Cerrar búsqueda)$/ });
    await expect
      .poll(
        async () => {
          if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click({ timeout: 1000 }).catch(() => undefined);
          return toggle.getAttribute("aria-expanded");
        },
        { timeout: 15_000 },
      )
      .toBe("true");
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
    const toggle = page.getByRole("button", { name: /^(Buscar|Cerrar búsqueda)$/ });
    await expect
      .poll(
        async () => {
          if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click({ timeout: 1000 }).catch(() => undefined);
          return toggle.getAttribute("aria-expanded");
        },
        { timeout: 15_000 },
      )
      .toBe("true");
    const input = page.getByRole("searchbox", { name: "¿Qué estás buscando?" });
    await input.fill("talav");
    await input.press("Enter");
    await page.waitForURL(`${baseURL()}/tienda/demo/productos?q=talav*`);
    await card(page, "Jarrón de Talavera poblana").waitFor();
    await context.close();
  });

  it("draws the product carousel on the server and keeps it in place when its swipe code arrives; an early arrow press counts", async () => {
    const { context, page } = await newPage(browser);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requested = false;
    await page.route(/\/assets\/carousel-motion-[^/]*\.js$/, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    await open(page, "/tienda/demo");
    const next = page.getByRole("button", { name: "Siguientes" }).first();
    const carousel = next.locator("xpath=../..");
    const firstCard = carousel.getByTestId("product-card").first();
    const before = await firstCard.boundingBox();
    const rowBefore = await carousel.boundingBox();
    await next.click();
    await expect.poll(() => requested).toBe(true);
    release();
    // The arrow pressed while the code was on its way moves the row one card once it arrives.
    await expect.poll(async () => (await firstCard.boundingBox())?.x ?? 0).toBeLessThan((before?.x ?? 0) - 100);
    const rowAfter = await carousel.boundingBox();
    expect(rowAfter?.height).toBe(rowBefore?.height);
    expect((await firstCard.boundingBox())?.width).toBe(before?.width);
    await page.getByRole("button", { name: "Anteriores" }).first().click();
    await expect.poll(async () => (await firstCard.boundingBox())?.x ?? 0).toBeCloseTo(before?.x ?? 0, 0);
    await context.close();
  });
});
