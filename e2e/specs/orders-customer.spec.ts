import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { addToCart, fillShipping, payWithCard, pick } from "./checkout-helpers";
import { apiWrite, open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };
const purchasePage = /\/mis-compras\/[0-9a-f-]{36}(\?token=[^&]+)?$/;

interface Purchase {
  id: string;
  access_token: string;
  orders: { id: string; state: string; supplier_slug: string }[];
}

/** One item of each of two suppliers into the cart of the 'mateo' shop, then to the checkout page. */
async function cartOfTwoSuppliers(page: Page) {
  await addToCart(page, "mateo", await pick("mateo", "demo"));
  await page.keyboard.press("Escape");
  await addToCart(page, "mateo", await pick("mateo", "sabores"));
  const drawer = page.getByRole("dialog", { name: "Carrito" });
  await drawer
    .getByRole("region", { name: /Vendido por/ })
    .nth(1)
    .waitFor();
  await drawer.getByRole("link", { name: "Pagar" }).click();
}

/** Carlos pays a two-supplier purchase with the success card and lands on the paid page. */
async function carlosBuys(page: Page) {
  await cartOfTwoSuppliers(page);
  await page.getByRole("radio", { name: "Envío a domicilio" }).waitFor();
  // After his first purchase Carlos's address is in his book and comes preselected.
  const book = page.getByRole("radiogroup", { name: "Entregar en" });
  await page.getByRole("textbox", { name: "Nombre de quien recibe", exact: true }).or(book).waitFor();
  if (await book.isVisible()) {
    await page.getByRole("button", { name: "Cotizar envío" }).click();
    await page.getByRole("radiogroup", { name: "Opciones de envío" }).getByRole("radio").first().waitFor();
    await page.getByRole("button", { name: "Continuar" }).click();
  } else {
    await fillShipping(page);
  }
  await payWithCard(page, "4242 4242 4242 4242");
  await page.waitForURL(/\/pagado\?/);
  await page.getByText("¡Gracias por tu compra!").waitFor();
}

async function latestPurchase(context: BrowserContext): Promise<Purchase> {
  const response = await context.request.get("/api/v1/orders?limit=1");
  return ((await response.json()) as { results: Purchase[] }).results[0];
}

function orderCard(page: Page, supplier: string) {
  return page.getByRole("article").filter({ hasText: `Vendido por ${supplier}` });
}

/** Serious and critical WCAG 2.1 A/AA problems (axe), as "rule: element" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.html.slice(0, 120)}`));
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

describe("a customer's purchases after checkout", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Carlos opens his paid purchase from Mis compras, saves invoicing data and cancels an unconfirmed order", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    await carlosBuys(page);

    await open(page, "/mis-compras");
    // The list, not the state filter above it (whose options carry the same names).
    await page.locator("main li").getByText("Pagado", { exact: true }).first().waitFor();
    await snap(page, "orders-customer-list-desktop", { fullPage: true });
    await page.getByRole("link", { name: "Ver compra" }).first().click();
    await page.waitForURL(purchasePage);
    await page.getByRole("heading", { name: "Detalle de la compra" }).waitFor();
    const lucia = orderCard(page, "Casa Lucía Artesanías");
    const sabores = orderCard(page, "Sabores de la Abuela");
    await lucia.getByText("Pagado", { exact: true }).waitFor();
    await sabores.getByText("Pagado", { exact: true }).waitFor();
    await lucia.getByRole("list", { name: /Avance del pedido/ }).waitFor();
    await page.getByRole("region", { name: "Pago" }).getByText("Pago recibido").waitFor();

    // Invoicing data: an invalid RFC is refused in Spanish, valid data is saved and shown.
    await lucia.getByRole("button", { name: "Agregar datos de facturación" }).click();
    const form = lucia.getByRole("form", { name: "Datos de facturación" });
    await form.getByRole("textbox", { name: "RFC" }).fill("ABC12");
    await form.getByRole("textbox", { name: "Nombre o razón social" }).fill("Carlos Pérez");
    await form.getByRole("textbox", { name: "Código postal fiscal" }).fill("06600");
    await form.getByRole("combobox", { name: "Régimen fiscal" }).selectOption("601");
    await form.getByRole("combobox", { name: "Uso de CFDI" }).selectOption("G03");
    await form.getByRole("button", { name: "Guardar datos de facturación" }).click();
    await form.getByText("RFC inválido").waitFor();
    await form.getByRole("textbox", { name: "RFC" }).fill("XAXX010101000");
    await form.getByRole("button", { name: "Guardar datos de facturación" }).click();
    await lucia.getByText("XAXX010101000").waitFor();
    await lucia.getByText("601 · General de Ley Personas Morales").waitFor();
    await lucia.getByText("G03 · Gastos en general").waitFor();
    await snap(page, "orders-customer-detail-desktop", { fullPage: true });

    // Cancel the other supplier's order before it is confirmed.
    await sabores.getByRole("button", { name: "Cancelar pedido" }).click();
    const dialog = page.getByRole("dialog", { name: /¿Cancelar el pedido/ });
    await dialog.getByRole("textbox", { name: "Motivo (opcional)" }).fill("Lo pedí por error");
    await dialog.getByRole("button", { name: "Sí, cancelar pedido" }).click();
    await sabores.getByText("Cancelado por el cliente").first().waitFor();
    await sabores.getByText("Motivo de cancelación: Lo pedí por error").waitFor();
    expect(await sabores.getByRole("button", { name: "Cancelar pedido" }).count()).toBe(0);
    await lucia.getByText("Pagado", { exact: true }).waitFor();

    // 'Imprimir' prints the purchase alone: no site header, no buttons.
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Imprimir" }).isVisible()).toBe(false);
    expect(await page.getByRole("banner").isVisible()).toBe(false);
    await page.getByRole("heading", { name: "Detalle de la compra" }).waitFor();
    await snap(page, "orders-customer-detail-print", { fullPage: true });
    await page.emulateMedia({ media: "screen" });

    // Saved on the server: a fresh load shows the same.
    await page.reload();
    await lucia.getByText("XAXX010101000").waitFor();
    await sabores.getByText("Cancelado por el cliente").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await open(page, "/mis-compras");
    await page.locator("main li").getByText("Cancelado por el cliente").first().waitFor();

    await page.setViewportSize(phone);
    await page.goBack();
    await page.getByRole("heading", { name: "Detalle de la compra" }).waitFor();
    await expectNoSidewaysScroll(page);
    await snap(page, "orders-customer-detail-phone", { fullPage: true });
    await context.close();
  });

  it("Carlos follows the supplier's progress: estimated date, courier and a tracking number to copy (phone width)", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx", phone);
    await carlosBuys(page);
    const purchase = await latestPurchase(context);
    const order = purchase.orders.find((each) => each.supplier_slug === "demo");
    if (!order) throw new Error("no order of the demo supplier");

    const seller = await signedIn(browser, "lucia@demo.tianguis.mx");
    const next = (data: Record<string, unknown>) => apiWrite(seller.context, "POST", `/shops/demo/orders/${order.id}/next`, data);
    const inFiveDays = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await next({ from: "paid", estimated_delivery_date: inFiveDays });
    await next({ from: "confirmed" });
    await next({ from: "in_process" });
    await next({ from: "ready_to_deliver", courier: "Estafeta", tracking_number: "EST123456789MX" });
    await seller.context.close();

    await open(page, `/mis-compras/${purchase.id}`);
    const lucia = orderCard(page, "Casa Lucía Artesanías");
    await lucia.getByText("En tránsito", { exact: true }).waitFor();
    expect(await lucia.locator('[aria-current="step"]').innerText()).toContain("En tránsito");
    await lucia.getByText("Fecha estimada de entrega").waitFor();
    await lucia.getByText("Estafeta").waitFor();
    await lucia.getByText("EST123456789MX").waitFor();
    expect(await lucia.getByRole("button", { name: "Cancelar pedido" }).count()).toBe(0);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await lucia.getByRole("button", { name: "Copiar número de guía" }).click();
    await lucia.getByRole("button", { name: "Copiado" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("EST123456789MX");
    await expectNoSidewaysScroll(page);
    await snap(page, "orders-customer-progress-phone", { fullPage: true });
    await context.close();
  });

  it("a guest follows 'Ver mi compra' from the paid page, and the link works in a browser without cookies", async () => {
    const { context, page } = await newPage(browser);
    await addToCart(page, "mateo", await pick("mateo", "demo"));
    await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await page.getByRole("textbox", { name: "Nombre completo" }).fill("Ana Invitada");
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill("ana.invitada@ejemplo.mx");
    await page.getByRole("button", { name: "Continuar" }).click();
    await fillShipping(page);
    await payWithCard(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/pagado\?/);
    await page.getByRole("link", { name: "Ver mi compra" }).click();
    await page.waitForURL(purchasePage);
    expect(page.url()).toContain("?token=");
    await page.getByRole("heading", { name: "Detalle de la compra" }).waitFor();
    await page.getByText("Compra como invitado de Ana Invitada", { exact: false }).waitFor();
    await orderCard(page, "Casa Lucía Artesanías").getByText("Pagado", { exact: true }).waitFor();
    const link = page.url();
    await context.close();

    const fresh = await newPage(browser, { viewport: phone });
    expect(await fresh.context.cookies()).toEqual([]);
    await open(fresh.page, link);
    await fresh.page.getByRole("heading", { name: "Detalle de la compra" }).waitFor();
    await orderCard(fresh.page, "Casa Lucía Artesanías").getByText("Pagado", { exact: true }).waitFor();
    expect(fresh.page.url()).toBe(link);
    await expectNoSidewaysScroll(fresh.page);
    await snap(fresh.page, "orders-customer-guest-phone");

    // Without its token the same purchase is nobody's business.
    await open(fresh.page, link.replace(/\?token=.*$/, "?token=wrong"));
    await fresh.page.getByRole("heading", { name: "Pedido no encontrado" }).waitFor();
    await snap(fresh.page, "orders-customer-not-found-phone");
    await fresh.context.close();
  });

  it("/shopping-cart/orders/{order} opens the order's purchase, keeping a guest's token", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    const purchase = await latestPurchase(context);
    await open(page, `/shopping-cart/orders/${purchase.orders[0].id}`);
    await page.waitForURL(new RegExp(`/mis-compras/${purchase.id}$`));
    await page.getByRole("heading", { name: "Detalle de la compra" }).waitFor();
    await open(page, "/shopping-cart/orders/00000000-0000-4000-8000-000000000000");
    await page.getByRole("heading", { name: "Pedido no encontrado" }).waitFor();
    await context.close();

    const guest = await newPage(browser);
    await open(guest.page, `/shopping-cart/orders/${purchase.orders[0].id}?token=${purchase.access_token}`);
    await guest.page.waitForURL(new RegExp(`/mis-compras/${purchase.id}\\?token=`));
    await guest.page.getByRole("heading", { name: "Detalle de la compra" }).waitFor();
    await guest.context.close();
  });

  it("inside a shop the account menu's 'Mis compras' stays in the shop and opens the shop's purchase pages", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    await open(page, "/tienda/mateo");
    await page.getByRole("button", { name: "Menú de cuenta" }).click();
    await page.getByRole("menuitem", { name: "Mis compras" }).click();
    await page.waitForURL(/\/tienda\/mateo\/mis-compras$/);
    await page.getByRole("link", { name: "Ver compra" }).first().click();
    await page.waitForURL(/\/tienda\/mateo\/mis-compras\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: "Detalle de la compra" }).waitFor();
    await context.close();
  });
});
