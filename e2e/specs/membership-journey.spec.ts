import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open } from "./storefront-helpers";

const settingUp = "Estamos terminando de configurar tu cuenta, este proceso puede tardar algunos minutos";
const day = 24 * 60 * 60 * 1000;

/** The newest PIN the notifier sent to `to`, read from the dev outbox API. */
async function pinFor(to: string): Promise<string> {
  const response = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const { results } = (await response.json()) as { results: { body: string }[] };
  const match = results[0]?.body.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no PIN sent to ${to}`);
  return match[1];
}

/** The dev clock moves forward and the due jobs (trial end, the recurring charge) run, as time passing would. */
async function advanceDays(days: number) {
  const moved = await fetch(`${baseURL()}/api/v1/dev/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advance_ms: days * day }),
  });
  expect(moved.ok).toBe(true);
  const ran = await fetch(`${baseURL()}/api/v1/dev/jobs/run`, { method: "POST" });
  expect(ran.ok).toBe(true);
}

describe("membership journey: landing → sign-up with a plan → trial → card with 3-D Secure → first recurring charge", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("an entrepreneur signs up from /negociodigital, sets up a card that asks for 3-D Secure and pays the first month", async () => {
    const { context, page } = await newPage(browser);
    const email = "elena.journey@ejemplo.mx";
    await open(page, "/negociodigital?referal_id=promotor-7");
    await page.getByRole("heading", { level: 1, name: "Haz crecer tu negocio digital" }).waitFor();
    await page.getByRole("textbox", { name: "Nombre completo", exact: true }).fill("Elena Journey");
    await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(email);
    await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("secreto123");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Comienza Ahora" }).click();
    await page.waitForURL(/\/register\/activate\/\?code=.*plan=negocio_digital/);
    await page.getByRole("textbox", { name: "PIN de 6 dígitos", exact: true }).fill(await pinFor(email));
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.getByText(settingUp).waitFor();
    await page.waitForURL(`${baseURL()}/asistentes/emprendedores`);

    // The trial of the plan runs; from the assistants' last step the subscription page asks for the card.
    await page.getByRole("link", { name: "Mi suscripción" }).click();
    await page.waitForURL(`${baseURL()}/apps/me/suscripcion`);
    await page.getByRole("heading", { name: "Negocio digital" }).waitFor();
    await page.getByText("En prueba").first().waitFor();
    await page.getByText(/Tu prueba termina el/).waitFor();
    await snap(page, "membership-journey-trial");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Configurar tarjeta" }).click();
    const modal = page.getByRole("dialog", { name: "Tarjeta Bancaria" });
    await modal.waitFor();
    const frame = page.frameLocator("iframe[src='/sandbox-pay/card']");
    await frame.getByLabel("Número de tarjeta").fill("4000000000003220");
    await frame.getByLabel("Nombre del titular").fill("Elena Journey");
    await frame.getByLabel("Vencimiento (MM/AA)").fill("12/34");
    await frame.getByLabel("CVC").fill("123");
    await frame.getByRole("button", { name: "Usar esta tarjeta" }).click();
    await page.getByRole("heading", { name: "Verificación 3D Secure" }).waitFor();
    await snap(page, "membership-journey-3ds");
    await page.getByRole("button", { name: "Autorizar" }).click();
    await page.waitForURL(/\/apps\/me\/suscripcion/);
    await page.getByText("Tarjeta guardada").first().waitFor();
    await page
      .getByText(/•••• 3220/)
      .first()
      .waitFor();

    // The 14-day trial ends: the renewal job charges the first month; the bank asks this card to confirm again.
    await advanceDays(15);
    await open(page, "/apps/me/suscripcion");
    const history = page.getByRole("region", { name: "Historial de cobros" });
    await history.getByText(/Negocio digital · /).waitFor();
    await history.getByText("Requiere confirmación").waitFor();
    await history.getByText("Confirmar el cobro con tu banco").click();
    await page.getByRole("heading", { name: "Verificación 3D Secure" }).waitFor();
    await page.getByRole("button", { name: "Autorizar" }).click();
    await page.waitForURL(/\/apps\/me\/suscripcion/);
    await open(page, "/apps/me/suscripcion");
    await page.getByText("Activa").first().waitFor();
    await history.getByText("Pagado").waitFor();
    // The $10 MXN card validation went back within 48 hours.
    await history.getByText("Validación de tarjeta").waitFor();
    await history.getByText("Reembolsado").waitFor();
    await snap(page, "membership-journey-first-charge", { fullPage: true });
    await context.close();
  });
});
