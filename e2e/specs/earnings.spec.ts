import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { addToCart, fillShipping, payWithCard, pick } from "./checkout-helpers";
import { apiWrite, open, signedIn } from "./storefront-helpers";

const mateo = "mateo@demo.tianguis.mx";
const lucia = "lucia@demo.tianguis.mx";
const phone = { width: 390, height: 844 };
const HOUR = 60 * 60 * 1000;

async function purchaseOrder(page: Page): Promise<{ id: string; number: number }> {
  const url = new URL(page.url());
  const response = await fetch(
    `${baseURL()}/api/v1/checkouts/${url.searchParams.get("checkout")}?token=${encodeURIComponent(url.searchParams.get("token") ?? "")}`,
  );
  const purchase = (await response.json()) as { orders: { id: string; number: number }[] };
  return purchase.orders[0];
}

/** The supplier walks a shipped order to delivered, one step at a time, as its order page would. */
async function deliver(context: BrowserContext, orderId: string) {
  const next = (body: Record<string, string>) => apiWrite(context, "POST", `/shops/demo/orders/${orderId}/next`, body);
  await next({ from: "paid", estimated_delivery_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) });
  await next({ from: "confirmed" });
  await next({ from: "in_process" });
  await next({ from: "ready_to_deliver", courier: "Estafeta", tracking_number: "EST123456" });
  await next({ from: "on_the_way" });
}

/** Serious and critical WCAG 2.1 A/AA violations on the page as it stands. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.html.slice(0, 120)}`));
}

/** The commission row of an order on Mateo's earnings page (the table on desktop). */
function commissionRow(page: Page, orderNumber: number) {
  return page
    .getByTestId("commissions-table")
    .getByRole("row")
    .filter({ hasText: `#${orderNumber}` });
}

describe("a reseller's earnings: a sale in mateo's store earns a commission that becomes available after delivery", () => {
  let browser: Browser;
  let order: { id: string; number: number };
  let productName: string;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Mateo, with no sales yet, sees the empty earnings page", async () => {
    const { context, page } = await signedIn(browser, mateo);
    await open(page, "/");
    await page.getByRole("button", { name: "Menú de cuenta" }).click();
    await page.getByRole("menuitem", { name: "Mis ganancias" }).click();
    await page.waitForURL(/\/apps\/me\/ganancias$/);
    await page.getByRole("heading", { name: "Mis ganancias", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Aún no tienes comisiones" }).waitFor();
    await context.close();
  });

  it("a guest buys a demo dropshipping item in mateo's store and pays by card", async () => {
    const { context, page } = await newPage(browser);
    const item = await pick("mateo", "demo");
    productName = item.name;
    await addToCart(page, "mateo", item);
    await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await page.getByRole("textbox", { name: "Nombre completo" }).fill("Ana Invitada");
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill("ana.reventa@ejemplo.mx");
    await page.getByRole("button", { name: "Continuar" }).click();
    await fillShipping(page);
    await payWithCard(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/pagado\?/);
    await page.getByText("¡Gracias por tu compra!").waitFor();
    order = await purchaseOrder(page);
    await context.close();
  });

  it("Lucía sees the commission she owes on the order, then delivers it", async () => {
    const { context, page } = await signedIn(browser, lucia);
    await open(page, `/tienda/demo/admin/ordenes/${order.id}`);
    const owed = page.getByTestId("order-commissions");
    await owed.getByRole("heading", { name: "Comisiones de este pedido" }).waitFor();
    await owed.getByText(new RegExp(`${productName} · Mateo Ruiz`)).waitFor();
    await owed.getByText(/^Debes en total: /).waitFor();
    await owed.getByText("Pendiente").waitFor();
    await snap(page, "order-commissions-desktop");
    await deliver(context, order.id);
    await context.close();
  });

  it("Mateo's earnings page shows the commission pending, with its totals, chart and mobile layout", async () => {
    const { context, page } = await signedIn(browser, mateo);
    await open(page, "/apps/me/ganancias");
    const row = commissionRow(page, order.number);
    await row.getByText(productName).waitFor();
    await row.getByText("Pendiente").waitFor();
    await row.getByText(/^Disponible el /).waitFor();
    const amount = (await row.getByRole("cell").nth(2).innerText()).trim();
    expect(amount).toMatch(/^\$\d/);
    expect(await page.getByTestId("earnings-pending").innerText()).toContain(amount);
    expect(await page.getByTestId("earnings-available").innerText()).toContain("$0.00");
    await page.getByRole("heading", { name: "Ganancias por periodo" }).waitFor();
    await page.getByRole("radiogroup", { name: "Ganancias por periodo" }).getByText("Día", { exact: true }).click();
    await page.waitForURL(/periodo=day/);
    await snap(page, "earnings-pending-desktop");
    expect(await violations(page)).toEqual([]);
    // The phone in the dark scheme: the cards stack two by two, the table becomes a list.
    const small = await signedIn(browser, mateo, phone);
    await small.context.addCookies([{ name: "theme", value: "dark", url: baseURL() }]);
    await open(small.page, "/apps/me/ganancias");
    await small.page
      .getByRole("listitem")
      .filter({ hasText: `#${order.number}` })
      .getByText("Pendiente")
      .waitFor();
    await snap(small.page, "earnings-pending-phone");
    expect(await violations(small.page)).toEqual([]);
    await small.context.close();
    await context.close();
  });

  it("on a dropshipping item's page, Carlos (level 0) sees the premium upsell and Mateo (level 2) the earn-reselling label", async () => {
    const item = await pick("demo", "demo");
    const customer = await signedIn(browser, "carlos@demo.tianguis.mx", phone);
    await open(customer.page, `/tienda/demo/productos/demo/${item.id}`);
    await customer.page
      .getByTestId("premium-upsell")
      .getByText(/^Con el plan premium ganarías \$[\d,.]+ revendiendo este producto$/)
      .waitFor();
    await snap(customer.page, "product-premium-upsell-phone");
    await customer.context.close();
    const reseller = await signedIn(browser, mateo);
    await open(reseller.page, `/tienda/mateo/productos/demo/${item.id}`);
    await reseller.page
      .getByText(/^Gana \$[\d,.]+ revendiendo$/)
      .first()
      .waitFor();
    await reseller.page
      .getByText(/^Cómpralo en \$/)
      .first()
      .waitFor();
    expect(await reseller.page.getByTestId("premium-upsell").count()).toBe(0);
    await reseller.context.close();
  });

  it("after the 72-hour return window the job makes it available, and Lucía marks it paid", async () => {
    const { context, page } = await signedIn(browser, mateo);
    await open(page, "/apps/me/ganancias");
    await apiWrite(context, "POST", "/dev/clock", { advance_ms: 73 * HOUR });
    await apiWrite(context, "POST", "/dev/jobs/run", {});
    await page.reload();
    const row = commissionRow(page, order.number);
    await row.getByText("Disponible", { exact: true }).waitFor();
    const amount = (await row.getByRole("cell").nth(2).innerText()).trim();
    expect(await page.getByTestId("earnings-available").innerText()).toContain(amount);
    await snap(page, "earnings-available-desktop");

    const supplier = await signedIn(browser, lucia);
    await open(supplier.page, "/tienda/demo");
    await supplier.page
      .getByRole("navigation", { name: "Barra de administración" })
      .getByRole("link", { name: "Comisiones por pagar" })
      .click();
    await supplier.page.waitForURL(/\/tienda\/demo\/admin\/comisiones$/);
    const owedRow = supplier.page.getByTestId("owed-table").getByRole("row").filter({ hasText: "Mateo Ruiz" });
    await owedRow.getByText(amount).waitFor();
    expect(await violations(supplier.page)).toEqual([]);
    await owedRow.getByRole("button", { name: `Marcar como pagado ${amount} a Mateo Ruiz` }).click();
    const dialog = supplier.page.getByRole("dialog", { name: "Marcar pagado" });
    await dialog.getByRole("button", { name: "Marcar pagado" }).click();
    await supplier.page.getByRole("alert").filter({ hasText: "Comisiones marcadas como pagadas" }).first().waitFor();
    await snap(supplier.page, "owed-commissions-desktop");
    await supplier.context.close();

    await page.reload();
    await commissionRow(page, order.number).getByText("Pagada", { exact: true }).waitFor();
    expect(await page.getByTestId("earnings-paid").innerText()).toContain(amount);
    await context.close();
  });
});
