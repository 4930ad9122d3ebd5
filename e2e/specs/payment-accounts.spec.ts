import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeFake, startStripeFake } from "../../packages/server/src/adapters/payments/fakes/stripe-fake";
import { launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, signedInPage, toast } from "./admin-helpers";
import { addToCart, fillAddress, pick } from "./checkout-helpers";

const keys = { public: "pk_test_51LuciaDemoPublic", secret: "sk_test_51LuciaDemoSecret4242", webhook: "whsec_lucia_demo_7788" };
const phone = { width: 390, height: 844 };

// The server of this spec file starts after this module is read: it talks to this local fake of Stripe's API.
const stripe: StripeFake = await startStripeFake({ secretKey: keys.secret, webhookSecret: keys.webhook });
process.env.STRIPE_API_URL = stripe.url;

/** A guest reaches the payment step at mateo's store for a product that lucia's shop 'demo' supplies. */
async function toPayment(page: Page) {
  await addToCart(page, "mateo", await pick("mateo", "demo"));
  await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
  await page.getByRole("textbox", { name: "Nombre completo" }).fill("Olga Cuentas");
  await page.getByRole("textbox", { name: "Correo electrónico" }).fill("olga@ejemplo.mx");
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("radio", { name: "Entrega acordada con el vendedor" }).check();
  await fillAddress(page, {
    "Nombre de quien recibe": "Olga",
    "Calle y número": "Av. Álvaro Obregón 120",
    Ciudad: "Ciudad de México",
    "Código postal": "06700",
  });
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByText(/Tiempo para completar tu compra/).waitFor();
}

/**
 * Stripe.js as the browser would get it from js.stripe.com, served locally (no internet here): a card input whose test
 * numbers become Stripe's published test PaymentMethods, which the Stripe fake then charges.
 */
const stripeJs = `window.Stripe = function () {
  let input; const handlers = {};
  const card = {
    mount(element) {
      input = document.createElement("input");
      input.setAttribute("aria-label", "Número de tarjeta");
      input.inputMode = "numeric";
      element.appendChild(input);
      input.addEventListener("input", () => handlers.change && handlers.change({ complete: input.value.replace(/\\s/g, "").length >= 16 }));
    },
    on(event, handler) { handlers[event] = handler; },
    destroy() {},
  };
  return {
    elements() { return { create() { return card; } }; },
    createPaymentMethod() {
      const number = input.value.replace(/\\s/g, "");
      const id = number === "4000000000000002" ? "pm_card_visa_chargeDeclined" : "pm_card_visa";
      return Promise.resolve({ paymentMethod: { id, card: { last4: number.slice(-4) } } });
    },
  };
};`;

async function offeredMethods(page: Page): Promise<string[]> {
  const group = page.getByRole("radiogroup", { name: "Forma de pago" });
  await group.getByRole("radio").first().waitFor();
  return group
    .getByRole("radio")
    .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent ?? ""));
}

describe("payment accounts: lucia connects her own Stripe account", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stripe.close();
  });

  it("a guest is offered every sandbox method while the shop is in test mode", async () => {
    const { context, page } = await newPage(browser);
    await toPayment(page);
    const methods = await offeredMethods(page);
    expect(methods).toContain("PayPal");
    expect(methods).toContain("Tarjeta de crédito o débito");
    await context.close();
  });

  it("lucia enters her Stripe keys once, tests the connection, sees only the last 4 and goes live", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo/admin/configuracion");
    const section = page.getByRole("region", { name: "Stripe" });
    await section.getByText("Sin conectar").waitFor();
    await section.getByRole("button", { name: "Conectar · Stripe" }).click();
    const dialog = page.getByRole("dialog", { name: "Conectar · Stripe" });
    await dialog.getByRole("textbox", { name: "Llave pública" }).fill(keys.public);
    await dialog.getByLabel("Llave secreta").fill(keys.secret);
    await dialog.getByLabel("Secreto de webhooks").fill(keys.webhook);
    await dialog.getByRole("button", { name: "Guardar llaves" }).click();
    await toast(page, "Llaves guardadas; prueba la conexión");
    await section.getByText("Sin probar").waitFor();
    await section.getByText("Llave secreta terminada en 4242").waitFor();
    await section.getByRole("button", { name: "Probar conexión · Stripe" }).click();
    await toast(page, "Conexión correcta");
    await section.getByText("Conectada", { exact: true }).waitFor();
    expect(stripe.requests.some((request) => request.path === "/v1/balance")).toBe(true);

    // The page, reloaded, holds the public key and the last 4 only: never the secrets.
    await open(page, "/tienda/demo/admin/configuracion");
    const html = await page.content();
    expect(html).toContain(keys.public);
    expect(html).not.toContain(keys.secret);
    expect(html).not.toContain(keys.webhook);
    expect(await seriousViolations(page)).toEqual([]);
    await section.getByRole("button", { name: "Cambiar llaves · Stripe" }).click();
    expect(await page.getByRole("dialog").getByLabel("Llave secreta").inputValue()).toBe("");
    await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();

    await page.getByRole("switch", { name: "Cobrar con mis cuentas (en vivo)" }).click({ force: true });
    await toast(page, "Modo de cobro guardado");
    await page.getByText("En vivo: solo se ofrecen las formas de pago de las cuentas conectadas y probadas.").waitFor();
    await section.scrollIntoViewIfNeeded();
    await snap(page, "payment-accounts-desktop");
    await context.close();
  });

  it("a guest buying lucia's product is now offered only the card her Stripe account charges", async () => {
    const { context, page } = await newPage(browser);
    await toPayment(page);
    expect(await offeredMethods(page)).toEqual(["Tarjeta de crédito o débito"]);
    await context.close();
  });

  it("the guest types the card in Stripe's own field and the purchase is charged on lucia's Stripe account", async () => {
    const { context, page } = await newPage(browser);
    await context.route("https://js.stripe.com/v3/", (route) => route.fulfill({ contentType: "text/javascript", body: stripeJs }));
    await toPayment(page);
    await page.getByRole("radio", { name: "Tarjeta de crédito o débito" }).check();
    const field = page.getByRole("group", { name: "Datos de la tarjeta (pasarela segura)" });
    await field.getByRole("textbox", { name: "Número de tarjeta" }).fill("4242 4242 4242 4242");
    await field.getByRole("button", { name: "Usar esta tarjeta" }).click();
    await page.getByRole("status").filter({ hasText: "Tarjeta •••• 4242 lista" }).waitFor();
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.getByText("¡Gracias por tu compra!").waitFor();
    const charge = stripe.requests.find((request) => request.path === "/v1/payment_intents");
    expect(charge?.body).toMatchObject({ payment_method: "pm_card_visa", confirm: "true" });
    expect(charge?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    await context.close();
  });

  it("on a phone, lucia switches back to test mode and PayPal is offered again", async () => {
    const { context, page } = await signedInPage(browser, undefined, { viewport: phone });
    await open(page, "/tienda/demo/admin/configuracion");
    await page.getByRole("region", { name: "Stripe" }).getByText("Conectada", { exact: true }).waitFor();
    await page.getByRole("switch", { name: "Cobrar con mis cuentas (en vivo)" }).click({ force: true });
    await toast(page, "Modo de cobro guardado");
    await page.getByText(/Modo de pruebas/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(page, "payment-accounts-phone");
    await context.close();

    const guest = await newPage(browser, { viewport: phone });
    await toPayment(guest.page);
    expect(await offeredMethods(guest.page)).toContain("PayPal");
    await guest.context.close();
  });
});
