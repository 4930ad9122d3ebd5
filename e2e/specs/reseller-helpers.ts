import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { waitForHydration } from "../browser";
import { fillShipping, payWithCard, purchaseOrder } from "./checkout-helpers";
import { apiWrite, open } from "./storefront-helpers";

/**
 * Steps of the reseller economy shared by the picker, referral, earnings and reseller-journey specs: the picker,
 * campaigns and their short links, a guest's purchase, the supplier's side of the order and the earnings page.
 */

export const phone = { width: 390, height: 844 };
const HOUR = 60 * 60 * 1000;

// ——— The picker (add-products modal) ———

/** Opens the picker from the reseller's product listing and waits for its first rows. */
export async function openPicker(page: Page, shop = "mateo"): Promise<Locator> {
  await open(page, `/tienda/${shop}/productos`);
  await page.getByRole("button", { name: /Agregar de proveedores/ }).click();
  const dialog = page.getByRole("dialog", { name: "Productos" });
  await dialog.getByTestId("picker-row").first().waitFor();
  return dialog;
}

/** Opens a picker dropdown, types in its search and picks the option. */
export async function choose(page: Page, dialog: Locator, label: string, search: string, option: string | RegExp) {
  await dialog.getByRole("button", { name: label, exact: true }).click();
  await page.getByRole("textbox", { name: label === "Proveedor" ? "Buscar proveedor" : "Categoría" }).fill(search);
  await page.getByRole("option", { name: option }).first().click();
}

/** Filters the picker to Barro y Fuego's Cerámica (24 items) and returns the names on the first page. */
export async function filterToBarroCeramics(page: Page, dialog: Locator): Promise<string[]> {
  await choose(page, dialog, "Proveedor", "barro", "Barro y Fuego");
  await dialog.getByRole("button", { name: "Quitar filtro de proveedor Barro y Fuego" }).waitFor();
  await choose(page, dialog, "Categoría", "cerá", "Cerámica");
  await expect.poll(() => dialog.getByText(/^24 resultados en Cerámica de Barro y Fuego$/).count()).toBe(1);
  return rowNames(dialog);
}

export async function rowNames(dialog: Locator): Promise<string[]> {
  return dialog.getByTestId("picker-row-name").allTextContents();
}

/** Adds each item with its row's button and waits for the green check that says it is in the store. */
export async function addWithPicker(dialog: Locator, names: string[]) {
  for (const name of names) {
    await dialog.getByRole("button", { name: `Agregar ${name} a mi tienda` }).click();
    await dialog.getByRole("img", { name: `${name} está en tu tienda` }).waitFor();
  }
}

/** The contribution margin a picker row shows ('Margen $1,240.00'), in minor units. */
export async function marginOf(dialog: Locator, name: string): Promise<number> {
  const row = dialog.getByTestId("picker-row").filter({ has: dialog.page().getByText(name, { exact: true }) });
  const match = (await row.innerText()).match(/Margen \$([\d,]+)\.(\d{2})/);
  if (!match) throw new Error(`no margin on the picker row of ${name}`);
  return Number(match[1].replaceAll(",", "")) * 100 + Number(match[2]);
}

/** A professional reseller's commission on one unit: margin × 0.5 (2 decimals), as the pages print pesos. */
export function professionalCommission(margin: number): string {
  const amount = Math.round(margin * 0.5);
  return new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN", minimumFractionDigits: 2 }).format(amount / 100);
}

// ——— Campaigns and tracking ———

/** Creates a campaign for the page the promoter is on from the share widget; returns the widget and its short link. */
export async function createCampaign(page: Page, name: string): Promise<{ widget: Locator; shortLink: string }> {
  await page.getByRole("button", { name: "Crea campaña y comparte" }).click();
  const widget = page.getByRole("dialog", { name: "Crea campaña y comparte" });
  await widget.getByRole("textbox", { name: "Nombre" }).fill(name);
  await widget.getByRole("button", { name: "Crear campaña" }).click();
  await page.getByText("Campaña creada").waitFor();
  const shortLink = await widget.getByRole("textbox", { name: "Enlace corto" }).inputValue();
  expect(shortLink).toMatch(/\/api\/v1\/short-links\/[a-z0-9]{8}$/);
  return { widget, shortLink };
}

/** A visitor follows a short link: the page opens (hydrated) with the tracking values, kept in cookies for a day. Returns where it landed. */
export async function followShortLink(page: Page, shortLink: string): Promise<URL> {
  await page.goto(shortLink);
  await page.waitForURL(/click_id=clk_/);
  await waitForHydration(page);
  const landed = new URL(page.url());
  const cookies = Object.fromEntries((await page.context().cookies()).map((cookie) => [cookie.name, cookie]));
  expect(cookies.referralID?.value).toBe(landed.searchParams.get("referral"));
  expect(cookies.campaign?.value).toBe(landed.searchParams.get("campaign"));
  expect(cookies.clickID?.value).toBe(landed.searchParams.get("click_id"));
  const lifetime = cookies.clickID.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(86_400 - 120);
  expect(lifetime).toBeLessThanOrEqual(86_400 + 5);
  return landed;
}

/** The campaign's row in the promoter's campaign list, with its click and purchase counts checked. */
export async function campaignRow(page: Page, name: string, counts: { clicks: number; purchases: number }): Promise<Locator> {
  await open(page, `/apps/me/referral/campaigns?text=${encodeURIComponent(name)}`);
  const row = page.getByRole("listitem", { name });
  await row.waitFor();
  expect(await row.getByTestId("campaign-clicks").innerText()).toBe(`Clics: ${counts.clicks}`);
  expect(await row.getByTestId("campaign-purchases").innerText()).toBe(`Compras: ${counts.purchases}`);
  return row;
}

// ——— A guest's purchase ———

/** From the open cart drawer, a guest checks out with shipping and pays by card; returns the order the supplier received. */
export async function guestCheckout(page: Page, shop: string, buyer: { name: string; email: string }) {
  await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
  await page.waitForURL(new RegExp(`/tienda/${shop}/comprar`));
  await page.getByRole("textbox", { name: "Nombre completo" }).fill(buyer.name);
  await page.getByRole("textbox", { name: "Correo electrónico" }).fill(buyer.email);
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("radio", { name: "Envío a domicilio" }).waitFor();
  await fillShipping(page);
  await payWithCard(page, "4242 4242 4242 4242");
  await page.waitForURL(/\/pagado\?/);
  await page.getByText("¡Gracias por tu compra!").waitFor();
  return purchaseOrder(page);
}

// ——— The supplier's side ———

/** The supplier's order page shows the commission it owes the reseller (pending) and returns the total owed. */
export async function owedCommission(page: Page, shop: string, orderId: string, productName: string): Promise<string> {
  await open(page, `/tienda/${shop}/admin/ordenes/${orderId}`);
  const owed = page.getByTestId("order-commissions");
  await owed.getByRole("heading", { name: "Comisiones de este pedido" }).waitFor();
  await owed.getByText(new RegExp(`${productName} · Mateo Ruiz`)).waitFor();
  await owed.getByText("Pendiente").waitFor();
  return (await owed.getByText(/^Debes en total: /).innerText()).replace("Debes en total: ", "").trim();
}

/** The supplier walks a shipped order to delivered, one step at a time, as its order page would. */
export async function deliver(context: BrowserContext, shop: string, orderId: string) {
  const next = (body: Record<string, string>) => apiWrite(context, "POST", `/shops/${shop}/orders/${orderId}/next`, body);
  await next({ from: "paid", estimated_delivery_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) });
  await next({ from: "confirmed" });
  await next({ from: "in_process" });
  await next({ from: "ready_to_deliver", courier: "Estafeta", tracking_number: "EST123456" });
  await next({ from: "on_the_way" });
}

// ——— The reseller's earnings ———

/** The commission row of an order on the earnings page (the table on desktop). */
export function commissionRow(page: Page, orderNumber: number) {
  return page
    .getByTestId("commissions-table")
    .getByRole("row")
    .filter({ hasText: `#${orderNumber}` });
}

/** Moves the development clock past the 72-hour return window and runs the due jobs (commissions become available). */
export async function passReturnWindow(context: BrowserContext) {
  await apiWrite(context, "POST", "/dev/clock", { advance_ms: 73 * HOUR });
  await apiWrite(context, "POST", "/dev/jobs/run", {});
}
