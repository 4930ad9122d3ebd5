import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap, waitForHydration } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { payWithCard } from "./checkout-helpers";
import { demoPassword, open } from "./storefront-helpers";

const phone = { width: 390, height: 844 };
const settingUp = "Estamos terminando de configurar tu cuenta, este proceso puede tardar algunos minutos";

/** The newest PIN the notifier sent to `to`, read from the dev outbox API. */
async function pinFor(to: string): Promise<string> {
  const response = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const { results } = (await response.json()) as { results: { body: string }[] };
  const match = results[0]?.body.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no PIN sent to ${to}`);
  return match[1];
}

/** Fills the landing's sign-up form, sends it, and confirms the PIN from the outbox. */
async function signUpOnLanding(page: Page, values: { name: string; email: string; button: string }) {
  await page.getByRole("textbox", { name: "Nombre completo", exact: true }).fill(values.name);
  await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(values.email);
  await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("secreto123");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: values.button }).click();
  await page.waitForURL(/\/register\/activate\/\?code=/);
  await page.getByRole("textbox", { name: "PIN de 6 dígitos", exact: true }).fill(await pinFor(values.email));
  await page.getByRole("button", { name: "Confirmar" }).click();
}

describe("onboarding: plan landings, sign-up with a plan, the commission promo and membership packages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("a visitor signs up from /tiendaenlinea with the plan: PIN, the setting-up screen, then the entrepreneur assistants", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tiendaenlinea?referal_id=promotora-1&click_id=clic-9");
    await page.getByRole("heading", { level: 1, name: "Tu tienda en línea, lista hoy" }).waitFor();
    await page.getByText("Plan Tienda en línea").waitFor();
    expect(await page.getByTestId("landing-price").innerText()).toContain("199.00");
    await page.getByText("Pagos con tarjeta, efectivo y transferencia").waitFor();
    await snap(page, "onboarding-landing-desktop");
    expect(await seriousViolations(page)).toEqual([]);

    await signUpOnLanding(page, { name: "Rosa Emprende", email: "rosa.plan@ejemplo.mx", button: "Comienza Ahora" });
    expect(page.url()).toContain("plan=tienda_en_linea");
    await page.getByRole("status").getByText(settingUp).waitFor();
    await snap(page, "onboarding-setting-up");
    await page.waitForURL(`${baseURL()}/asistentes/emprendedores`);
    await page.getByRole("heading", { level: 1, name: "Asistentes para emprendedores" }).waitFor();
    for (const step of ["Crea tu tienda", "Agrega productos", "Comparte y gana", "Elige tu plan"])
      await page.getByRole("heading", { name: step }).waitFor();
    await snap(page, "onboarding-assistants-desktop", { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    // A premium plan (in trial) is level two: no commission promo.
    expect(await page.getByRole("button", { name: "¡Gana comisiones!" }).count()).toBe(0);
    await context.close();
  });

  it("on a phone, an affiliate from /emprendedores is level one: the '¡Gana comisiones!' panel opens, closes and hides", async () => {
    const { context, page } = await newPage(browser, { viewport: phone });
    await open(page, "/emprendedores");
    await page.getByRole("heading", { level: 1, name: "Emprende sin inventario" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(page, "onboarding-landing-phone");
    await signUpOnLanding(page, { name: "Iván Afiliado", email: "ivan.afiliado@ejemplo.mx", button: "Quiero emprender" });
    await page.getByText(settingUp).waitFor();
    await page.waitForURL(`${baseURL()}/asistentes/emprendedores`);
    await snap(page, "onboarding-assistants-phone");

    await open(page, "/");
    const promo = page.getByRole("button", { name: "¡Gana comisiones!" });
    await promo.click();
    const panel = page.getByRole("dialog", { name: "¡Gana comisiones!" });
    await panel.waitFor();
    await expect.poll(() => panel.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
    await snap(page, "onboarding-promo-open-phone");
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    await promo.click();
    await panel.waitFor();
    await page.mouse.click(300, 200);
    await panel.waitFor({ state: "hidden" });
    await promo.click();
    await panel.getByRole("link", { name: "Empezar ahora" }).click();
    await page.waitForURL(`${baseURL()}/asistentes/emprendedores`);
    await page.getByRole("button", { name: "Ocultar" }).click();
    await promo.waitFor({ state: "hidden" });
    await context.close();
  });

  it("packages: a visitor signs in to buy, pays with 3-D Secure, and a downgrade while it runs gets the 7-second 'Aviso'", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/apps/paquetes");
    await page.getByRole("heading", { level: 1, name: "Paquetes de membresía" }).waitFor();
    await page.getByText("Mejor precio", { exact: true }).waitFor();
    await snap(page, "onboarding-packages-desktop");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("article", { name: "Paquete anual" }).getByRole("link", { name: "Comprar ahora" }).click();
    await page.waitForURL(/\/login\?next=%2Fapps%2Fpaquetes%2Fpaquete_anual/);
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill("carlos@demo.tianguis.mx");
    await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill(demoPassword);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(`${baseURL()}/apps/paquetes/paquete_anual`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Paquete anual" }).waitFor();
    await page.getByRole("button", { name: "Comprar ahora" }).click();
    await page.waitForURL(/\/apps\/paquetes\/paquete_anual\/pagar\?token=pkg_/);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Pagar Paquete anual" }).waitFor();
    await snap(page, "onboarding-package-pay");
    await payWithCard(page, "4000000000003220");
    await page.getByRole("heading", { name: "Verificación 3D Secure" }).waitFor();
    await page.getByRole("button", { name: "Autorizar" }).click();
    await page.getByRole("heading", { name: "¡Listo! Tu paquete está activo" }).waitFor();
    await page.getByText(/Vigente hasta el/).waitFor();
    await snap(page, "onboarding-package-paid");
    expect(await seriousViolations(page)).toEqual([]);

    await open(page, "/apps/paquetes/paquete_mensual");
    await page.getByText(/Tu paquete actual: Paquete anual, vigente hasta el/).waitFor();
    await page.getByRole("button", { name: "Comprar ahora" }).click();
    const notice = page.getByRole("alert").filter({ hasText: "Aviso" });
    await notice
      .getByText(/Tu plan actual \(Paquete anual\) vence el .+\. Podrás cambiar a Paquete mensual después de esa fecha\./)
      .waitFor();
    await snap(page, "onboarding-package-downgrade-notice");
    expect(page.url()).toBe(`${baseURL()}/apps/paquetes/paquete_mensual`);

    // The package pages on a phone: one column, nothing wider than the screen.
    await page.setViewportSize(phone);
    await open(page, "/apps/paquetes");
    await page.getByText(/Tu paquete actual: Paquete anual/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(page, "onboarding-packages-phone");
    await context.close();
  });
});
