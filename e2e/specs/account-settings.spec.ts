import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { pick } from "./checkout-helpers";
import { open, signedIn } from "./storefront-helpers";

const phoneWidth = { width: 390, height: 844 };

/**
 * Issue 31: the settings a seller could not reach and the security of the profile. Changing the password asks for the
 * current one ('Contraseña actual incorrecta'), ends the other sessions and tells the account holder; a seller sets
 * the shop's contact details and WhatsApp number, and the WhatsApp button appears; the storefront's dead ends land.
 */
describe("account and shop settings", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a new password asks for the current one; a wrong one is refused, the right one ends the other session and e-mails Carlos", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    const other = await signedIn(browser, "carlos@demo.tianguis.mx");
    await open(page, "/preferencias");
    const current = page.getByLabel("Contraseña actual");
    expect(await current.count()).toBe(0);
    await page.getByLabel("Nueva contraseña (opcional)").fill("clave-nueva-31");
    await current.waitFor();
    await page.getByText("Para cambiar tu contraseña, correo o teléfono escribe tu contraseña actual.", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await page.getByText("Requerido").waitFor();
    await current.fill("no-es-esta");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await page.getByText("Contraseña actual incorrecta").first().waitFor();
    await snap(page, "account-settings-wrong-current-password");
    expect((await other.context.request.get("/api/v1/auth/me")).status()).toBe(200);

    await current.fill("demo12345");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await page.getByText("Perfil actualizado").waitFor();
    expect(await current.count()).toBe(0);
    expect((await context.request.get("/api/v1/auth/me")).status()).toBe(200);
    expect((await other.context.request.get("/api/v1/auth/me")).status()).toBe(401);
    const outbox = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent("carlos@demo.tianguis.mx")}`);
    const [notice] = ((await outbox.json()) as { results: { subject: string; body: string }[] }).results;
    expect(notice.subject).toBe("Cambios en tu cuenta de Tianguis");
    expect(notice.body).toContain("se cambió la contraseña");
    await page.setViewportSize(phoneWidth);
    await page.getByLabel("Nueva contraseña (opcional)").fill("otra-clave-31");
    await current.waitFor();
    await snap(page, "account-settings-current-password-phone");
    await other.context.close();
    await context.close();
  });

  it("Mateo sets his shop's WhatsApp number in the settings and the WhatsApp button appears on his shop", async () => {
    const { context, page } = await signedIn(browser, "mateo@demo.tianguis.mx");
    await open(page, "/tienda/mateo");
    expect(await page.getByRole("link", { name: "Escríbenos por WhatsApp" }).count()).toBe(0);
    await open(page, "/tienda/mateo/admin/configuracion");
    const form = page.getByRole("form", { name: "Datos de contacto" });
    await form.waitFor();
    const whatsapp = form.getByLabel("Número de WhatsApp");
    await whatsapp.fill("123");
    await form.getByLabel("Correo de contacto").fill("no-es-correo");
    await form.getByRole("button", { name: "Guardar" }).click();
    await form.getByText("Número inválido").waitFor();
    await form.getByText("Correo electrónico inválido").waitFor();
    await whatsapp.fill("5511223344");
    await form.getByLabel("Correo de contacto").fill("ventas@mateo.mx");
    await form.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Se guardaron los cambios de la tienda").waitFor();
    await snap(page, "account-settings-shop-contact");
    await page.setViewportSize(phoneWidth);
    await form.scrollIntoViewIfNeeded();
    await snap(page, "account-settings-shop-contact-phone");

    const visitor = await newPage(browser);
    await open(visitor.page, "/tienda/mateo");
    const button = visitor.page.getByRole("link", { name: "Escríbenos por WhatsApp" });
    await button.waitFor();
    expect(await button.getAttribute("href")).toBe("https://wa.me/525511223344");
    await visitor.page.getByRole("button", { name: "Contáctanos" }).click();
    await visitor.page.getByRole("link", { name: "ventas@mateo.mx" }).waitFor();
    await visitor.context.close();
    await context.close();
  });

  it("dead ends land: a franchise's 'Contacto', the shop by its id, and comprar-articulo", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/sabores");
    await page.getByRole("navigation", { name: "Secciones de la tienda" }).getByRole("link", { name: "Contacto", exact: true }).click();
    await page.waitForURL(`${baseURL()}/tienda/sabores/info`);
    await page.getByRole("heading", { name: "Contacto" }).first().waitFor();

    const shop = (await (await fetch(`${baseURL()}/api/v1/shops/demo`)).json()) as { id: string };
    const byId = await page.goto(`/tienda/${shop.id}/productos?page=1`);
    expect(byId?.status()).toBe(200);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/tienda/demo/productos?page=1");

    const buyItem = await page.goto("/tienda/demo/comprar-articulo");
    expect(buyItem?.status()).toBe(200);
    await page.getByRole("heading", { name: "Finalizar compra" }).waitFor();
    await context.close();
  });

  it("the cart button is inactive during checkout; reopening the cart after closing it loads the orders again", async () => {
    const { context, page } = await signedIn(browser, "admin@demo.tianguis.mx");
    // The page's clock, so the panel's 500 ms reset is stepped over rather than waited for.
    await page.clock.install();
    await open(page, "/tienda/demo");
    const cartButton = page.getByRole("button", { name: /^Carrito/ });
    await cartButton.click();
    const drawer = page.getByRole("dialog", { name: "Carrito" });
    await drawer.waitFor();
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await page.clock.fastForward(500);

    // Another device of Elena's adds an item: the next opening of the panel shows it, without a reload.
    const item = await pick("demo", "demo");
    const csrf = (await context.cookies()).find((cookie) => cookie.name === "tianguis_csrf")?.value ?? "";
    const added = await context.request.put("/api/v1/shops/demo/cart/items", {
      data: { product_id: item.id, quantity: 2 },
      headers: { "x-csrf-token": csrf },
    });
    expect(added.ok()).toBe(true);
    await cartButton.click();
    await drawer.getByText(item.name).first().waitFor();

    await drawer.getByRole("link", { name: "Pagar" }).first().click();
    await page.waitForURL(/\/tienda\/demo\/comprar/);
    await expect.poll(() => page.getByRole("button", { name: /^Carrito/ }).isDisabled()).toBe(true);
    await open(page, "/tienda/demo");
    expect(await page.getByRole("button", { name: /^Carrito/ }).isDisabled()).toBe(false);
    await context.close();
  });
});
