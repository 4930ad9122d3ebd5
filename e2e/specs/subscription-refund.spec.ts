import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations, transitionsEnded } from "./a11y-helpers";
import { toast } from "./admin-helpers";
import { advanceServerDays } from "./clock-helpers";
import { apiWrite, open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

/** Lucía subscribes her shop to 'Tienda en línea' with a card that pays without 3-D Secure; the trial ends and she pays a month. */
async function subscribe(context: BrowserContext) {
  await apiWrite(context, "PUT", "/me/subscription", { plan: "tienda_en_linea" });
  const card = { number: "4242424242424242", name: "Lucía Hernández", exp_month: 12, exp_year: 2039, cvc: "123" };
  const { token } = (await (await context.request.post("/sandbox-pay/tokens", { data: card })).json()) as { token: string };
  await apiWrite(context, "POST", "/me/cards", { token });
  await advanceServerDays(15);
}

describe("the platform admin refunds a shop's monthly subscription charge (issue 30 §4)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Elena finds Casa Lucía's paid month, confirms the refund naming the amount and effect; the row and the subscription change", async () => {
    const lucia = await signedIn(browser, "lucia@demo.tianguis.mx");
    await subscribe(lucia.context);
    await open(lucia.page, "/apps/me/suscripcion");
    await lucia.page.getByText("Activa").first().waitFor();

    // A second admin's page, in English, left open on the same charge: its refund comes too late.
    const english = await newPage(browser, { locale: "en-US" });
    await english.context.request.post("/api/v1/auth/login", { data: { username: "admin@demo.tianguis.mx", password: "demo12345" } });

    const { context, page } = await signedIn(browser, "admin@demo.tianguis.mx");
    await open(page, "/plataforma/tiendas?q=Casa%20Luc%C3%ADa");
    await page.getByRole("link", { name: "Suscripción Casa Lucía Artesanías" }).click();
    await page.waitForURL(`${baseURL()}/plataforma/tiendas/demo/suscripcion`);
    await page.getByRole("heading", { level: 1, name: "Suscripción de Casa Lucía Artesanías" }).waitFor();
    const summary = page.getByRole("region", { name: "Suscripción actual" });
    await summary.getByText("Activa").waitFor();
    const charges = page.getByRole("list", { name: "Cobros de suscripción" });
    const monthly = charges.getByTestId("subscription-charge").filter({ hasText: /Tienda en línea · / });
    await monthly.getByText("Pagado").waitFor();
    // The card validation went back by itself: no refund is offered for it.
    const validation = charges.getByTestId("subscription-charge").filter({ hasText: "Validación de tarjeta" });
    await validation.waitFor();
    expect(await validation.getByRole("button", { name: /^Reembolsar/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "platform-subscription-desktop");

    await open(english.page, "/plataforma/tiendas/demo/suscripcion");
    const stale = english.page.getByTestId("subscription-charge").filter({ hasText: /Tienda en línea · / });
    await stale.getByText("Paid").waitFor();

    // At phone width the confirmation fits the screen.
    const small = await signedIn(browser, "admin@demo.tianguis.mx", phone);
    await open(small.page, "/plataforma/tiendas/demo/suscripcion");
    await small.page.getByRole("button", { name: /^Reembolsar R-/ }).click();
    await small.page
      .getByRole("dialog", { name: /^Reembolsar .*199\.00/ })
      .getByText("Es el periodo en curso", { exact: false })
      .waitFor();
    await transitionsEnded(small.page);
    await snap(small.page, "platform-subscription-refund-dialog-phone");
    await small.context.close();

    await monthly.getByRole("button", { name: /^Reembolsar R-/ }).click();
    const dialog = page.getByRole("dialog", { name: /^Reembolsar .*199\.00/ });
    await dialog.getByText(/Se devolverán .*199\.00.* a la tarjeta .*•••• 4242 de Lucía Hernández/).waitFor();
    await dialog.getByText("Es el periodo en curso: la suscripción termina ahora y la tienda pasa al plan gratuito.").waitFor();
    await dialog.getByText(/su comisión se revierte y se descuenta de su monedero/).waitFor();
    const confirm = dialog.getByRole("button", { name: /^Reembolsar .*199\.00/ });
    await confirm.click();
    await dialog.getByText("Escribe el motivo (al menos 3 caracteres)").waitFor();
    await dialog.getByRole("textbox", { name: "Motivo del reembolso" }).fill("Cobro no reconocido por la clienta");
    await transitionsEnded(page);
    expect(await seriousViolations(page, "[role=dialog]")).toEqual([]);
    await snap(page, "platform-subscription-refund-dialog-desktop");
    await confirm.click();
    await toast(page, "a Lucía Hernández");
    await dialog.waitFor({ state: "hidden" });
    await monthly.getByText("Reembolsado").waitFor();
    expect(await monthly.getByRole("button", { name: /^Reembolsar/ }).count()).toBe(0);
    await summary.getByText("Vencida").waitFor();
    await snap(page, "platform-subscription-refunded-desktop");

    // The English page still offers it: the API refuses, and the toast says why in English.
    await stale.getByRole("button", { name: /^Refund R-/ }).click();
    const englishDialog = english.page.getByRole("dialog", { name: /^Refund .*199\.00/ });
    await englishDialog.getByRole("textbox", { name: "Reason for the refund" }).fill("Duplicate");
    await englishDialog.getByRole("button", { name: /^Refund .*199\.00/ }).click();
    await toast(english.page, "This charge is not a paid monthly charge: there is nothing to refund");
    await english.context.close();

    // Lucía's own page: the month reads refunded and her plan is over.
    await open(lucia.page, "/apps/me/suscripcion");
    const history = lucia.page.getByRole("region", { name: "Historial de cobros" });
    await history.getByText("Reembolsado").first().waitFor();
    await lucia.context.close();
    await context.close();
  });

  it("at phone width the charges stack and the dialog fits; a visitor is sent to log in and a seller is told it is not theirs", async () => {
    const { context, page } = await signedIn(browser, "admin@demo.tianguis.mx", phone);
    await open(page, "/plataforma/tiendas/demo/suscripcion");
    await page.getByRole("heading", { level: 1, name: "Suscripción de Casa Lucía Artesanías" }).waitFor();
    await page.getByRole("list", { name: "Cobros de suscripción" }).getByText("Reembolsado").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "platform-subscription-phone", { fullPage: true });
    await context.close();

    const visitor = await newPage(browser);
    await visitor.page.goto("/plataforma/tiendas/demo/suscripcion");
    await visitor.page.waitForURL(/\/login\?next=/);
    await visitor.context.close();

    const seller = await signedIn(browser, "mateo@demo.tianguis.mx", phone);
    await open(seller.page, "/plataforma/tiendas/demo/suscripcion");
    await seller.page.getByRole("alert").getByText("Esta página es solo para administradores de la plataforma.").waitFor();
    await seller.context.close();
  });
});
