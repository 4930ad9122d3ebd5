import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeFake, startStripeFake, stripeTestCards } from "../../adapters/payments/fakes/stripe-fake";
import { paymentAccounts } from "../../db/schema/payment-accounts";
import { payments } from "../../db/schema/payments";
import { type TestApp, createProduct, createTestApp } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";

const stripeKeys = {
  public_key: "pk_test_51LuciaPublic0001",
  secret_key: "sk_test_51LuciaSecret9876",
  webhook_secret: "whsec_lucia_hook_5555",
};
const guest = { full_name: "Ana López", email: "ana@example.com", phone: "5512345678" };

describe("payment accounts: a supplier's own provider accounts", () => {
  let t: TestApp;
  let stripe: StripeFake;
  let shop: { id: string; slug: string };
  let otherShop: { id: string; slug: string };
  const as: Record<string, Record<string, string>> = {};
  /** Every answer the API gave in this suite: none may contain a secret. */
  const answers: string[] = [];

  async function call(options: InjectOptions) {
    const response = await t.app.inject(options);
    answers.push(response.body);
    return response;
  }

  beforeAll(async () => {
    let now = () => new Date();
    stripe = await startStripeFake({ secretKey: stripeKeys.secret_key, webhookSecret: stripeKeys.webhook_secret, now: () => now() });
    t = await createTestApp({ STRIPE_API_URL: stripe.url, PUBLIC_URL: "https://tianguis.test" });
    now = () => t.clock.now();
    const cast = await createShopWithRoles(t, { shop: { name: "Lucía Artesanías" }, otherShop: { name: "Otra tienda" } });
    ({ shop, otherShop } = cast);
    Object.assign(as, cast.as);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const list = (who: string, slug = shop.slug) => call({ method: "GET", url: `/api/v1/shops/${slug}/payment-accounts`, headers: as[who] });
  const connect = (who: string, keys: Record<string, string> = stripeKeys, provider = "stripe") =>
    call({ method: "PUT", url: `/api/v1/shops/${shop.slug}/payment-accounts/${provider}`, headers: as[who], payload: keys });
  const test = (who: string, provider = "stripe") =>
    call({ method: "POST", url: `/api/v1/shops/${shop.slug}/payment-accounts/${provider}/test`, headers: as[who] });
  const mode = (who: string, live: boolean, slug = shop.slug) =>
    call({ method: "PUT", url: `/api/v1/shops/${slug}/payment-mode`, headers: as[who], payload: { live } });

  it("lets only the owner and the shop's admins see and change the accounts", async () => {
    for (const [who, status] of [
      ["anonymous", 401],
      ["customer", 403],
      ["otherOwner", 403],
      ["accountant", 403],
      ["dispatcher", 403],
      ["admin", 200],
      ["owner", 200],
    ] as const) {
      expect((await list(who)).statusCode, who).toBe(status);
      if (status !== 200) {
        expect((await connect(who)).statusCode, who).toBe(status);
        expect((await test(who)).statusCode, who).toBe(status);
        expect((await mode(who, false)).statusCode, who).toBe(status);
      }
    }
    const settings = (await list("owner")).json();
    expect(settings.live).toBe(false);
    expect(settings.accounts.map((account: { provider: string }) => account.provider)).toEqual([
      "stripe",
      "conekta",
      "openpay",
      "paypal",
      "mobbex",
      "aplazo",
    ]);
    expect(settings.accounts.every((account: { connected: boolean }) => !account.connected)).toBe(true);
  });

  it("stores the keys sealed and shows only their last 4", async () => {
    const response = await connect("admin");
    expect(response.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.shopId, shop.id));
    expect(response.json()).toEqual({
      provider: "stripe",
      methods: ["str_card"],
      connected: true,
      public_key: stripeKeys.public_key,
      merchant_id: null,
      secret_hint: "9876",
      webhook_hint: "5555",
      status: "untested",
      last_error: null,
      checked_at: null,
      webhook_url: `https://tianguis.test/api/v1/webhooks/stripe/${row.id}`,
    });
    expect(row.sealedSecrets).not.toContain("9876");
    expect(row.sealedSecrets).not.toContain("sk_test");
    expect(row.sealedSecrets).not.toContain("whsec");
  });

  it("asks Openpay accounts for the merchant id", async () => {
    const response = await connect("owner", { public_key: "pk_op", secret_key: "sk_op", webhook_secret: "user:pass" }, "openpay");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "validation_failed", fields: { merchant_id: expect.any(String) } });
  });

  it("refuses to go live before an account works, and tells the owner when the provider refuses the keys", async () => {
    expect((await mode("owner", true)).json().code).toBe("payment_live_needs_account");
    await connect("owner", { ...stripeKeys, secret_key: "sk_test_wrong_0000" });
    const refused = await test("owner");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe("provider_auth_failed");
    const failing = (await list("owner")).json().accounts[0];
    expect(failing).toMatchObject({ status: "failed", last_error: "provider_auth_failed", secret_hint: "0000" });
    expect((await mode("owner", true)).json().code).toBe("payment_live_needs_account");

    await connect("owner");
    const tested = await test("owner");
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toMatchObject({ status: "connected", last_error: null, secret_hint: "9876" });
    const live = await mode("owner", true);
    expect(live.statusCode).toBe(200);
    expect(live.json().live).toBe(true);
  });

  async function buy(slug: string, productId: string) {
    return call({
      method: "POST",
      url: `/api/v1/shops/${slug}/checkout`,
      payload: { items: [{ product_id: productId, quantity: 1 }], contact: guest, delivery_type: "to_branch" },
    });
  }

  it("offers a live shop's buyers only the methods of its working accounts, with the public key for the browser", async () => {
    const product = await createProduct(t.ctx, shop.id, { listPrice: 25_000, stock: 10 });
    const purchase = await buy(shop.slug, product.id);
    expect(purchase.statusCode).toBe(201);
    expect(purchase.json().payment_methods).toEqual(["str_card"]);
    expect(purchase.json().payment_metadata).toEqual({ str_public_key: stripeKeys.public_key });

    // Another supplier in sandbox mode is untouched.
    const otherProduct = await createProduct(t.ctx, otherShop.id, { listPrice: 9_000, stock: 10 });
    const otherPurchase = await buy(otherShop.slug, otherProduct.id);
    expect(otherPurchase.json().payment_methods).toContain("paypal");
    expect(otherPurchase.json().payment_methods).toContain("str_card");
    expect(otherPurchase.json().payment_metadata).toEqual({});
  });

  it("charges through the shop's Stripe account: 3-D Secure, then the signed webhook marks the purchase paid once", async () => {
    const product = await createProduct(t.ctx, shop.id, { listPrice: 31_500, stock: 10 });
    const purchase = (await buy(shop.slug, product.id)).json();
    const paid = await call({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      headers: { "idempotency-key": `pay-${purchase.id}` },
      payload: { method: "str_card", card_token: stripeTestCards.threeDS, return_path: `/tienda/${shop.slug}/comprar` },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe("requires_action");
    expect(paid.json().next_action.redirect_to_url.url).toContain(`${stripe.url}/3ds/`);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutId, purchase.id));
    expect(payment).toMatchObject({ provider: "stripe", status: "requires_action" });
    const create = stripe.requests.find(
      (request) => request.path === "/v1/payment_intents" && request.headers["idempotency-key"] === payment.id,
    );
    expect(create?.body).toMatchObject({ amount: "31500", "metadata[payment_id]": payment.id });

    const [account] = await t.ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.shopId, shop.id));
    const delivery = stripe.finishChallenge(payment.providerRef as string, true);
    const send = (body: string, headers: Record<string, string>, accountId = account.id) =>
      call({
        method: "POST",
        url: `/api/v1/webhooks/stripe/${accountId}`,
        headers: { "content-type": "application/json", ...headers },
        payload: body,
      });

    expect((await send(delivery.rawBody.replace("31500", "1"), delivery.headers)).statusCode).toBe(400);
    const applied = await send(delivery.rawBody, delivery.headers);
    expect(applied.json()).toEqual({ received: "applied" });
    expect((await send(delivery.rawBody, delivery.headers)).json()).toEqual({ received: "duplicate" });
    const view = await call({ method: "GET", url: `/api/v1/checkouts/${purchase.id}?token=${purchase.access_token}` });
    expect(view.json().state).toBe("paid");

    // The same delivery sent to an account that does not exist is refused.
    expect((await send(delivery.rawBody, delivery.headers, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("hides the method again when the keys are replaced and not yet tested, without breaking other shops", async () => {
    await connect("owner", { ...stripeKeys, secret_key: "sk_test_51LuciaRotated1111" });
    const product = await createProduct(t.ctx, shop.id, { listPrice: 1_000, stock: 10 });
    const refused = await buy(shop.slug, product.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe("supplier_missing_config");
    // The cart says so before the checkout: 'Falta configuración del vendedor'.
    const cart = await call({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/cart/quote`,
      payload: { items: [{ product_id: product.id, quantity: 1 }] },
    });
    expect(cart.json().orders[0]).toMatchObject({ is_configured: false, supplier_info: { enabled_payment_types: [] } });
    const otherProduct = await createProduct(t.ctx, otherShop.id, { listPrice: 1_000, stock: 10 });
    expect((await buy(otherShop.slug, otherProduct.id)).statusCode).toBe(201);
    await connect("owner");
    await test("owner");
  });

  it("forgets an account on disconnect, and sandbox mode comes back for the demo", async () => {
    expect((await mode("owner", false)).json().live).toBe(false);
    const gone = await call({ method: "DELETE", url: `/api/v1/shops/${shop.slug}/payment-accounts/stripe`, headers: as.owner });
    expect(gone.json()).toMatchObject({ provider: "stripe", connected: false, secret_hint: null });
    expect(
      (await call({ method: "DELETE", url: `/api/v1/shops/${shop.slug}/payment-accounts/stripe`, headers: as.owner })).statusCode,
    ).toBe(404);
    const product = await createProduct(t.ctx, shop.id, { listPrice: 1_000, stock: 10 });
    expect((await buy(shop.slug, product.id)).json().payment_methods).toContain("paypal");
  });

  it("never answered a secret key or webhook secret", () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const body of answers) {
      for (const secret of [stripeKeys.secret_key, stripeKeys.webhook_secret, "sk_test_wrong_0000", "sk_test_51LuciaRotated1111"]) {
        expect(body).not.toContain(secret);
      }
    }
  });
});
