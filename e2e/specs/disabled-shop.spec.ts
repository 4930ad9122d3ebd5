import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { type Item, addShownItemToCart, pick } from "./checkout-helpers";
import { open, signedIn } from "./storefront-helpers";

/**
 * A platform admin disables a shop and enables it again. The shop is the franchise 'sabores' (this spec file has its own
 * server and database, and no other test here buys from it); it is enabled again at the end whatever happened.
 */
const phone = { width: 390, height: 844 };
const shop = "sabores";
const shopName = "Sabores de la Abuela";
const reason = "Hay 3 pedidos pagados sin enviar desde hace más de 10 días.";

async function csrfOf(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "tianguis_csrf")?.value ?? "";
}

describe("disabled shops: the platform admin disables a shop, visitors cannot buy, the owner reads why", () => {
  let browser: Browser;
  let item: Item;
  beforeAll(async () => {
    browser = await launchBrowser();
    item = await pick(shop, shop);
  });
  afterAll(async () => {
    const admin = await signedIn(browser, "admin@demo.tianguis.mx");
    await admin.context.request.fetch(`/api/v1/platform/shops/${shop}/enable`, {
      method: "POST",
      headers: { "x-csrf-token": await csrfOf(admin.context) },
    });
    await admin.context.close();
    await browser?.close();
  });

  it("someone who is not a platform admin is told the page is not for them", async () => {
    const owner = await signedIn(browser, "sofia@demo.tianguis.mx");
    await open(owner.page, "/plataforma/tiendas");
    await owner.page.getByText("Esta página es solo para administradores de la plataforma.").waitFor();
    expect(await owner.page.getByRole("button", { name: /Deshabilitar/ }).count()).toBe(0);
    await owner.context.close();
  });

  it("the admin disables the shop with a reason from a phone; a visitor then sees the warning and cannot add to cart", async () => {
    // A customer has the shop's item in the cart before it is disabled; a visitor has seen its (cached) home page.
    const customer = await signedIn(browser, "carlos@demo.tianguis.mx");
    const added = await customer.context.request.fetch(`/api/v1/shops/${shop}/cart/items`, {
      method: "PUT",
      data: { product_id: item.id, quantity: 1 },
      headers: { "x-csrf-token": await csrfOf(customer.context) },
    });
    expect(added.status()).toBe(200);
    const visitor = await newPage(browser, { viewport: phone });
    await open(visitor.page, `/tienda/${shop}`);
    expect(await visitor.page.getByText("Tienda deshabilitada").count()).toBe(0);

    const admin = await signedIn(browser, "admin@demo.tianguis.mx", phone);
    await open(admin.page, "/");
    await admin.page.getByRole("button", { name: "Menú de cuenta" }).click();
    await admin.page.getByRole("menuitem", { name: "Administración de la plataforma" }).click();
    await admin.page.getByRole("heading", { level: 1, name: "Tiendas de la plataforma" }).waitFor();
    await admin.page.getByRole("textbox", { name: "Buscar por nombre o dirección" }).fill("sabores");
    await admin.page.getByRole("button", { name: "Buscar", exact: true }).click();
    await admin.page.waitForURL(/q=sabores/);
    const row = admin.page.locator(`[data-slug="${shop}"]`);
    await row.waitFor();
    expect(await admin.page.getByTestId("platform-shop").count()).toBe(1);
    // Away from the search button, which would be checked in its hover colour.
    await admin.page.mouse.move(0, 0);
    expect(await seriousViolations(admin.page)).toEqual([]);
    await row.getByRole("button", { name: `Deshabilitar ${shopName}` }).click();
    const dialog = admin.page.getByRole("dialog", { name: `Deshabilitar ${shopName}` });
    await dialog.getByRole("button", { name: "Deshabilitar" }).click();
    await dialog.getByText("Requerido").waitFor();
    await dialog.getByRole("textbox", { name: /Motivo/ }).fill(reason);
    expect(await seriousViolations(admin.page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole("button", { name: "Deshabilitar" }).click();
    await dialog.waitFor({ state: "detached" });
    await row.getByText(`Motivo: ${reason}`).waitFor();
    await row.getByRole("button", { name: `Habilitar ${shopName}` }).waitFor();
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(admin.page, "disabled-shop-platform-admin-phone");
    await admin.context.close();

    // The visitor's next page is not the cached one: the warning shows at once, with the help link.
    await open(visitor.page, `/tienda/${shop}`);
    const warning = visitor.page.getByRole("alert").filter({ hasText: "Tienda deshabilitada" });
    await warning.getByText("no es posible comprar en ella por ahora").waitFor();
    expect(await warning.getByText(reason).count()).toBe(0);
    expect(await seriousViolations(visitor.page)).toEqual([]);
    await snap(visitor.page, "disabled-shop-visitor-phone");
    await open(visitor.page, `/tienda/${shop}/productos/${item.owner_slug}/${item.id}`);
    const addButton = visitor.page.getByRole("button", { name: "Agregar al carrito" });
    expect(await addButton.isDisabled()).toBe(true);
    await visitor.page.getByText("No puedes comprar en esta tienda mientras esté deshabilitada.").waitFor();
    await visitor.page.getByRole("link", { name: "¿Qué significa y cómo se resuelve?" }).click();
    await visitor.page.waitForURL(`${baseURL()}/ayuda/proveedores/deshabilitado`);
    await visitor.page.getByRole("heading", { level: 1, name: "Tiendas deshabilitadas" }).waitFor();
    await visitor.context.close();

    // The customer's cart says why its line cannot be bought, and adding more is refused with the coded error.
    await open(customer.page, `/tienda/${shop}/carrito`);
    await customer.page.getByText("Esta tienda está deshabilitada y no puede vender por ahora").first().waitFor();
    const refused = await customer.context.request.fetch(`/api/v1/shops/${shop}/cart/items`, {
      method: "PUT",
      data: { product_id: item.id, quantity: 2 },
      headers: { "x-csrf-token": await csrfOf(customer.context) },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).code).toBe("shop_disabled");
    await customer.context.close();
  });

  it("the owner sees the platform's reason in the shop and an alert in the bell", async () => {
    const owner = await signedIn(browser, "sofia@demo.tianguis.mx");
    await open(owner.page, `/tienda/${shop}`);
    const warning = owner.page.getByRole("alert").filter({ hasText: "Tienda deshabilitada" });
    await warning.getByText("La plataforma deshabilitó tu tienda").waitFor();
    expect(await warning.getByTestId("disabled-reason").textContent()).toBe(`Motivo: ${reason}`);
    expect(await seriousViolations(owner.page)).toEqual([]);
    await snap(owner.page, "disabled-shop-owner-desktop");
    await owner.page.getByRole("button", { name: /^Alertas, / }).click();
    const drawer = owner.page.getByRole("dialog", { name: "Alertas" });
    await drawer.getByText(`Tu tienda ${shopName} fue deshabilitada: ${reason}`).waitFor();
    await owner.context.close();
  });

  it("enabling the shop again restores buying", async () => {
    const admin = await signedIn(browser, "admin@demo.tianguis.mx");
    await open(admin.page, "/plataforma/tiendas?state=disabled");
    const row = admin.page.locator(`[data-slug="${shop}"]`);
    await row.getByRole("button", { name: `Habilitar ${shopName}` }).click();
    await admin.page.getByText("Tienda habilitada").first().waitFor();
    // The list of disabled shops no longer holds it.
    await row.waitFor({ state: "detached" });
    await admin.context.close();

    const { context, page } = await newPage(browser);
    await open(page, `/tienda/${shop}/productos/${item.owner_slug}/${item.id}`);
    expect(await page.getByText("Tienda deshabilitada").count()).toBe(0);
    await addShownItemToCart(page);
    await page.getByRole("dialog", { name: "Carrito" }).getByText(item.name).first().waitFor();
    await context.close();
  });

  it("the admin assigns a shop's support: without its franchise URL, the franchise owner is shown the advisor", async () => {
    const admin = await signedIn(browser, "admin@demo.tianguis.mx");
    await open(admin.page, "/plataforma/tiendas?q=sabores");
    await admin.page
      .locator(`[data-slug="${shop}"]`)
      .getByRole("button", { name: `Soporte ${shopName}` })
      .click();
    const dialog = admin.page.getByRole("dialog", { name: `Soporte de ${shopName}` });
    const url = dialog.getByRole("textbox", { name: "URL de soporte para franquicias" });
    expect(await url.inputValue()).toBe("/ayuda#franquicias");
    await url.fill("soporte");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await dialog.getByText("URL inválida").waitFor();
    await url.fill("");
    await admin.page.mouse.move(0, 0);
    expect(await seriousViolations(admin.page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await dialog.waitFor({ state: "detached" });
    await admin.context.close();

    const owner = await signedIn(browser, "sofia@demo.tianguis.mx");
    await open(owner.page, `/tienda/${shop}`);
    await owner.page.getByRole("button", { name: "Menú de cuenta" }).click();
    await owner.page.getByRole("menuitem", { name: "Mi asesor" }).click();
    const advisor = owner.page.getByRole("dialog", { name: "Mi asesor" });
    expect(await advisor.getByTestId("advisor-phone").textContent()).toBe("(554) 433-2211");
    await owner.context.close();
  });
});
