import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, waitForHydration } from "../browser";
import { signedIn } from "./storefront-helpers";

/** The scripts a page has requested so far, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);

// Issue 16: the shop's top bar and admin bar are rendered with the page, their menus and popovers (Mantine's Menu and
// Popover, and floating-ui with them) download when the visitor reaches for them.
describe("shop chrome: menus and popovers whose code downloads on intent", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("opens the account menu by keyboard on the first try, while its code is still on the way, and gives focus back on Escape", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    const scripts = scriptsOf(page);
    // The dropdown's chunk arrives late, so Enter is pressed before it is there.
    await page.route(/\/UserMenuDropdowns-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto("/tienda/demo");
    await waitForHydration(page);
    const account = page.getByRole("button", { name: "Menú de cuenta" });
    await account.waitFor();
    expect(await account.getAttribute("aria-haspopup")).toBe("menu");
    expect(await account.getAttribute("aria-expanded")).toBe("false");
    expect(scripts.some((script) => script.includes("UserMenuDropdowns"))).toBe(false);

    await account.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.waitFor();
    expect(scripts.filter((script) => script.includes("UserMenuDropdowns"))).toHaveLength(1);
    expect(await account.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.getAttribute("id")).toBe(await account.getAttribute("aria-controls"));
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("Crear mi tienda");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("Mi suscripción");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await expect.poll(() => focused(page)).toBe("Menú de cuenta");
    expect(await account.getAttribute("aria-expanded")).toBe("false");

    // Space opens it again; a click on the button closes it (not closed by 'outside' and opened again).
    await page.keyboard.press("Space");
    await menu.waitFor();
    await account.click();
    await menu.waitFor({ state: "hidden" });
    await context.close();
  });

  it("opens the language menu by mouse and the visitor's phone menu by touch", async () => {
    const desktop = await newPage(browser);
    const scripts = scriptsOf(desktop.page);
    await desktop.page.goto("/tienda/demo");
    await waitForHydration(desktop.page);
    expect(scripts.some((script) => script.includes("LanguageMenu"))).toBe(false);
    await desktop.page.getByRole("button", { name: "Idioma" }).click();
    await desktop.page.getByRole("menuitem", { name: "English" }).waitFor();
    await desktop.page.mouse.click(400, 600);
    await desktop.page.getByRole("menu").waitFor({ state: "hidden" });
    await desktop.context.close();

    const phone = await browser.newContext({ locale: "es-MX", viewport: { width: 390, height: 844 }, hasTouch: true, baseURL: baseURL() });
    const page = await phone.newPage();
    await page.goto("/tienda/demo");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Abrir menú" }).tap();
    await page.getByRole("menuitem", { name: "Iniciar sesión" }).waitFor();
    await page.getByRole("menuitem", { name: "Regístrate" }).tap();
    await page.getByRole("dialog", { name: "Regístrate para continuar" }).waitFor();
    await phone.close();
  });

  it("opens the admin bar's share panel by keyboard and closes it with Escape from its button", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    const scripts = scriptsOf(page);
    await page.goto("/tienda/demo");
    await waitForHydration(page);
    const share = page.getByRole("navigation", { name: "Barra de administración" }).getByRole("button", { name: "Compartir tienda" });
    expect(scripts.some((script) => script.includes("ShareShopPopover"))).toBe(false);
    await share.focus();
    await page.keyboard.press("Enter");
    const address = page.getByRole("textbox", { name: "Compartir tienda" });
    expect(await address.inputValue()).toMatch(/\/tienda\/demo$/);
    expect(await share.getAttribute("aria-haspopup")).toBe("dialog");
    await page.keyboard.press("Escape");
    await address.waitFor({ state: "hidden" });
    expect(await focused(page)).toBe("Compartir tienda");
    await context.close();
  });
});
