import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { customer, dropFile, open, openAdminSection, owner, signedInPage, svgImage, toast } from "./admin-helpers";
import { addToCart, pick } from "./checkout-helpers";
import { advanceUntilHidden, advanceUntilVisible } from "./clock-helpers";
import { apiWrite, signedIn } from "./storefront-helpers";

describe("shop administration: admin bar, editors, banners and carousel", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("shows no admin controls to visitors and customers, and refuses them the admin pages", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo");
    expect(await page.getByRole("navigation", { name: "Barra de administración" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Editar carrusel" }).count()).toBe(0);
    const refused = await page.goto("/tienda/demo/admin/configuracion");
    expect(refused?.status()).toBe(403);
    await context.close();
    const signed = await signedInPage(browser, customer);
    await open(signed.page, "/tienda/demo");
    expect(await signed.page.getByRole("button", { name: "Editar encabezado" }).count()).toBe(0);
    expect((await signed.page.goto("/tienda/demo/admin/banners"))?.status()).toBe(403);
    await signed.context.close();
  });

  it("gives the owner the floating admin bar with a share panel, collapsible on desktop", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo");
    const bar = page.getByRole("navigation", { name: "Barra de administración" });
    await bar.waitFor();
    await bar.getByRole("button", { name: "Expandir barra" }).click();
    await bar.getByText("Casa Lucía Artesanías").waitFor();
    await bar.getByRole("button", { name: "Compartir tienda" }).click();
    const shared = await page.getByRole("textbox", { name: "Compartir tienda" }).inputValue();
    expect(shared).toMatch(/\/tienda\/demo$/);
    await page.getByRole("button", { name: "Copiar enlace" }).waitFor();
    await snap(page, "admin-bar-desktop");
    await page.keyboard.press("Escape");
    await bar.getByRole("button", { name: "Contraer barra" }).click();
    await bar.getByRole("button", { name: "Expandir barra" }).waitFor();
    await context.close();
  });

  it("keeps the admin bar closed on a phone until asked for, and hides it again", async () => {
    const { context, page } = await signedInPage(browser, undefined, { viewport: { width: 390, height: 844 } });
    await open(page, "/tienda/demo");
    const bar = page.getByRole("navigation", { name: "Barra de administración" });
    expect(await bar.isVisible()).toBe(false);
    await page.getByRole("button", { name: /^Administrar tienda/ }).click();
    await bar.waitFor();
    await snap(page, "admin-bar-phone");
    await bar.getByRole("button", { name: "Ocultar barra" }).click();
    await bar.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: /^Administrar tienda/ }).click();
    // Following a link closes it again, so the next page is not covered.
    await openAdminSection(page, "Ventas");
    await bar.getByRole("link", { name: /^Pedidos/ }).click();
    await page.waitForURL(/\/tienda\/demo\/admin\/ordenes/);
    await bar.waitFor({ state: "hidden" });
    await context.close();
  });

  it("edits the shop from the settings page reached by the gear: sections, columns, name and social links", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo");
    await page.getByRole("link", { name: "Personalizar tienda" }).click();
    await page.waitForURL(/\/tienda\/demo\/admin\/configuracion\?showCustomShopToggle=true$/);
    await page.getByRole("heading", { name: "Configuración de la tienda" }).waitFor();
    const colour = page.waitForRequest(
      (request) => request.method() === "PATCH" && request.postData()?.includes('"field":"color1"') === true,
    );
    await page.getByRole("button", { name: "#1d4ed8" }).click();
    expect(JSON.parse((await colour).postData() ?? "{}")).toEqual({ field: "color1", color1: "#1d4ed8" });
    await page.locator("#custom-shop").getByText("1", { exact: true }).click();
    await toast(page, "Se guardaron los cambios de la tienda");
    const name = page.getByRole("textbox", { name: "Nombre de la tienda" });
    await name.fill("");
    await name.blur();
    await page.getByText("Requerido").waitFor();
    await name.fill("Casa Lucía Artesanías");
    const discord = page.getByRole("textbox", { name: "Discord" });
    const saveSocial = page.locator("form").filter({ has: discord }).getByRole("button", { name: "Guardar" });
    expect(await saveSocial.isDisabled()).toBe(true);
    await discord.fill("discord");
    await discord.blur();
    await page.getByText("URL inválida").waitFor();
    await discord.fill("https://discord.gg/casalucia");
    await saveSocial.click();
    await toast(page, "Se guardaron los cambios de la tienda");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("form button[type=submit]")].some((button) => (button as HTMLButtonElement).disabled),
    );
    await snap(page, "admin-settings-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "admin-settings-phone");
    await context.close();
  });

  it("rejects a header background of the wrong format with the spec's text, and accepts an SVG", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo");
    await page.getByRole("button", { name: "Editar fondo" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar fondo" });
    await dialog.locator('input[type="file"]').setInputFiles({ name: "fondo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await dialog
      .getByText("El tamaño de archivo de la imagen sobrepasa el máximo permitido (4MB). Los formatos válidos son .jpeg, .png, .svg")
      .waitFor();
    await dropFile(dialog, 0, svgImage("Fondo", 1600, 400, ["#7c2d12", "#7c2d12"]));
    await toast(page, "Se guardaron los cambios de la tienda");
    await dialog.getByText("Colores principales").waitFor();
    const swatch = dialog.getByRole("button", { name: /^#[0-9a-f]{6}$/ }).first();
    const main = (await swatch.getAttribute("aria-label")) ?? "";
    expect(main).toMatch(/^#7[0-9a-f]2[0-9a-f]1[0-9a-f]$/);
    const suggestion = page.waitForRequest(
      (request) => request.method() === "PATCH" && request.postData()?.includes(`"color1":"${main}"`) === true,
    );
    await swatch.click();
    await suggestion;
    await context.close();
  });

  it("rejects a shop photo of the wrong format with the 'Imagen rechazada' toast, up for 15 s", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo/admin/configuracion");
    await page.clock.install();
    // Paused a moment ahead: from here only fastForward moves the page's clock, however slowly the machine runs.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page
      .locator('input[type="file"][aria-label="Cambiar foto de la tienda"]')
      .setInputFiles({ name: "foto.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    const rejected = page.getByRole("alert").filter({ hasText: "Imagen rechazada" });
    // The page's first toast: its code downloads first.
    await advanceUntilVisible(page, rejected, 60_000);
    await rejected
      .getByText("El tamaño de archivo de la imagen sobrepasa el máximo permitido (4MB). Los formatos válidos son .jpeg, .png, .svg")
      .waitFor();
    await page.mouse.move(10, 500);
    await snap(page, "shop-photo-rejected-desktop");
    // Longer than the 10 s of the inline rejection: still up at 14 s, gone before 17 s.
    await page.clock.fastForward(14_000);
    expect(await rejected.isVisible()).toBe(true);
    expect(await advanceUntilHidden(page, rejected)).toBeLessThan(3000);
    await context.close();
  });

  it("creates, updates and deletes a banner from the banner table", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo/admin/banners");
    await page.getByRole("heading", { name: "Banners de la tienda" }).waitFor();
    await page.getByText("No rows found").waitFor();
    await page.getByRole("button", { name: "Nuevo banner" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo banner" });
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await dialog.getByText("La imagen es obligatoria").first().waitFor();
    await dropFile(dialog, 0, svgImage("Verano", 1400, 450, ["#0f766e", "#22d3ee"]));
    await dialog.getByRole("img", { name: "Imagen (1400x450)" }).waitFor();
    await dropFile(dialog, 1, svgImage("Verano", 1000, 450, ["#0f766e", "#22d3ee"]));
    await dialog.getByRole("img", { name: "Imagen para móvil" }).waitFor();
    await dialog.getByRole("textbox", { name: "Enlace" }).fill("https://example.com/verano");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await toast(page, "Se creó el banner correctamente");
    const table = page.getByRole("table", { name: "Banners de la tienda" });
    await table.getByText("https://example.com/verano").waitFor();
    await snap(page, "admin-banners-desktop");
    await table.getByRole("button", { name: "Editar" }).click();
    const edit = page.getByRole("dialog", { name: "Editar banner" });
    await edit.getByRole("textbox", { name: "Visibilidad" }).click();
    await page.getByRole("option", { name: "Visitantes anónimos" }).click();
    await edit.getByRole("textbox", { name: "Tipo", exact: true }).click();
    await page.getByRole("option", { name: "Producto", exact: true }).click();
    await edit.getByRole("textbox", { name: "Producto", exact: true }).click();
    await page.getByRole("option", { name: "Taza de barro negro de Oaxaca" }).click();
    await edit.getByRole("button", { name: "Guardar" }).click();
    await toast(page, "Se actualizó el banner correctamente");
    await table.getByText("Visitantes anónimos").waitFor();
    await table.getByText("Producto", { exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "admin-banners-phone");
    await table.getByRole("button", { name: "Eliminar" }).click();
    await toast(page, "Se borró el banner correctamente");
    await page.getByText("No rows found").waitFor();
    await context.close();
  });

  it("edits the header: limits, required url and label, then shows it on the storefront", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo");
    await page.getByRole("button", { name: "Editar encabezado" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar encabezado" });
    await dialog.getByRole("button", { name: "Nuevo encabezado" }).click();
    const title = dialog.getByRole("textbox", { name: "Título", exact: true });
    await title.fill("x".repeat(31));
    await title.blur();
    await dialog.getByText("Máximo 30 caracteres").waitFor();
    await title.fill("Hecho a mano en Oaxaca");
    await dialog.getByRole("textbox", { name: "Subtítulo" }).fill("Textiles, barro y talavera");
    await dialog.getByRole("textbox", { name: "Acción" }).click();
    await page.getByRole("option", { name: "Ir a una URL" }).click();
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await dialog.getByText("Requerido").first().waitFor();
    await dialog.getByRole("textbox", { name: "Enlace" }).fill("https://example.com/oaxaca");
    await dialog.getByRole("textbox", { name: "Texto del botón" }).click();
    await page.getByRole("option", { name: "Ver más" }).click();
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await toast(page, "Se creó el encabezado correctamente");
    await dialog.getByText("Hecho a mano en Oaxaca").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("heading", { name: "Hecho a mano en Oaxaca" }).waitFor();
    await page.getByRole("link", { name: "Ver más" }).first().waitFor();
    await context.close();
  });

  it("shows a carousel slide only to its audience: anonymous visitors yes, the signed-in owner no", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo");
    await page.getByRole("button", { name: "Editar carrusel" }).click();
    const dialog = page.getByRole("dialog", { name: "Configurar carrusel de imágenes" });
    await dialog.getByText("El carrusel aún no tiene imágenes").waitFor();
    await dialog.getByRole("button", { name: "Agregar imagen al carrusel" }).click();
    const form = page.getByRole("dialog", { name: "Agregar imagen al carrusel" });
    expect(await form.getByRole("checkbox", { name: "Abrir en otra pestaña" }).isDisabled()).toBe(true);
    await dropFile(form, 0, svgImage("Bienvenida", 1100, 800, ["#c2410c", "#facc15"]));
    await form.getByRole("img", { name: "Imagen de escritorio" }).waitFor();
    await dropFile(form, 1, svgImage("Bienvenida", 1000, 450, ["#c2410c", "#facc15"]));
    await form.getByRole("img", { name: "Imagen para móvil" }).waitFor();
    await form.getByRole("textbox", { name: "Enlace" }).fill("no es enlace");
    await form.getByRole("button", { name: "Guardar" }).click();
    await form.getByText("El enlace no es válido").waitFor();
    await form.getByRole("textbox", { name: "Enlace" }).fill("https://example.com/bienvenida");
    await form.getByRole("textbox", { name: "Audiencia" }).click();
    await page.getByRole("option", { name: "Visitantes anónimos" }).click();
    await form.getByRole("button", { name: "Guardar" }).click();
    await toast(page, "Se guardó la imagen del carrusel");
    await page.getByRole("dialog", { name: "Configurar carrusel de imágenes" }).getByText("Visitantes anónimos").waitFor();
    await page.keyboard.press("Escape");
    await page.reload();
    await page.getByRole("button", { name: "Editar carrusel" }).waitFor();
    expect(await page.getByRole("img", { name: "Imagen 1 de 1" }).count()).toBe(0);
    await context.close();

    const visitor = await newPage(browser);
    await open(visitor.page, "/tienda/demo");
    await visitor.page.getByRole("img", { name: "Imagen 1 de 1" }).waitFor();
    await snap(visitor.page, "storefront-hero-desktop");
    await visitor.page.setViewportSize({ width: 390, height: 844 });
    await snap(visitor.page, "storefront-hero-phone");
    await visitor.context.close();
  });

  it("chooses the payment methods the shop accepts, and its checkout offers only those", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo/admin/configuracion");
    const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Formas de pago" }) });
    await form.getByRole("checkbox", { name: "PayPal" }).uncheck();
    await form.getByRole("checkbox", { name: "Transferencia bancaria (SPEI)" }).uncheck();
    await form.getByRole("button", { name: "Guardar" }).click();
    await toast(page, "Se guardaron los cambios de la tienda");
    await page.reload();
    await form.getByRole("checkbox", { name: "PayPal" }).waitFor();
    expect(await form.getByRole("checkbox", { name: "PayPal" }).isChecked()).toBe(false);
    expect(await form.getByRole("checkbox", { name: "Tarjeta de crédito o débito" }).isChecked()).toBe(true);
    await snap(page, "admin-payment-methods-desktop");
    await context.close();

    const shopper = await newPage(browser);
    await addToCart(shopper.page, "demo", await pick("demo", "demo"));
    await shopper.page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await shopper.page.getByRole("textbox", { name: "Nombre completo" }).fill("Paula Pagos");
    await shopper.page.getByRole("textbox", { name: "Correo electrónico" }).fill("paula@ejemplo.mx");
    await shopper.page.getByRole("button", { name: "Continuar" }).click();
    await shopper.page.getByRole("radio", { name: "Recoger en sucursal" }).check();
    await shopper.page.getByRole("button", { name: "Continuar" }).click();
    const methods = shopper.page.getByRole("radiogroup", { name: "Forma de pago" });
    await methods.getByRole("radio", { name: "Tarjeta de crédito o débito" }).waitFor();
    expect(await methods.getByRole("radio", { name: "PayPal" }).count()).toBe(0);
    expect(await methods.getByRole("radio", { name: "Transferencia bancaria (SPEI)" }).count()).toBe(0);
    await methods.getByRole("radio", { name: "Efectivo en tienda de conveniencia" }).waitFor();
    await shopper.context.close();
  });

  it("warns in the cart when its suppliers share no payment method, and keeps Pay disabled", async () => {
    for (const [account, shop, methods] of [
      [owner.username, "demo", ["paypal"]],
      ["sofia@demo.tianguis.mx", "sabores", ["str_card"]],
    ] as const) {
      const seller = await signedIn(browser, account);
      await apiWrite(seller.context, "PATCH", `/shops/${shop}`, { enabled_payment_types: methods });
      await seller.context.close();
    }
    const { context, page } = await newPage(browser);
    await addToCart(page, "mateo", await pick("mateo", "demo"));
    await page.keyboard.press("Escape");
    await addToCart(page, "mateo", await pick("mateo", "sabores"));
    const drawer = page.getByRole("dialog", { name: "Carrito" });
    await drawer.getByText("Los vendedores de tu carrito no comparten ninguna forma de pago; compra sus productos por separado").waitFor();
    expect(await drawer.getByRole("link", { name: "Pagar" }).getAttribute("data-disabled")).toBe("true");
    await snap(page, "cart-no-common-payment-desktop");
    await context.close();
  });
});
