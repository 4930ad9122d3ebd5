import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { type Item, addToCart, fillShipping, payWithCard, pick } from "./checkout-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

async function stockOf(id: string): Promise<number | null> {
  const response = await fetch(`${baseURL()}/api/v1/shops/demo/products/${id}`);
  return ((await response.json()) as Item).stock;
}

async function csrfHeaders(context: BrowserContext): Promise<Record<string, string>> {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === "tianguis_csrf")?.value;
  return csrf ? { "x-csrf-token": csrf } : {};
}

describe("cart, checkout and payments", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("a guest buys from two suppliers with shipping and the success card, reaching the paid page", async () => {
    const { context, page } = await newPage(browser);
    const fromDemo = await pick("mateo", "demo");
    const fromSabores = await pick("mateo", "sabores");
    await addToCart(page, "mateo", fromDemo);
    const drawer = page.getByRole("dialog", { name: "Carrito" });
    await drawer.getByText(fromDemo.name).waitFor();
    await page.keyboard.press("Escape");
    await addToCart(page, "mateo", fromSabores);
    await drawer
      .getByRole("region", { name: /Vendido por/ })
      .nth(1)
      .waitFor();
    expect(await drawer.getByRole("region", { name: /Vendido por/ }).count()).toBe(2);

    // Quantity rules: the minus button is disabled at 1; more than the stock shows the warning toast.
    const input = drawer.getByRole("textbox", { name: `Cantidad: ${fromDemo.name}` });
    expect(await drawer.getByRole("button", { name: "Cantidad −1" }).first().isDisabled()).toBe(true);
    await input.fill(String((fromDemo.stock ?? 0) + 1));
    await input.press("Enter");
    await page.getByText("Aviso de orden de compra").waitFor();
    await page.getByText(`La cantidad no puede superar las existencias (${fromDemo.stock})`).waitFor();
    // '.', 'e' and '-' are blocked; an empty or zero quantity is ignored.
    await input.fill("");
    await input.press("e");
    await input.press("-");
    expect(await input.inputValue()).toBe("");
    await input.press("Enter");
    await expect.poll(() => input.inputValue()).toBe("1");
    await input.fill("2");
    await input.press("Enter");
    await expect.poll(() => input.inputValue()).toBe("2");
    await snap(page, "checkout-drawer-desktop");

    await drawer.getByRole("link", { name: "Pagar" }).click();
    await page.waitForURL(/\/tienda\/mateo\/comprar/);
    await page.getByRole("textbox", { name: "Nombre completo" }).fill("Ana Invitada");
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill("ana.invitada@ejemplo.mx");
    await snap(page, "checkout-contact-desktop");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("radio", { name: "Envío a domicilio" }).waitFor();
    await fillShipping(page);
    await page.getByText(/Tiempo para completar tu compra/).waitFor();
    await snap(page, "checkout-payment-desktop");
    await payWithCard(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/pagado\?/);
    await page.getByText("¡Gracias por tu compra!").waitFor();
    await page.getByRole("article", { name: "Vendido por Casa Lucía Artesanías" }).getByText(fromDemo.name).waitFor();
    await page.getByRole("article", { name: "Vendido por Sabores de la Abuela" }).getByText(fromSabores.name).waitFor();
    await snap(page, "checkout-paid-desktop");
    await open(page, "/tienda/mateo/carrito");
    await page.getByText("Tu carrito está vacío").waitFor();
    await page.getByRole("link", { name: "Seguir comprando" }).waitFor();
    await context.close();
  });

  it("a signed-in shopper pays with the 3DS card after authorising the challenge (phone width)", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx", phone);
    const item = await pick("mateo", "demo");
    await addToCart(page, "mateo", item);
    await snap(page, "checkout-drawer-phone");
    await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await page.getByRole("radio", { name: "Envío a domicilio" }).waitFor();
    await snap(page, "checkout-delivery-phone");
    await fillShipping(page);
    await page.getByText(/Tiempo para completar tu compra/).waitFor();
    await snap(page, "checkout-payment-phone");
    await payWithCard(page, "4000 0000 0000 3220");
    await page.waitForURL(/\/sandbox-pay\/3ds/);
    await page.getByRole("button", { name: "Autorizar" }).click();
    await page.waitForURL(/\/pagado\?/);
    await page.getByText("¡Gracias por tu compra!").waitFor();
    await snap(page, "checkout-paid-phone");
    await open(page, "/mis-compras");
    await page.getByRole("heading", { name: "Mis compras" }).waitFor();
    // The purchase's state badge ('Pagado' is also an option of the hidden state filter).
    await page.locator("text=Pagado >> visible=true").first().waitFor();
    await context.close();
  });

  it("a declined card shows the payment failed message and a retry with the success card pays", async () => {
    const { context, page } = await newPage(browser);
    const item = await pick("mateo", "demo");
    await addToCart(page, "mateo", item);
    await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await page.getByRole("textbox", { name: "Nombre completo" }).fill("Beto Rechazado");
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill("beto@ejemplo.mx");
    await page.getByRole("button", { name: "Continuar" }).click();
    await fillShipping(page);
    await payWithCard(page, "4000 0000 0000 0002");
    await page
      .getByText(/El intento de pago falló/)
      .first()
      .waitFor();
    await snap(page, "checkout-declined-desktop");
    await payWithCard(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/pagado\?/);
    await page.getByText("¡Gracias por tu compra!").waitFor();
    await context.close();
  });

  it("an unpaid bank transfer expires after 1 hour and its stock comes back", async () => {
    const { context, page } = await newPage(browser);
    const item = await pick("mateo", "demo");
    const before = await stockOf(item.id);
    await addToCart(page, "mateo", item);
    await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await page.getByRole("textbox", { name: "Nombre completo" }).fill("Carla Transferencia");
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill("carla@ejemplo.mx");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("radio", { name: "Recoger en sucursal" }).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("radio", { name: "Transferencia bancaria (SPEI)" }).check();
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.waitForURL(/\/pagado\?/);
    await page.getByText("Tu pedido está reservado").waitFor();
    await page.getByText(/CLABE/).first().waitFor();
    await snap(page, "checkout-bank-transfer-desktop");
    const reserved = await stockOf(item.id);
    expect(reserved).toBe((before ?? 0) - 1);

    const headers = await csrfHeaders(context);
    expect((await context.request.post("/api/v1/dev/clock", { data: { advance_ms: 3600001 }, headers })).ok()).toBe(true);
    expect((await context.request.post("/api/v1/dev/jobs/run", { data: {}, headers })).ok()).toBe(true);
    await page.reload();
    await page.getByText("Compra expirada").first().waitFor();
    const released = await stockOf(item.id);
    expect(released).toBe(before);
    await context.close();
  });

  it("an anonymous cart is merged into the server cart when the shopper signs in", async () => {
    const { context, page } = await newPage(browser);
    const item = await pick("mateo", "sabores");
    await addToCart(page, "mateo", item);
    const response = await context.request.post("/api/v1/auth/login", {
      data: { username: "sofia@demo.tianguis.mx", password: "demo12345" },
    });
    expect(response.ok()).toBe(true);
    await open(page, "/tienda/mateo/carrito");
    await page.getByRole("region", { name: "Vendido por Sabores de la Abuela" }).getByText(item.name).waitFor();
    await page.getByRole("link", { name: "Mis compras" }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem("tianguis_cart_mateo"))).toBeNull();
    const server = (await (await context.request.get("/api/v1/shops/mateo/cart")).json()) as {
      orders: { products: { product_id: string }[] }[];
    };
    expect(server.orders.flatMap((order) => order.products.map((product) => product.product_id))).toContain(item.id);
    await snap(page, "checkout-cart-page-desktop");
    await page.setViewportSize(phone);
    await snap(page, "checkout-cart-page-phone");
    await page.getByRole("button", { name: `Quitar: ${item.name}` }).click();
    await page.getByText("Tu carrito está vacío").waitFor();
    await context.close();
  });
});
