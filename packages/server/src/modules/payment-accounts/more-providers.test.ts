import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AplazoFake, startAplazoFake } from "../../adapters/payments/fakes/aplazo-fake";
import { type MobbexFake, startMobbexFake } from "../../adapters/payments/fakes/mobbex-fake";
import { type OpenpayFake, openpayTestCards, startOpenpayFake } from "../../adapters/payments/fakes/openpay-fake";
import { type PaypalFake, startPaypalFake } from "../../adapters/payments/fakes/paypal-fake";
import { paymentAccounts } from "../../db/schema/payment-accounts";
import { orders } from "../../db/schema/orders";
import { payments, refunds } from "../../db/schema/payments";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";

/**
 * Openpay, PayPal, Mobbex and Aplazo end to end through the app (issue #18): a supplier connects its own account in
 * 'Formas de pago', tests it, goes live; a shopper pays; the provider's webhook reaches /api/v1/webhooks/{provider}/{account}
 * and the purchase is paid once. Each provider is its local fake, reached through the *_API_URL settings.
 */
const guest = { full_name: "Ana López Ruiz", email: "ana@example.com", phone: "5512345678" };

describe("live payments through Openpay, PayPal, Mobbex and Aplazo accounts", () => {
  let t: TestApp;
  let openpay: OpenpayFake;
  let paypal: PaypalFake;
  let mobbex: MobbexFake;
  let aplazo: AplazoFake;

  beforeAll(async () => {
    let now = () => new Date();
    [openpay, paypal, mobbex, aplazo] = await Promise.all([
      startOpenpayFake(() => now()),
      startPaypalFake(() => now()),
      startMobbexFake(() => now()),
      startAplazoFake(),
    ]);
    t = await createTestApp({
      OPENPAY_API_URL: openpay.url,
      PAYPAL_API_URL: paypal.url,
      MOBBEX_API_URL: mobbex.url,
      APLAZO_API_URL: aplazo.url,
      PUBLIC_URL: "https://tianguis.test",
    });
    now = () => t.clock.now();
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([openpay?.close(), paypal?.close(), mobbex?.close(), aplazo?.close()]);
  });

  const call = (options: InjectOptions) => t.app.inject(options);

  /** A supplier with one live account at `provider`, tested; answers the shop and the account's id. */
  async function liveShop(provider: string, keys: Record<string, string>) {
    const owner = await createUser(t.ctx);
    const shop = await createShop(t.ctx, owner.id, { name: `Tienda ${provider}` });
    const headers = await signIn(t.ctx, owner.id);
    const base = `/api/v1/shops/${shop.slug}`;
    expect((await call({ method: "PUT", url: `${base}/payment-accounts/${provider}`, headers, payload: keys })).statusCode).toBe(200);
    const tested = await call({ method: "POST", url: `${base}/payment-accounts/${provider}/test`, headers });
    expect(tested.json()).toMatchObject({ status: "connected", last_error: null });
    expect((await call({ method: "PUT", url: `${base}/payment-mode`, headers, payload: { live: true } })).json().live).toBe(true);
    const [account] = await t.ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.shopId, shop.id));
    return { shop, accountId: account.id, headers };
  }

  async function purchase(shopId: string, slug: string, price: number) {
    const product = await createProduct(t.ctx, shopId, { listPrice: price, stock: 5 });
    const response = await call({
      method: "POST",
      url: `/api/v1/shops/${slug}/checkout`,
      payload: { items: [{ product_id: product.id, quantity: 1 }], contact: guest, delivery_type: "to_branch" },
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  const pay = (checkout: { id: string; access_token: string }, slug: string, method: string) =>
    call({
      method: "POST",
      url: `/api/v1/checkouts/${checkout.id}/pay?token=${checkout.access_token}`,
      headers: { "idempotency-key": `pay-${checkout.id}` },
      payload: { method, return_path: `/tienda/${slug}/comprar` },
    });

  const state = async (checkout: { id: string; access_token: string }) =>
    (await call({ method: "GET", url: `/api/v1/checkouts/${checkout.id}?token=${checkout.access_token}` })).json().state;

  const attempt = async (checkoutId: string) => (await t.ctx.db.select().from(payments).where(eq(payments.checkoutId, checkoutId)))[0];

  const deliver = (url: string, webhook: { body: string; headers: Record<string, string> }) =>
    call({ method: "POST", url, headers: { "content-type": "application/json", ...webhook.headers }, payload: webhook.body });

  it("Openpay: offers its methods with the browser's keys, gives a SPEI CLABE for 1 hour, and its webhook pays it", async () => {
    const keys = {
      public_key: openpay.publicKey,
      secret_key: openpay.secretKey,
      webhook_secret: `${openpay.webhookUser}:${openpay.webhookPassword}`,
      merchant_id: openpay.merchantId,
    };
    const { shop, accountId } = await liveShop("openpay", keys);
    // The app's clock runs ahead of the machine's (as the demo's may): Openpay's deadline is counted from the app's clock.
    t.clock.advance(3 * 24 * 3600 * 1000);
    const checkout = await purchase(shop.id, shop.slug, 45_000);
    // A new shop accepts Openpay's store and SPEI methods by default; Openpay cards are opted into in 'Formas de pago'.
    expect(checkout.payment_methods).toEqual(["openpay_store", "openpay_bank"]);
    expect(checkout.payment_metadata).toEqual({
      op_public_key: openpay.publicKey,
      op_merchant_id: openpay.merchantId,
      op_sandbox_mode: "true",
    });

    const paid = await pay(checkout, shop.slug, "openpay_bank");
    expect(paid.json().status).toBe("pending");
    const payment = await attempt(checkout.id);
    const charge = openpay.charge(payment.providerRef as string);
    expect(charge).toMatchObject({ method: "bank_account", amount: 450, order_id: payment.id });
    expect(payment.details).toMatchObject({ clabe: charge?.payment_method?.clabe });
    // The purchase waits exactly until Openpay's due date, 1 hour away (spec §9).
    expect(payment.expiresAt?.toISOString()).toBe(charge?.due_date);
    expect(new Date(String(charge?.due_date)).getTime() - t.clock.now().getTime()).toBeGreaterThan(59 * 60 * 1000);
    expect(new Date(String(charge?.due_date)).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(60 * 60 * 1000);

    const url = `/api/v1/webhooks/openpay/${accountId}`;
    openpay.payOffline(charge?.id as string);
    const webhook = openpay.webhook("charge.succeeded", charge?.id as string);
    expect((await deliver(url, { ...webhook, headers: { ...webhook.headers, authorization: "Basic eDp5" } })).statusCode).toBe(400);
    expect((await deliver(url, webhook)).json()).toEqual({ received: "applied" });
    expect((await deliver(url, webhook)).json()).toEqual({ received: "duplicate" });
    expect(await state(checkout)).toBe("paid");
  });

  it("Openpay card: a live shop offers it, and openpay.js's token and device session id reach Openpay's charge", async () => {
    const { shop, headers } = await liveShop("openpay", {
      public_key: openpay.publicKey,
      secret_key: openpay.secretKey,
      webhook_secret: `${openpay.webhookUser}:${openpay.webhookPassword}`,
      merchant_id: openpay.merchantId,
    });
    const enabled = ["openpay_card", "openpay_bank"];
    const patched = await call({
      method: "PATCH",
      url: `/api/v1/shops/${shop.slug}`,
      headers,
      payload: { enabled_payment_types: enabled },
    });
    expect(patched.statusCode).toBe(200);
    const checkout = await purchase(shop.id, shop.slug, 32_000);
    expect(checkout.payment_methods).toEqual(enabled);

    const payCard = (body: Record<string, string>) =>
      call({
        method: "POST",
        url: `/api/v1/checkouts/${checkout.id}/pay?token=${checkout.access_token}`,
        headers: { "idempotency-key": crypto.randomUUID() },
        payload: { method: "openpay_card", return_path: `/tienda/${shop.slug}/comprar`, ...body },
      });
    const token = await openpay.cardToken(openpayTestCards.success);
    const deviceError = { device_session_id: "No se pudo identificar este dispositivo para el pago con tarjeta; recarga la página" };
    const malformed = await payCard({ card_token: token, device_session_id: "<script>" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual(deviceError);
    const missing = await payCard({ card_token: token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual(deviceError);

    const paid = await payCard({ card_token: token, device_session_id: "kR1MiQhz2otdIuUlQkbEyitIqVMiI16f" });
    expect(paid.json().status).toBe("paid");
    const sent = openpay.requests.filter((request) => request.method === "POST" && request.path.endsWith("/charges")).at(-1);
    expect(sent?.body).toMatchObject({ method: "card", source_id: token, device_session_id: "kR1MiQhz2otdIuUlQkbEyitIqVMiI16f" });
  });

  it("PayPal: sends the shopper to PayPal's approval page and captures the approved order once", async () => {
    const { shop, accountId } = await liveShop("paypal", {
      public_key: paypal.clientId,
      secret_key: paypal.clientSecret,
      webhook_secret: paypal.webhookId,
    });
    const checkout = await purchase(shop.id, shop.slug, 19_900);
    expect(checkout.payment_methods).toEqual(["paypal"]);
    const started = await pay(checkout, shop.slug, "paypal");
    expect(started.json().status).toBe("redirect");
    const payment = await attempt(checkout.id);
    expect(started.json().approval_url).toBe(`${paypal.url}/checkoutnow?token=${payment.providerRef}`);
    const order = paypal.order(payment.providerRef as string);
    expect(order?.returnUrl).toMatch(/^https:\/\/tianguis\.test\/tienda\/.+code=1/);
    expect(order?.cancelUrl).toMatch(/code=2/);

    paypal.approve(payment.providerRef as string);
    const url = `/api/v1/webhooks/paypal/${accountId}`;
    const webhook = paypal.webhook("CHECKOUT.ORDER.APPROVED", payment.providerRef as string);
    expect((await deliver(url, { ...webhook, body: `${webhook.body} ` })).statusCode).toBe(400);
    expect((await deliver(url, webhook)).json()).toEqual({ received: "applied" });
    expect(paypal.order(payment.providerRef as string)?.status).toBe("COMPLETED");
    expect(await state(checkout)).toBe("paid");
  });

  /** The browser back on /pagado with code 1 or 2: what the web's loader sends the API (PayPal's token and PayerID). */
  const back = (checkout: { id: string; access_token: string }, returnUrl: string, token = checkout.access_token) => {
    const query = new URL(returnUrl, "https://tianguis.test").searchParams;
    const providerQuery = Object.fromEntries([...query].filter(([key]) => !["checkout", "code"].includes(key)));
    return call({
      method: "POST",
      url: `/api/v1/checkouts/${checkout.id}/pay/return?token=${token}`,
      payload: { code: query.get("code"), provider_query: providerQuery },
    });
  };

  it("PayPal: the shopper's return with code 1 captures the approved order once, and the approval webhook then changes nothing", async () => {
    const { shop, accountId } = await liveShop("paypal", {
      public_key: paypal.clientId,
      secret_key: paypal.clientSecret,
      webhook_secret: paypal.webhookId,
    });
    const checkout = await purchase(shop.id, shop.slug, 25_000);
    expect((await pay(checkout, shop.slug, "paypal")).json().status).toBe("redirect");
    const payment = await attempt(checkout.id);
    const orderId = payment.providerRef as string;
    const returnUrl = paypal.approve(orderId);

    // Only whoever holds the purchase's link comes back to it: not a wrong token, an anonymous caller, another signed-in
    // customer or the supplier's owner (the guest's purchase is theirs by its link only).
    expect((await back(checkout, returnUrl, "not-the-token")).statusCode).toBe(404);
    const body = { code: "1", provider_query: { token: orderId } };
    const url = `/api/v1/checkouts/${checkout.id}/pay/return`;
    expect((await call({ method: "POST", url, payload: body })).statusCode).toBe(404);
    const stranger = await signIn(t.ctx, (await createUser(t.ctx)).id);
    expect((await call({ method: "POST", url, headers: stranger, payload: body })).statusCode).toBe(404);
    expect((await call({ method: "POST", url, headers: await signIn(t.ctx, shop.ownerId), payload: body })).statusCode).toBe(404);
    expect(
      (await call({ method: "POST", url: `${url}?token=${checkout.access_token}`, payload: { code: "3", provider_query: {} } })).statusCode,
    ).toBe(400);
    expect(paypal.order(orderId)?.status).toBe("APPROVED");

    const first = await back(checkout, returnUrl);
    expect(first.json()).toEqual({ status: "paid" });
    expect(paypal.order(orderId)?.status).toBe("COMPLETED");
    expect(await state(checkout)).toBe("paid");
    expect((await back(checkout, returnUrl)).json()).toEqual({ status: "unchanged" });
    const webhook = paypal.webhook("CHECKOUT.ORDER.APPROVED", orderId);
    expect((await deliver(`/api/v1/webhooks/paypal/${accountId}`, webhook)).json()).toEqual({ received: "applied" });
    const attempts = await t.ctx.db.select().from(payments).where(eq(payments.checkoutId, checkout.id));
    expect(attempts.map((row) => row.status)).toEqual(["succeeded"]);
    expect(paypal.order(orderId)?.capture?.refunded ?? 0).toBe(0);
  });

  it("PayPal: when the approval webhook captured first, the return with code 1 is a no-op", async () => {
    const { shop, accountId } = await liveShop("paypal", {
      public_key: paypal.clientId,
      secret_key: paypal.clientSecret,
      webhook_secret: paypal.webhookId,
    });
    const checkout = await purchase(shop.id, shop.slug, 15_000);
    await pay(checkout, shop.slug, "paypal");
    const orderId = (await attempt(checkout.id)).providerRef as string;
    const returnUrl = paypal.approve(orderId);
    const webhook = paypal.webhook("CHECKOUT.ORDER.APPROVED", orderId);
    expect((await deliver(`/api/v1/webhooks/paypal/${accountId}`, webhook)).json()).toEqual({ received: "applied" });
    expect(await state(checkout)).toBe("paid");
    expect((await back(checkout, returnUrl)).json()).toEqual({ status: "unchanged" });
    expect((await attempt(checkout.id)).status).toBe("succeeded");
  });

  it("PayPal: a capture PayPal declines on return fails the attempt, and code 2 cancels it so the purchase can be paid again", async () => {
    const { shop, accountId } = await liveShop("paypal", {
      public_key: paypal.clientId,
      secret_key: paypal.clientSecret,
      webhook_secret: paypal.webhookId,
    });
    const declined = await purchase(shop.id, shop.slug, 10_000);
    await pay(declined, shop.slug, "paypal");
    const declinedOrder = (await attempt(declined.id)).providerRef as string;
    expect((await back(declined, paypal.approve(declinedOrder, { declineAtCapture: true }))).json()).toEqual({ status: "failed" });
    expect((await attempt(declined.id)).status).toBe("failed");
    expect(await state(declined)).toBe("pending_payment");

    const cancelled = await purchase(shop.id, shop.slug, 11_000);
    await pay(cancelled, shop.slug, "paypal");
    const cancelUrl = paypal.cancel((await attempt(cancelled.id)).providerRef as string);
    expect((await back(cancelled, cancelUrl)).json()).toEqual({ status: "cancelled" });
    expect(await attempt(cancelled.id)).toMatchObject({ status: "failed", failureCode: "cancelled" });
    expect((await back(cancelled, cancelUrl)).json()).toEqual({ status: "unchanged" });
    // Nothing in flight any more: a new attempt starts.
    const again = await call({
      method: "POST",
      url: `/api/v1/checkouts/${cancelled.id}/pay?token=${cancelled.access_token}`,
      headers: { "idempotency-key": `again-${cancelled.id}` },
      payload: { method: "paypal", return_path: `/tienda/${shop.slug}/pagado` },
    });
    expect(again.json().status).toBe("redirect");

    // A code 2 for an order the shopper had approved: if PayPal's webhook captures it afterwards, the money goes back.
    const approvedThenCancelled = await purchase(shop.id, shop.slug, 12_000);
    await pay(approvedThenCancelled, shop.slug, "paypal");
    const orderId = (await attempt(approvedThenCancelled.id)).providerRef as string;
    paypal.approve(orderId);
    expect((await back(approvedThenCancelled, paypal.cancel(orderId))).json()).toEqual({ status: "cancelled" });
    const webhook = paypal.webhook("CHECKOUT.ORDER.APPROVED", orderId);
    expect((await deliver(`/api/v1/webhooks/paypal/${accountId}`, webhook)).json()).toEqual({ received: "applied" });
    expect((await attempt(approvedThenCancelled.id)).status).toBe("refunded");
    // Recorded with the webhook; the refund itself is sent by a job once that transaction committed.
    expect(paypal.order(orderId)?.capture?.refunded ?? 0).toBe(0);
    await runDueJobs(t.ctx);
    expect(paypal.order(orderId)?.capture?.refunded).toBe(12_000);
    expect(await state(approvedThenCancelled)).toBe("pending_payment");
  });

  const orderOf = async (checkoutId: string) => (await t.ctx.db.select().from(orders).where(eq(orders.checkoutId, checkoutId)))[0];
  const refundsOf = (orderId: string) => t.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const cancelOrder = (slug: string, orderId: string, headers: Record<string, string>) =>
    call({ method: "POST", url: `/api/v1/shops/${slug}/orders/${orderId}/cancel`, headers, payload: { reason: "Sin existencias" } });

  it("Mobbex: creates the checkout with a tokened webhook URL, and only a delivery carrying the token pays", async () => {
    const { shop, accountId, headers } = await liveShop("mobbex", {
      public_key: mobbex.apiKey,
      secret_key: mobbex.accessToken,
      webhook_secret: "a-long-random-string-the-owner-chose",
    });
    const checkout = await purchase(shop.id, shop.slug, 12_000);
    expect(checkout.payment_methods).toEqual(["mobbex"]);
    const started = await pay(checkout, shop.slug, "mobbex");
    expect(started.json().status).toBe("redirect");
    const payment = await attempt(checkout.id);
    const [checkoutId] = mobbex.checkoutIds(payment.id);
    expect(started.json().approval_url).toContain(checkoutId);
    expect(mobbex.checkout(checkoutId)?.webhook).toMatch(
      new RegExp(`^https://tianguis\\.test/api/v1/webhooks/mobbex/${accountId}\\?token=`),
    );

    // Back with code 1 before Mobbex shows the operation: the attempt is not failed, it waits for the webhook (being confirmed).
    const early = await back(checkout, mobbex.checkout(checkoutId)?.returnUrl as string);
    expect(early.json()).toEqual({ status: "unchanged" });
    expect((await attempt(checkout.id)).status).toBe("requires_action");

    mobbex.pay(checkoutId, "approved");
    const webhook = mobbex.webhook(mobbex.operations(payment.id)[0].id);
    expect((await deliver(`/api/v1/webhooks/mobbex/${accountId}`, webhook)).statusCode).toBe(400);
    expect((await deliver(webhook.url, webhook)).json()).toEqual({ received: "applied" });
    expect(await state(checkout)).toBe("paid");

    // The supplier cancels; Mobbex refunds but the answer is lost: the cancellation is retried and Mobbex refunds once.
    const order = await orderOf(checkout.id);
    mobbex.loseNextRefundAnswer();
    const lost = await cancelOrder(shop.slug, order.id, headers);
    expect(lost.statusCode).toBe(503);
    expect(await refundsOf(order.id)).toMatchObject([{ status: "pending", amount: order.total }]);
    const retried = await cancelOrder(shop.slug, order.id, headers);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().state).toBe("canceled_by_supplier");
    expect(await refundsOf(order.id)).toMatchObject([{ status: "success", amount: order.total }]);
    expect(mobbex.requests.filter((request) => request.path.endsWith("/refund"))).toHaveLength(1);
    expect(mobbex.operations(payment.id)[0].status.code).toBe("601");
  });

  it("Aplazo: creates the loan for the shopper and the Bearer-authenticated notice of the first instalment pays", async () => {
    const { shop, accountId, headers } = await liveShop("aplazo", {
      public_key: String(aplazo.merchantId),
      secret_key: aplazo.apiToken,
      webhook_secret: aplazo.webhookToken,
    });
    const checkout = await purchase(shop.id, shop.slug, 260_000);
    expect(checkout.payment_methods).toEqual(["aplazo"]);
    const started = await pay(checkout, shop.slug, "aplazo");
    const payment = await attempt(checkout.id);
    const loan = aplazo.loan(payment.id);
    expect(started.json().approval_url).toBe(`${aplazo.url}/main/${loan?.loanId}`);
    expect(loan?.totalPrice).toBe(2600);

    aplazo.approve(payment.id);
    const url = `/api/v1/webhooks/aplazo/${accountId}`;
    const webhook = aplazo.webhook(payment.id);
    expect((await deliver(url, { ...webhook, headers: { authorization: "Bearer wrong" } })).statusCode).toBe(400);
    expect((await deliver(url, webhook)).json()).toEqual({ received: "applied" });
    expect(await state(checkout)).toBe("paid");

    // Refunds Aplazo only requests (it sends no refund webhook): a partial refund from the supplier's desk, retried with the
    // same key, and the cancellation's refund of the rest stay pending until a poll of Aplazo's refund history settles them.
    const order = await orderOf(checkout.id);
    const refundPart = () =>
      call({
        method: "POST",
        url: `/api/v1/shops/${shop.slug}/orders/${order.id}/refunds`,
        headers: { ...headers, "idempotency-key": `part-${order.id}` },
        payload: { amount: 10_000 },
      });
    const part = await refundPart();
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ amount: 10_000, status: "pending" });
    expect((await refundPart()).json().id).toBe(part.json().id);
    expect((await cancelOrder(shop.slug, order.id, headers)).json().state).toBe("canceled_by_supplier");
    const requested = aplazo.refunds(payment.id);
    expect(requested.map((refund) => refund.totalAmount)).toEqual([100, (order.total - 10_000) / 100]);
    const rows = async () => (await refundsOf(order.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(await rows()).toMatchObject(requested.map((refund) => ({ status: "pending", providerRef: String(refund.refundId) })));
    t.clock.advance(61_000);
    await runDueJobs(t.ctx);
    expect((await rows()).map((row) => row.status)).toEqual(["pending", "pending"]);
    aplazo.settleRefund(requested[0].refundId, "REFUNDED");
    aplazo.settleRefund(requested[1].refundId, "REJECTED");
    t.clock.advance(5 * 60_000);
    await runDueJobs(t.ctx);
    expect((await rows()).map((row) => row.status)).toEqual(["success", "failed"]);
    // A retried cancellation finds the order cancelled: Aplazo was asked once per refund.
    expect((await cancelOrder(shop.slug, order.id, headers)).statusCode).toBe(409);
    expect(aplazo.requests.filter((request) => request.path === "/api/loan/refund-from-cart")).toHaveLength(2);
  });
});
