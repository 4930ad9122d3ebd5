import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage } from "../browser";
import { seriousViolations as violations } from "./a11y-helpers";
import { addToCart, pick } from "./checkout-helpers";
import { open, signedIn } from "./storefront-helpers";

async function expectAccessible(page: Page, path: string) {
  await open(page, path);
  expect(await violations(page), path).toEqual([]);
}

// Each test walks many pages with an axe pass on each: on a loaded 2-core machine that outlasts the default 90 s.
describe("accessibility (axe, WCAG 2.1 AA)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("public pages: marketplace, shops, listings, not-found, login, sign-up, catalogues, network", async () => {
    const { context, page } = await newPage(browser);
    for (const path of [
      "/",
      "/tienda/demo",
      "/tienda/mateo",
      "/tienda/demo/productos",
      "/tienda/no-existe",
      "/no-existe",
      "/login",
      "/register",
      "/tienda/demo/catalogos",
      "/red-comercial",
    ]) {
      await expectAccessible(page, path);
    }
    await context.close();
  });

  it("the same pages in the dark scheme and at phone width", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: "theme", value: "dark", url: baseURL() }]);
    for (const path of ["/", "/tienda/demo", "/tienda/mateo/productos", "/login"]) await expectAccessible(page, path);
    await context.close();
  });

  it("a product page, the cart drawer and checkout", async () => {
    const { context, page } = await newPage(browser);
    const item = await pick("mateo", "demo");
    await expectAccessible(page, `/tienda/mateo/productos/${item.owner_slug}/${item.id}`);
    await addToCart(page, "mateo", item);
    expect(await violations(page), "cart drawer").toEqual([]);
    await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await page.getByRole("textbox", { name: "Nombre completo" }).waitFor();
    expect(await violations(page), "checkout").toEqual([]);
    await context.close();
  });

  it("a customer's purchases, addresses (with the address dialog) and preferences", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    for (const path of ["/mis-compras", "/mis-direcciones", "/preferencias"]) await expectAccessible(page, path);
    await open(page, "/mis-direcciones");
    await page.getByRole("button", { name: "Agregar dirección" }).click();
    await page.getByRole("dialog", { name: "Nueva dirección" }).waitFor();
    expect(await violations(page), "address dialog").toEqual([]);
    await open(page, "/mis-compras");
    await page.getByRole("link", { name: "Ver compra" }).first().click();
    await page
      .getByRole("heading", { name: /^Pedido \d+/ })
      .first()
      .waitFor();
    expect(await violations(page), "purchase detail").toEqual([]);
    await context.close();
  });

  it("preferences while the profile is still loading (a slow API under load)", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/v1/profile", async (route) => {
      await held;
      await route.continue();
    });
    await open(page, "/preferencias");
    await page.locator('[aria-busy="true"]').first().waitFor();
    expect(await violations(page), "preferences loading").toEqual([]);
    release();
    await context.close();
  });

  it("a supplier's orders list and an order's detail", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await expectAccessible(page, "/tienda/demo/admin/ordenes");
    await page
      .getByRole("link", { name: /^#\d+$/ })
      .first()
      .click();
    await page.getByRole("heading", { name: "Historial del pedido" }).waitFor();
    expect(await violations(page), "order detail").toEqual([]);
    await context.close();
  });

  it("a shop owner's storefront with the admin bar, admin pages and the product form", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    for (const path of [
      "/tienda/demo",
      "/tienda/demo/admin/banners",
      "/tienda/demo/admin/configuracion",
      "/tienda/demo/productos",
      "/apps/me/products",
      "/apps/me/products/create",
    ]) {
      await expectAccessible(page, path);
    }
    await context.close();
  });
});
