import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentAccounts, paymentModes } from "../../db/schema/payment-accounts";
import { paymentKeysKey, sealSecrets } from "../payment-accounts/sealing";
import { listOutbox } from "../../adapters/notify/notifier";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser, payBySandboxCard, signIn } from "../../test/harness";

/**
 * Test money in production (issue #32): the sandbox gateway moves no money, so in production (NODE_ENV=production, not
 * the demo) a shop without a live payment provider cannot take payments, its admins are told so, and /sandbox-pay/*
 * answers nothing; wherever the sandbox may charge (development, tests, the demo), what it charged is marked as a test.
 */

/**
 * The text a PDF written by pdfkit shows: every content stream inflated, the strings of its TJ operators decoded (pdfkit
 * writes the standard fonts' text as hex of WinAnsi codes, which match Latin-1 for Spanish letters), lines joined by a space.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const operator of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      lines.push([...operator[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1], "hex").toString("latin1")).join(""));
  }
  return lines.join(" ").replace(/\s+/g, " ");
}

const card = { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" };
const guest = { full_name: "Ana López", email: "ana.prueba@example.com" };

async function shopWithProduct(t: TestApp) {
  const owner = await createUser(t.ctx);
  const shop = await createShop(t.ctx, owner.id, { name: "Tienda Prueba" });
  const product = await createProduct(t.ctx, shop.id, { listPrice: 25000, stock: 5 });
  return { owner, shop, product, ownerHeaders: await signIn(t.ctx, owner.id) };
}

const checkout = (t: TestApp, slug: string, productId: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/shops/${slug}/checkout`,
    headers,
    payload: { items: [{ product_id: productId, quantity: 1 }], contact: guest, delivery_type: "to_branch" },
  });

describe("production without a live payment provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "production", DEMO_MODE: "false" });
  });
  afterAll(async () => t?.close());

  it("the checkout refuses the purchase with payments_not_live, in Spanish, English and Argentine Spanish", async () => {
    const { shop, product } = await shopWithProduct(t);
    const refused = await checkout(t, shop.slug, product.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "payments_not_live",
      message: "Esta tienda todavía no acepta pagos con tarjeta ni en línea: aún no conecta su cuenta de cobro. Contacta a la tienda.",
    });
    const english = await checkout(t, shop.slug, product.id, { cookie: "locale=en" });
    expect(english.json().message).toBe(
      "This shop does not take card or online payments yet: it has not connected its payment account. Contact the shop.",
    );
    const argentine = await checkout(t, shop.slug, product.id, { cookie: "locale=es-AR" });
    expect(argentine.json().message).toContain("aún no conectó su cuenta de cobro. Contactá a la tienda.");
  });

  it("the sandbox gateway answers 404: no card page, no card tokens, no 3-D Secure or approval pages", async () => {
    const { shop } = await shopWithProduct(t);
    const host = { host: `${shop.slug}.localhost` };
    for (const headers of [{}, host]) {
      expect((await t.app.inject({ method: "GET", url: "/sandbox-pay/card", headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "POST", url: "/sandbox-pay/tokens", headers, payload: card })).statusCode).toBe(404);
    }
    const fields = `payment=${crypto.randomUUID()}&sig=x&return_url=/pagado`;
    expect((await t.app.inject({ method: "GET", url: `/sandbox-pay/approve?${fields}` })).statusCode).toBe(404);
    const approve = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `${fields}&outcome=approve`,
    });
    expect(approve.statusCode).toBe(404);
  });

  it("the shop's admins are told the shop cannot take payments; visitors and live shops are not", async () => {
    const { shop, ownerHeaders } = await shopWithProduct(t);
    const read = (headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}`, headers });
    expect((await read(ownerHeaders)).json().payments_blocked).toBe(true);
    expect((await read()).json().payments_blocked).toBe(false);
    expect((await read(await signIn(t.ctx, (await createUser(t.ctx)).id))).json().payments_blocked).toBe(false);
    await t.ctx.db.insert(paymentModes).values({ shopId: shop.id, live: true, updatedAt: new Date() });
    expect((await read(ownerHeaders)).json().payments_blocked).toBe(false);
  });

  it("a live shop with a connected provider sells as before: its methods only, no notice", async () => {
    const { shop, product } = await shopWithProduct(t);
    await t.ctx.db.insert(paymentAccounts).values({
      shopId: shop.id,
      provider: "stripe",
      publicKey: "pk_test_live_shop",
      sealedSecrets: sealSecrets(paymentKeysKey(t.ctx.config).key, `${shop.id}:stripe`, {
        secretKey: "sk_test_live_shop",
        webhookSecret: "whsec_live_shop",
      }),
      secretHint: "1234",
      webhookHint: "5678",
      status: "connected",
    });
    await t.ctx.db.insert(paymentModes).values({ shopId: shop.id, live: true, updatedAt: new Date() });
    const created = await checkout(t, shop.slug, product.id);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ payment_methods: ["str_card"], payment_notice: null, test: false });
  });
});

describe("the demo in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "production", DEMO_MODE: "true" });
  });
  afterAll(async () => t?.close());

  it("sells through the sandbox, and the purchase is a test", async () => {
    const { shop, product } = await shopWithProduct(t);
    const created = await checkout(t, shop.slug, product.id);
    expect(created.statusCode).toBe(201);
    expect(created.json().payment_notice).toBeNull();
    const paid = await payBySandboxCard(t.app, created.json());
    expect(paid.json()).toMatchObject({ status: "paid", checkout: { state: "paid", test: true } });
  });
});

describe("sandbox purchases are marked as tests", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("on the buyer's purchase, the seller's orders list, its CSV export and the order e-mails", async () => {
    const { shop, product, owner, ownerHeaders } = await shopWithProduct(t);
    const created = (await checkout(t, shop.slug, product.id)).json();
    expect(created.test).toBe(false);
    expect((await payBySandboxCard(t.app, created)).json().checkout.test).toBe(true);

    const list = await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/orders`, headers: ownerHeaders });
    expect(list.json().results).toMatchObject([{ test: true }]);
    const csv = await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/orders/export`, headers: ownerHeaders });
    const [header, row] = csv.body.trim().split("\r\n");
    expect(header.endsWith('"Prueba"')).toBe(true);
    expect(row.endsWith('"Sí"')).toBe(true);

    await runDueJobs(t.ctx);
    const hint = "Pedido de prueba: se pagó con el simulador de pagos y no se cobró dinero real. No lo envíes.";
    const paidMail = (await listOutbox(t.ctx.db, 50, guest.email)).find((mail) => mail.subject === "Tu pago fue confirmado");
    expect(paidMail?.body).toContain(hint);
    const sellerMail = (await listOutbox(t.ctx.db, 50, owner.email as string)).find((mail) => mail.subject?.startsWith("Nuevo pedido"));
    expect(sellerMail?.body).toContain(hint);
  });

  it("on the orders report, the financial report and the purchase order PDF", async () => {
    const { shop, product, ownerHeaders } = await shopWithProduct(t);
    const created = (await checkout(t, shop.slug, product.id)).json();
    expect((await payBySandboxCard(t.app, created)).json().checkout.test).toBe(true);
    const exported = async (url: string, payload: object) => {
      const made = await t.app.inject({ method: "POST", url: `/api/v1${url}`, headers: ownerHeaders, payload });
      expect(made.statusCode).toBe(201);
      await runDueJobs(t.ctx);
      const file = await t.app.inject({ method: "GET", url: `/api/v1/exports/${made.json().id}/download`, headers: ownerHeaders });
      expect(file.statusCode).toBe(200);
      return file.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
    };

    const [ordersHeader, ...orderRows] = await exported(`/shops/${shop.slug}/exports`, { kind: "orders", format: "csv" });
    expect(ordersHeader.split(",").at(-1)?.replaceAll('"', "")).toBe("Prueba");
    expect(orderRows).toHaveLength(1);
    expect(orderRows[0].split(",").at(-1)?.replaceAll('"', "")).toBe("Sí");
    const financial = await exported("/me/exports", { kind: "financial", format: "csv" });
    expect(financial.filter((line) => line.includes("Tienda Prueba"))).toEqual([expect.stringMatching(/^Venta \(Prueba\),Tienda Prueba,/)]);

    const [order] = (await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/orders`, headers: ownerHeaders })).json().results;
    const pdf = await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/orders/${order.id}/pdf`, headers: ownerHeaders });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("Tienda Prueba");
    expect(text).toContain("Pedido de prueba: se pagó con el simulador de pagos y no se cobró dinero real. No lo envíes.");
  });
});
