import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, signedIn } from "./storefront-helpers";

const lucia = "lucia@demo.tianguis.mx";
const phone = { width: 390, height: 844 };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The dev clock and job runner (not in production), as reseller-journey moves time. */
async function dev(path: string, data: unknown) {
  const response = await fetch(`${baseURL()}/api/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(data),
  });
  expect(response.status).toBe(200);
}

/** Types a card into the gateway's frame inside the 'Tarjeta Bancaria' modal. */
async function typeCard(page: Page, number: string) {
  const frame = page.frameLocator('iframe[title="Formulario seguro de la tarjeta"]');
  await frame.getByLabel("Número de tarjeta").fill(number);
  await frame.getByLabel("Nombre del titular").fill("Lucía Hernández");
  await frame.getByLabel("Vencimiento (MM/AA)").fill("12/31");
  await frame.getByLabel("CVC").fill("123");
  await frame.getByRole("button", { name: "Usar esta tarjeta" }).click();
}

/** The bank's 3-D Secure page: the subscriber authorises and comes back to the subscription page. */
async function authorise(page: Page) {
  await page.waitForURL(/\/sandbox-pay\/3ds\?/);
  await page.getByRole("heading", { name: "Verificación 3D Secure" }).waitFor();
  await page.getByRole("button", { name: "Autorizar" }).click();
  await page.waitForURL(/\/apps\/me\/suscripcion/);
}

function billingRow(page: Page, text: string | RegExp) {
  return page.getByTestId("billing-row").filter({ hasText: text });
}

/**
 * Issue 14's subscription journey: the demo shop's owner starts the professional plan's trial from the prompt in her
 * admin pages, sets up a card that asks for 3-D Secure in the 'Tarjeta Bancaria' modal, and when the trial ends (the dev
 * clock moves) the first monthly charge appears in her billing history, waits for her bank and is paid.
 */
describe("subscriptions: trial from the prompt, a 3-D Secure card, the first recurring charge", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("the shop owner starts the trial from the admin banner and sets up a 3-D Secure card in the modal", async () => {
    const { context, page } = await signedIn(browser, lucia);
    await open(page, "/tienda/demo/admin/configuracion");
    const prompt = page.getByRole("region", { name: "Haz crecer tu tienda" });
    await prompt.getByText("Comienza ahora 30 días de prueba de Plan profesional").waitFor();
    await snap(page, "subscriptions-prompt-banner-desktop");
    expect(await seriousViolations(page, "section[aria-label='Haz crecer tu tienda']")).toEqual([]);
    await prompt.getByRole("button", { name: "Comenzar prueba" }).click();

    // Installed: the success message, and the card modal opens since the trial has no card yet.
    await page.getByText("Listo, tu plan quedó activo").waitFor();
    const modal = page.getByRole("dialog", { name: "Tarjeta Bancaria" });
    await modal.getByText("Haremos un cargo de validación de $10 MXN").waitFor();
    await modal.getByRole("button", { name: "Cerrar sin guardar" }).waitFor();
    await page.frameLocator('iframe[title="Formulario seguro de la tarjeta"]').getByLabel("Número de tarjeta").waitFor();
    expect(await modal.locator("iframe").evaluate((frame) => frame.getBoundingClientRect().height)).toBe(500);
    await snap(page, "subscriptions-card-modal-desktop");
    expect(await seriousViolations(page, "[role='dialog']")).toEqual([]);
    await typeCard(page, "4000 0000 0000 3220");

    // The bank asks to confirm the $10 MXN validation charge; back on the subscription page the card is saved.
    await authorise(page);
    await page.getByText("Tarjeta guardada").waitFor();
    await page.getByRole("heading", { name: "Mi suscripción", level: 1 }).waitFor();
    await page.getByText("En prueba").first().waitFor();
    await page.getByText("Tarjeta: VISA •••• 3220").waitFor();
    await billingRow(page, "Validación de tarjeta").getByText("Pagado").waitFor();
    expect(await billingRow(page, "Validación de tarjeta").innerText()).toContain("$10.00");
    await snap(page, "subscriptions-page-trial-desktop", { fullPage: true });
    // The page itself: the toast is the shared notifications widget.
    expect(await seriousViolations(page, "main")).toEqual([]);

    // The user menu leads here too.
    await open(page, "/");
    await page.getByRole("button", { name: "Menú de cuenta" }).click();
    await page.getByRole("menuitem", { name: "Mi suscripción" }).click();
    await page.waitForURL(/\/apps\/me\/suscripcion$/);
    await context.close();
  });

  it("on a phone, the modal adds another card, deletes it with a 5-second undo, and never deletes the selected card", async () => {
    const { context, page } = await signedIn(browser, lucia, phone);
    await open(page, "/apps/me/suscripcion");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(page, "subscriptions-page-phone", { fullPage: true });
    await page.getByRole("button", { name: "Tarjeta bancaria" }).click();
    const modal = page.getByRole("dialog", { name: "Tarjeta Bancaria" });
    const selected = modal.getByRole("radio", { name: "VISA •••• 3220" });
    await selected.waitFor();
    expect(await selected.isChecked()).toBe(true);
    expect(await modal.getByRole("button", { name: "Eliminar tarjeta VISA •••• 3220" }).isDisabled()).toBe(true);

    await modal.getByRole("button", { name: "Cargar otra tarjeta" }).click();
    await snap(page, "subscriptions-card-modal-phone");
    await typeCard(page, "5555 5555 5555 4444");
    await page.getByText("Tarjeta guardada").waitFor();
    const other = modal.getByRole("radio", { name: "MASTERCARD •••• 4444" });
    await other.waitFor();
    expect(await other.isChecked()).toBe(true);
    await selected.check();

    const remove = modal.getByRole("button", { name: "Eliminar tarjeta MASTERCARD •••• 4444" });
    await remove.click();
    await modal.getByText("Eliminando tarjeta •••• 4444").waitFor();
    await modal.getByRole("button", { name: "Deshacer" }).click();
    await other.waitFor();
    await remove.click();
    await modal.getByText("Eliminando tarjeta •••• 4444").waitFor();
    await modal.getByText("Eliminando tarjeta •••• 4444").waitFor({ state: "detached" });
    expect(await other.count()).toBe(0);

    await modal.getByRole("button", { name: "Guardar cambios" }).click();
    await page.getByText("Tarjeta actualizada").waitFor();
    await modal.waitFor({ state: "hidden" });
    await context.close();
  });

  it("when the trial ends the first monthly charge appears in the billing history, waits for the bank and is paid", async () => {
    await dev("/dev/clock", { advance_ms: 30 * DAY + HOUR });
    await dev("/dev/jobs/run", {});
    const { context, page } = await signedIn(browser, lucia);
    await open(page, "/apps/me/suscripcion");
    const charge = billingRow(page, "Plan profesional ·");
    await charge.getByText("Requiere confirmación").waitFor();
    expect(await charge.innerText()).toContain("$199.00");
    await page.getByText("Tu banco pide confirmar el último cobro.").waitFor();
    await snap(page, "subscriptions-charge-needs-3ds-desktop", { fullPage: true });
    await page.getByRole("link", { name: "Confirmar el cobro con tu banco" }).first().click();
    await authorise(page);
    await page.getByText("Recibimos la respuesta de tu banco").waitFor();
    await billingRow(page, "Plan profesional ·").getByText("Pagado").waitFor();
    await page.getByText("Activa", { exact: true }).waitFor();

    await billingRow(page, "Plan profesional ·").getByRole("link", { name: /^R-/ }).click();
    await page.getByRole("heading", { name: /^Recibo R-[0-9A-F]{8}$/, level: 1 }).waitFor();
    await page.getByText("$199.00").waitFor();
    await snap(page, "subscriptions-receipt-desktop");
    expect(await seriousViolations(page, "main")).toEqual([]);
    await context.close();
  });
});
