import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { open, openAdminSection, signedInPage, toast } from "./admin-helpers";
import { addToCart, fillShipping, payWithCard, pick, purchaseOrder } from "./checkout-helpers";

const phone = { width: 390, height: 844 };

/** A day a week from now, as the date input takes it. */
function nextWeek(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

/** Takes the order's next step with the primary button named after it; a dialog, when one opens, gets `fields`. */
async function takeStep(page: Page, action: string, fields: Record<string, string> = {}) {
  await page.getByRole("button", { name: action, exact: true }).click();
  if (Object.keys(fields).length === 0) return;
  const dialog = page.getByRole("dialog", { name: new RegExp(`^${action}`) });
  for (const [label, value] of Object.entries(fields)) await dialog.getByRole("textbox", { name: label }).fill(value);
  await dialog.getByRole("button", { name: action, exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("seller orders after purchase", () => {
  let browser: Browser;
  let order: { id: string; number: number };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("a guest buys a product of the demo shop with the approved card", async () => {
    const { context, page } = await newPage(browser);
    const item = await pick("demo", "demo");
    await addToCart(page, "demo", item);
    await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await page.getByRole("textbox", { name: "Nombre completo" }).fill("Ana Invitada");
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill("ana.pedido@ejemplo.mx");
    await page.getByRole("button", { name: "Continuar" }).click();
    await fillShipping(page);
    await payWithCard(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/pagado\?/);
    await page.getByText("¡Gracias por tu compra!").waitFor();
    order = await purchaseOrder(page);
    expect(order.number).toBeGreaterThan(0);
    await context.close();
  });

  it("Lucía sees the waiting badge and finds the order in Pedidos by its number", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo");
    const bar = page.getByRole("navigation", { name: "Barra de administración" });
    // The sales section carries the count too, while its submenu is closed.
    await bar.getByRole("button", { name: /^Ventas \(\d+ por confirmar\)$/ }).waitFor();
    await openAdminSection(page, "Ventas");
    await bar.getByRole("link", { name: /^Pedidos \(\d+ por confirmar\)$/ }).click();
    await page.waitForURL(/\/tienda\/demo\/admin\/ordenes$/);
    await page.getByRole("heading", { name: "Pedidos", level: 1 }).waitFor();
    await page.getByRole("link", { name: `#${order.number}`, exact: true }).waitFor();
    await page.getByRole("searchbox", { name: "Buscar por número, cliente o producto" }).fill(String(order.number));
    await page.waitForURL(new RegExp(`text=${order.number}`));
    await page.getByText("1 pedido", { exact: true }).waitFor();
    const row = page.getByRole("row").filter({ hasText: `#${order.number}` });
    await row.getByText("Enviado al proveedor").waitFor();
    await row.getByText("Ana Invitada").waitFor();
    const csv = page.getByRole("link", { name: "Exportar CSV" });
    expect(await csv.getAttribute("href")).toContain(`text=${order.number}`);
    expect(await csv.getAttribute("download")).not.toBeNull();
    const [download] = await Promise.all([page.waitForEvent("download"), csv.click()]);
    expect(download.suggestedFilename()).toMatch(/^pedidos-demo-.*\.csv$/);
    await snap(page, "orders-seller-list-desktop");
    await page.getByRole("link", { name: `#${order.number}`, exact: true }).click();
    await page.waitForURL(new RegExp(`/admin/ordenes/${order.id}$`));
    await page.getByRole("heading", { name: `#${order.number}`, level: 1 }).waitFor();
    await page.getByRole("region", { name: "Cliente" }).getByText("ana.pedido@ejemplo.mx").waitFor();
    await context.close();
  });

  it("Lucía confirms the order with an estimated delivery date; the badge stops counting it", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, `/tienda/demo/admin/ordenes/${order.id}`);
    const bar = page.getByRole("navigation", { name: "Barra de administración" });
    const waiting = bar.getByRole("link", { name: /^Pedidos/ });
    await bar.getByRole("link", { name: /por confirmar/ }).waitFor();
    const before = Number((await waiting.getAttribute("aria-label"))?.match(/\d+/)?.[0]);
    await takeStep(page, "Confirmar pedido", { "Fecha estimada de entrega": nextWeek() });
    await toast(page, "Pedido actualizado");
    await page.getByRole("button", { name: "Pasar a en proceso" }).waitFor();
    await page.getByRole("heading", { name: "Historial del pedido" }).waitFor();
    const after = before > 1 ? `Pedidos (${before - 1} por confirmar)` : "Pedidos";
    await expect.poll(() => waiting.getAttribute("aria-label")).toBe(after);
    await context.close();
  });

  it("a stale second tab is told the order already changed state, and reloads", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, `/tienda/demo/admin/ordenes/${order.id}`);
    const stale = await context.newPage();
    await open(stale, `/tienda/demo/admin/ordenes/${order.id}`);
    await takeStep(page, "Pasar a en proceso");
    // Exact: the progress stepper's step of that state is a button too ("4 Listo para entregar").
    await page.getByRole("button", { name: "Listo para entregar", exact: true }).waitFor();
    await takeStep(stale, "Pasar a en proceso");
    await toast(stale, "El pedido ya cambió de estado; recarga la página para ver su estado actual");
    await stale.getByRole("button", { name: "Listo para entregar", exact: true }).waitFor();
    await context.close();
  });

  it("Lucía takes the order to delivered and the timeline shows each step", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, `/tienda/demo/admin/ordenes/${order.id}`);
    await takeStep(page, "Listo para entregar");
    await takeStep(page, "Marcar en camino", { Paquetería: "Estafeta", "Número de guía": "1234567890" });
    await page.getByRole("button", { name: "Marcar como entregado" }).waitFor();
    await snap(page, "orders-seller-detail-on-the-way-desktop");
    await takeStep(page, "Marcar como entregado");
    const header = page.getByRole("heading", { name: `#${order.number}`, level: 1 }).locator("xpath=..");
    await header.getByText("Entregado").waitFor();
    const timeline = page.getByRole("region", { name: "Historial del pedido" });
    for (const step of ["Enviado al proveedor", "Confirmado", "En proceso", "Listo para entregar", "En camino", "Entregado"]) {
      await timeline.getByText(step, { exact: true }).waitFor();
    }
    await timeline.getByText("Estafeta · 1234567890").waitFor();
    await timeline.getByText("Propietario · Lucía Hernández").first().waitFor();
    const details = page.getByRole("region", { name: "Pago" });
    await details.getByText("Estafeta").waitFor();
    await details.getByText("1234567890").waitFor();
    expect(await page.getByRole("button", { name: "Cancelar pedido" }).count()).toBe(0);

    await page.getByRole("button", { name: "Generar recibo" }).click();
    await toast(page, "Recibo 1 generado");
    await page.getByRole("region", { name: "Recibos" }).getByText("Recibo 1").waitFor();
    await snap(page, "orders-seller-detail-desktop");

    // 'Imprimir' prints the purchase order alone, without the shop's chrome.
    await page.emulateMedia({ media: "print" });
    await page.getByRole("heading", { name: `Orden de compra #${order.number}` }).waitFor();
    expect(await page.getByRole("navigation", { name: "Barra de administración" }).isVisible()).toBe(false);
    await snap(page, "orders-seller-print");
    await page.emulateMedia({ media: "screen" });
    await context.close();
  });

  it("the default list leaves the delivered order out; 'Incluir entregados' shows it again", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, `/tienda/demo/admin/ordenes?text=${order.number}`);
    await page.getByText("Ningún pedido coincide con los filtros").waitFor();
    await page.getByRole("checkbox", { name: "Incluir entregados" }).check();
    await page.waitForURL(/include_delivered=true/);
    const row = page.getByRole("row").filter({ hasText: `#${order.number}` });
    await row.getByText("Entregado").waitFor();
    await context.close();
  });

  it("at phone width the list and the detail are usable", async () => {
    const { context, page } = await signedInPage(browser, undefined, { viewport: phone });
    await open(page, "/tienda/demo/admin/ordenes?include_delivered=true");
    const card = page.getByRole("listitem").filter({ hasText: `#${order.number}` });
    await card.getByText("Entregado").waitFor();
    await snap(page, "orders-seller-list-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await card.getByRole("link", { name: `#${order.number}` }).click();
    await page.waitForURL(new RegExp(`/admin/ordenes/${order.id}$`));
    await page.getByRole("region", { name: "Historial del pedido" }).getByText("Estafeta · 1234567890").waitFor();
    await page.getByRole("button", { name: "Imprimir" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(page, "orders-seller-detail-phone");
    await context.close();
  });

  it("the supplier's own order link /apps/me/store/orders/{order} opens the order in her shop", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, `/apps/me/store/orders/${order.id}`);
    await page.waitForURL(new RegExp(`/tienda/demo/admin/ordenes/${order.id}$`));
    await page.getByRole("heading", { name: `#${order.number}`, level: 1 }).waitFor();
    await context.close();
  });
});
