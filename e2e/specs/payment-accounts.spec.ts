import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConektaFake, startConektaFake } from "../../packages/server/src/adapters/payments/fakes/conekta-fake";
import { type MobbexFake, startMobbexFake } from "../../packages/server/src/adapters/payments/fakes/mobbex-fake";
import { type OpenpayFake, openpayTestCards, startOpenpayFake } from "../../packages/server/src/adapters/payments/fakes/openpay-fake";
import { type PaypalFake, startPaypalFake } from "../../packages/server/src/adapters/payments/fakes/paypal-fake";
import { type StripeFake, startStripeFake } from "../../packages/server/src/adapters/payments/fakes/stripe-fake";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, signedInPage, toast } from "./admin-helpers";
import { addToCart, fillAddress, pick } from "./checkout-helpers";

const keys = { public: "pk_test_51LuciaDemoPublic", secret: "sk_test_51LuciaDemoSecret4242", webhook: "whsec_lucia_demo_7788" };
const phone = { width: 390, height: 844 };

// The server of this spec file starts after this module is read: it talks to these local fakes of the providers' APIs.
const stripe: StripeFake = await startStripeFake({ secretKey: keys.secret, webhookSecret: keys.webhook });
const conektaKeys = { public: "key_LuciaConektaPublic", private: "key_LuciaConektaPrivate7788" };
const conekta: ConektaFake = await startConektaFake({ privateKey: conektaKeys.private });
const openpay: OpenpayFake = await startOpenpayFake();
const paypal: PaypalFake = await startPaypalFake();
const mobbex: MobbexFake = await startMobbexFake();
process.env.STRIPE_API_URL = stripe.url;
process.env.CONEKTA_API_URL = conekta.url;
process.env.OPENPAY_API_URL = openpay.url;
process.env.PAYPAL_API_URL = paypal.url;
process.env.MOBBEX_API_URL = mobbex.url;

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

/** Conekta.js as the browser would get it from cdn.conekta.io: the card becomes one of the Conekta fake's test tokens. */
const conektaJs = `window.Conekta = {
  setPublicKey(key) { window.conektaSeen = { key, cards: [] }; },
  setLanguage(language) { window.conektaSeen.language = language; },
  Token: {
    create(params, success, failure) {
      window.conektaSeen.cards.push(params.card);
      const tokens = { "4242424242424242": "tok_test_visa_4242", "4000000000000002": "tok_test_card_declined" };
      const id = tokens[params.card.number];
      setTimeout(() => (id ? success({ id, object: "token", used: false }) : failure({ object: "error", message_to_purchaser: "Tu tarjeta no es aceptada por el banco emisor." })), 50);
    },
  },
};`;

/**
 * openpay.js and openpay-data.js as the browser would get them from js.openpay.mx: tokens minted on the Openpay fake for
 * its test cards (as openpay.js would with the public key), and a device session id.
 */
async function serveOpenpayJs(context: BrowserContext) {
  const tokens = {
    [openpayTestCards.success]: await openpay.cardToken(openpayTestCards.success),
    [openpayTestCards.decline]: await openpay.cardToken(openpayTestCards.decline),
  };
  const main = `window.OpenPay = {
  setId(id) { window.openpaySeen = { id, cards: [] }; },
  setApiKey(key) { window.openpaySeen.key = key; },
  setSandboxMode(flag) { window.openpaySeen.sandbox = flag; },
  token: {
    create(card, success, failure) {
      window.openpaySeen.cards.push(card);
      const id = ${JSON.stringify(tokens)}[card.card_number];
      setTimeout(() => (id ? success({ data: { id } }) : failure({ status: 400, data: { category: "request", error_code: 2004, description: "The card number verification digit is invalid" } })), 50);
    },
  },
};`;
  const data = `window.OpenPay.deviceData = { setup() { return "${deviceSessionId}"; } };`;
  for (const [url, body] of [
    ["https://js.openpay.mx/openpay.v1.min.js", main],
    ["https://js.openpay.mx/openpay-data.v1.min.js", data],
  ])
    await context.route(url, (route) => route.fulfill({ contentType: "text/javascript", body }));
}

function serveConektaJs(context: BrowserContext) {
  return context.route("https://cdn.conekta.io/js/latest/conekta.js", (route) =>
    route.fulfill({ contentType: "text/javascript", body: conektaJs }),
  );
}
const deviceSessionId = "Wq7p3vM0aZ2kNf8rYc5tHd1gLx9sBe4u";

/** Every body the page sent to our own server, to check a card number never travels there. */
function ownRequests(page: Page): string[] {
  const bodies: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(baseURL())) bodies.push(`${request.url()} ${request.postData() ?? ""}`);
  });
  return bodies;
}

async function putJson(context: BrowserContext, path: string, data: unknown, method: "PUT" | "POST" | "PATCH" = "PUT") {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === "tianguis_csrf")?.value ?? "";
  const response = await context.request.fetch(`/api/v1${path}`, { method, data, headers: { "x-csrf-token": csrf } });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Types a card in a live card field (our inputs, tokenised by the provider's script) and hands it over. */
async function typeCard(page: Page, number: string, holder = "Olga Cuentas") {
  const field = page.getByRole("group", { name: "Datos de la tarjeta (pasarela segura)" });
  await field.getByRole("textbox", { name: "Número de tarjeta" }).fill(number);
  await field.getByRole("textbox", { name: "Nombre del titular" }).fill(holder);
  await field.getByRole("textbox", { name: "Vencimiento (MM/AA)" }).fill("1230");
  await field.getByRole("textbox", { name: "CVC" }).fill("123");
  await field.getByRole("button", { name: "Usar esta tarjeta" }).click();
  return field;
}

describe("payment accounts: lucia charges cards through her own Conekta and Openpay accounts, and PayPal returns", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // lucia connects her three accounts, tests them, ticks their methods in 'Formas de pago' and goes live.
    const { context } = await signedInPage(browser);
    const accounts = {
      conekta: { public_key: conektaKeys.public, secret_key: conektaKeys.private, webhook_secret: conekta.webhookPublicKey },
      openpay: {
        public_key: openpay.publicKey,
        secret_key: openpay.secretKey,
        webhook_secret: `${openpay.webhookUser}:${openpay.webhookPassword}`,
        merchant_id: openpay.merchantId,
      },
      paypal: { public_key: paypal.clientId, secret_key: paypal.clientSecret, webhook_secret: paypal.webhookId },
    };
    for (const [provider, body] of Object.entries(accounts)) {
      await putJson(context, `/shops/demo/payment-accounts/${provider}`, body);
      expect(await putJson(context, `/shops/demo/payment-accounts/${provider}/test`, {}, "POST")).toMatchObject({ status: "connected" });
    }
    await putJson(context, "/shops/demo", { enabled_payment_types: ["conekta_card", "openpay_card", "paypal"] }, "PATCH");
    await putJson(context, "/shops/demo/payment-mode", { live: true });
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([conekta.close(), openpay.close(), paypal.close()]);
  });

  it("a live shop offers Conekta's and Openpay's cards; Conekta.js tokenises the card and the order is paid on lucia's account", async () => {
    const { context, page } = await newPage(browser);
    await serveConektaJs(context);
    const sent = ownRequests(page);
    await toPayment(page);
    expect(await offeredMethods(page)).toEqual(["Tarjeta (Conekta)", "Tarjeta (Openpay)", "PayPal"]);
    await page.getByRole("radio", { name: "Tarjeta (Conekta)" }).check();

    // The form checks the card in the shopper's language before Conekta.js sees it.
    const field = await typeCard(page, "4242 4242 4242 4241", "Olga 123");
    await field.getByText("Revisa el número de la tarjeta").waitFor();
    await field.getByText("El nombre solo puede llevar letras, espacios, puntos y guiones").waitFor();
    expect(await page.evaluate(() => (window as { conektaSeen?: { cards: unknown[] } }).conektaSeen?.cards.length)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "payments-live-conekta-field-desktop");

    // A card Conekta refuses to tokenise: Conekta's own message for the shopper.
    await typeCard(page, "5105 1051 0510 5100");
    await field.getByRole("alert").filter({ hasText: "Tu tarjeta no es aceptada por el banco emisor." }).waitFor();

    await typeCard(page, "4242 4242 4242 4242");
    await page.getByRole("status").filter({ hasText: "Tarjeta •••• 4242 lista" }).waitFor();
    const seen = await page.evaluate(() => (window as { conektaSeen?: Record<string, unknown> }).conektaSeen);
    expect(seen).toMatchObject({ key: conektaKeys.public, language: "es" });
    expect((seen?.cards as unknown[]).at(-1)).toEqual({
      number: "4242424242424242",
      name: "Olga Cuentas",
      exp_month: "12",
      exp_year: "30",
      cvc: "123",
    });
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.getByText("¡Gracias por tu compra!").waitFor();

    const order = conekta.requests.find((request) => request.method === "POST" && request.path === "/orders");
    expect(JSON.stringify(order?.body)).toContain('"token_id":"tok_test_visa_4242"');
    expect([...conekta.orders.values()].at(-1)?.payment_status).toBe("paid");
    // The card number went to Conekta.js only: never to our server, nor (through it) to Conekta's API.
    expect(sent.some((body) => body.includes("/pay") && body.includes("tok_test_visa_4242"))).toBe(true);
    expect(sent.filter((body) => body.includes("4242424242424242") || body.includes("4242 4242"))).toEqual([]);
    expect(conekta.requests.filter((request) => request.rawBody.includes("4242424242424242"))).toEqual([]);
    await context.close();
  });

  it("on a phone, openpay.js tokenises the card and its device session id reaches Openpay's charge with the token", async () => {
    const { context, page } = await newPage(browser, { viewport: phone });
    await serveOpenpayJs(context);
    const sent = ownRequests(page);
    await toPayment(page);
    await page.getByRole("radio", { name: "Tarjeta (Openpay)" }).check();
    const field = page.getByRole("group", { name: "Datos de la tarjeta (pasarela segura)" });
    await field.getByRole("textbox", { name: "Número de tarjeta" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "payments-live-openpay-field-phone");

    // An Openpay error code reads as the catalogue's text, not Openpay's English description.
    await typeCard(page, "5105 1051 0510 5100");
    await field.getByRole("alert").filter({ hasText: "Revisa el número de la tarjeta" }).waitFor();

    await typeCard(page, "4111 1111 1111 1111");
    await page.getByRole("status").filter({ hasText: "Tarjeta •••• 1111 lista" }).waitFor();
    // The fake is not Openpay's live host: openpay.js runs in sandbox mode, with lucia's merchant id and public key.
    expect(await page.evaluate(() => (window as { openpaySeen?: Record<string, unknown> }).openpaySeen)).toMatchObject({
      id: openpay.merchantId,
      key: openpay.publicKey,
      sandbox: true,
    });
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.getByText("¡Gracias por tu compra!").waitFor();

    const charge = openpay.requests.filter((request) => request.method === "POST" && request.path.endsWith("/charges")).at(-1);
    expect(charge?.body).toMatchObject({
      method: "card",
      source_id: expect.stringMatching(/^k\w{19}$/),
      device_session_id: deviceSessionId,
    });
    expect(sent.some((body) => body.includes("/pay") && body.includes(deviceSessionId))).toBe(true);
    expect(sent.filter((body) => body.includes("4111111111111111") || body.includes("4111 1111"))).toEqual([]);
    await context.close();
  });

  it.each([
    ["Conekta", serveConektaJs],
    ["Openpay", serveOpenpayJs],
  ] as const)(
    "a card the bank declines at %s's charge shows the catalogue's payment failure and a fresh card field",
    async (provider, serve) => {
      const { context, page } = await newPage(browser);
      await serve(context);
      await toPayment(page);
      await page.getByRole("radio", { name: `Tarjeta (${provider})` }).check();
      await typeCard(page, "4000 0000 0000 0002");
      await page.getByRole("status").filter({ hasText: "Tarjeta •••• 0002 lista" }).waitFor();
      await page.getByRole("button", { name: /^Pagar / }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "El intento de pago falló. Por favor, seleccione otra forma de pago o intente más tarde" })
        .waitFor();
      expect(await page.getByRole("textbox", { name: "Número de tarjeta" }).inputValue()).toBe("");
      expect(await page.getByRole("button", { name: /^Pagar / }).isDisabled()).toBe(true);
      await context.close();
    },
  );

  it("PayPal: cancelled on PayPal (code 2) shows the cancel message and lets the buyer pay again; approved (code 1) is captured", async () => {
    const { context, page } = await newPage(browser);
    // PayPal's approval page, as the buyer would see it on paypal.com: approving or cancelling sends the browser back.
    await context.route(`${paypal.url}/checkoutnow?*`, (route) => {
      const token = new URL(route.request().url()).searchParams.get("token") ?? "";
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="es"><title>PayPal</title><main><h1>Aprueba tu pago</h1>
<a href="${paypal.url}/approve?token=${token}">Aprobar</a> <a href="${paypal.url}/cancel?token=${token}">Cancelar</a></main></html>`,
      });
    });
    for (const [path, settle] of [
      ["approve", paypal.approve],
      ["cancel", paypal.cancel],
    ] as const)
      await context.route(`${paypal.url}/${path}?*`, (route) =>
        route.fulfill({ status: 302, headers: { location: settle(new URL(route.request().url()).searchParams.get("token") ?? "") } }),
      );
    await toPayment(page);
    await page.getByRole("radio", { name: "PayPal" }).check();
    await page.getByText("Te llevaremos a PayPal para aprobar el pago.").waitFor();
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.waitForURL(`${paypal.url}/checkoutnow?**`);
    const cancelled = new URL(page.url()).searchParams.get("token") ?? "";
    await page.getByRole("link", { name: "Cancelar" }).click();
    await page.waitForURL(/\/pagado\?.*code=2/);
    await page.getByText("Cancelaste el pago. Puedes intentarlo de nuevo.").waitFor();
    expect(paypal.requests.some((request) => request.path.endsWith(`/${cancelled}/capture`))).toBe(false);
    await snap(page, "payments-live-paypal-cancelled-desktop");

    await page.getByRole("link", { name: "Intentar pagar de nuevo" }).click();
    await page.getByRole("radio", { name: "PayPal" }).check();
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.waitForURL(`${paypal.url}/checkoutnow?**`);
    const approved = new URL(page.url()).searchParams.get("token") ?? "";
    expect(approved).not.toBe(cancelled);
    await page.getByRole("link", { name: "Aprobar" }).click();
    await page.waitForURL(/\/pagado\?.*code=1/);
    await page.getByText("¡Gracias por tu compra!").waitFor();
    // The return captured the approved order, once, with PayPal's idempotency header.
    const captures = paypal.requests.filter((request) => request.path === `/v2/checkout/orders/${approved}/capture`);
    expect(captures).toHaveLength(1);
    expect(captures[0].headers["paypal-request-id"]).toBeTruthy();
    expect(paypal.order(approved)?.status).toBe("COMPLETED");
    await context.close();
  });
});

describe("payment accounts: a redirect payment the provider confirms a moment later", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const { context } = await signedInPage(browser);
    const body = { public_key: mobbex.apiKey, secret_key: mobbex.accessToken, webhook_secret: "a-long-random-string-lucia-chose" };
    await putJson(context, "/shops/demo/payment-accounts/mobbex", body);
    expect(await putJson(context, "/shops/demo/payment-accounts/mobbex/test", {}, "POST")).toMatchObject({ status: "connected" });
    await putJson(context, "/shops/demo", { enabled_payment_types: ["mobbex"] }, "PATCH");
    await putJson(context, "/shops/demo/payment-mode", { live: true });
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await mobbex.close();
  });

  it("back from Mobbex before it approves, the buyer reads that the payment is being confirmed, then sees it paid", async () => {
    const { context, page } = await newPage(browser, { viewport: phone });
    // Mobbex's checkout: the buyer pays, Mobbex sends them back while the operation is still in process (status 2).
    let checkoutId = "";
    await context.route(`${mobbex.url}/p/checkout/v2/*`, (route) => {
      checkoutId = new URL(route.request().url()).pathname.split("/").pop() ?? "";
      return route.fulfill({ status: 302, headers: { location: mobbex.pay(checkoutId, "processing") } });
    });
    await toPayment(page);
    expect(await offeredMethods(page)).toEqual(["Mobbex"]);
    await page.getByRole("radio", { name: "Mobbex" }).check();
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.waitForURL(/\/pagado\?.*code=1/);
    await page.getByRole("status").filter({ hasText: "Estamos confirmando tu pago" }).waitFor();
    expect(await page.getByText("El intento de pago falló").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "payments-live-mobbex-confirming-phone");

    // Mobbex approves the operation: the page, asking again on its own, turns into the thank-you page.
    const [operation] = mobbex.operations(mobbex.checkout(checkoutId)?.reference ?? "");
    mobbex.settle(operation.id, "approved");
    await page.getByText("¡Gracias por tu compra!").waitFor();
    expect(await page.getByText("Estamos confirmando tu pago").count()).toBe(0);
    await context.close();
  });
});
