import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type OpenpayFake, openpayTestCards, startOpenpayFake } from "./fakes/openpay-fake";
import { createOpenpayClient, type OpenpayClient, OpenpayError } from "./openpay";

const customer = { name: "Carlos Cliente", email: "carlos@demo.tianguis.mx" };
const returnUrl = "https://tianguis.example/checkout/return?code=1";

describe("Openpay adapter against the local Openpay fake", () => {
  let fake: OpenpayFake;
  let openpay: OpenpayClient;
  let clock: Date;

  beforeEach(async () => {
    clock = new Date("2026-11-24T12:00:00Z");
    fake = await startOpenpayFake(() => clock);
    openpay = createOpenpayClient({
      merchantId: fake.merchantId,
      publicKey: fake.publicKey,
      secretKey: fake.secretKey,
      webhookSecret: `${fake.webhookUser}:${fake.webhookPassword}`,
      baseUrl: fake.url,
    });
  });
  afterEach(() => fake.close());

  const card = async (paymentId: string, number: string) =>
    openpay.chargeCard({
      paymentId,
      token: await fake.cardToken(number),
      amount: 12_550,
      currency: "MXN",
      returnUrl,
      customer,
      deviceSessionId: "dev-session-1",
    });

  it("charges a card in major units with the private key, order_id and device session", async () => {
    const result = await card("pay_ok", openpayTestCards.success);
    expect(result.status).toBe("succeeded");
    const sent = fake.requests.find((request) => request.method === "POST" && request.path.endsWith("/charges"));
    expect(sent?.body).toMatchObject({
      method: "card",
      amount: 125.5,
      order_id: "pay_ok",
      device_session_id: "dev-session-1",
      redirect_url: returnUrl,
    });
    expect(fake.charge(result.ref)?.status).toBe("completed");
  });

  it("gives the same charge back when the create call is retried with the same payment id", async () => {
    const first = await card("pay_retry", openpayTestCards.success);
    const again = await openpay.chargeCard({
      paymentId: "pay_retry",
      token: await fake.cardToken(openpayTestCards.success),
      amount: 12_550,
      currency: "MXN",
      returnUrl,
      customer,
      deviceSessionId: "dev-session-1",
    });
    expect(again).toEqual(first);
    expect(fake.requests.filter((request) => request.path.endsWith("/charges") && request.method === "POST")).toHaveLength(2);
  });

  it("reports a declined card as card_declined", async () => {
    expect(await card("pay_no", openpayTestCards.decline)).toMatchObject({ status: "failed", code: "card_declined" });
  });

  it("sends the shopper to 3-D Secure and reads the result when they come back", async () => {
    const result = await card("pay_3ds", openpayTestCards.threeDS);
    expect(result.status).toBe("requires_action");
    if (result.status !== "requires_action") return;
    expect(result.actionUrl).toContain(`/charges/${result.ref}/redirect/`);
    const back = new URL(fake.complete3ds(result.ref, true));
    expect(back.searchParams.get("id")).toBe(result.ref);
    expect(await openpay.completeRedirect(result.ref)).toEqual({ status: "succeeded", ref: result.ref });
  });

  it("fails a 3-D Secure challenge the shopper does not pass", async () => {
    const result = await card("pay_3ds_no", openpayTestCards.threeDS);
    fake.complete3ds(result.ref, false);
    expect(await openpay.completeRedirect(result.ref)).toMatchObject({ status: "failed", code: "card_declined" });
  });

  it("asks 3-D Secure on every card when the account is set to", async () => {
    const strict = createOpenpayClient({
      merchantId: fake.merchantId,
      publicKey: fake.publicKey,
      secretKey: fake.secretKey,
      webhookSecret: "x:y",
      baseUrl: fake.url,
      threeDSecure: true,
    });
    const result = await strict.chargeCard({
      paymentId: "pay_strict",
      token: await fake.cardToken(openpayTestCards.success),
      amount: 1000,
      currency: "MXN",
      returnUrl,
      customer,
      deviceSessionId: "d",
    });
    expect(result.status).toBe("requires_action");
  });

  it("gives a store reference and a SPEI CLABE with Openpay's deadline", async () => {
    const due = new Date(clock.getTime() + 60 * 60 * 1000);
    const store = await openpay.createOffline({
      paymentId: "pay_store",
      method: "openpay_store",
      amount: 50_000,
      currency: "MXN",
      expiresAt: due,
      customer,
    });
    expect(store.reference).toMatch(/^[A-Z0-9]{14}$/);
    expect(store.expiresAt.toISOString()).toBe(due.toISOString());
    const bank = await openpay.createOffline({
      paymentId: "pay_spei",
      method: "openpay_bank",
      amount: 50_000,
      currency: "MXN",
      expiresAt: due,
      customer,
    });
    expect(bank.clabe).toMatch(/^646180\d{12}$/);
    expect(fake.charge(bank.ref)).toMatchObject({ method: "bank_account", due_date: due.toISOString() });
  });

  it("refuses to create a charge without the customer Openpay requires (the fake checks like the API)", async () => {
    await expect(
      openpay.createOffline({
        paymentId: "pay_nocustomer",
        method: "openpay_store",
        amount: 100,
        currency: "MXN",
        expiresAt: clock,
        customer: { name: "", email: "" },
      }),
    ).rejects.toMatchObject({ code: "provider_request_failed" });
  });

  it("refunds card charges and answers refund_not_supported for store and SPEI payments", async () => {
    const paid = await card("pay_refund", openpayTestCards.success);
    expect(await openpay.refund({ ref: paid.ref, amount: 5_000 })).toMatchObject({ status: "succeeded" });
    expect(fake.charge(paid.ref)?.refund?.amount).toBe(50);
    const store = await openpay.createOffline({
      paymentId: "pay_cash",
      method: "openpay_store",
      amount: 100,
      currency: "MXN",
      expiresAt: clock,
      customer,
    });
    fake.payOffline(store.ref);
    await expect(openpay.refund({ ref: store.ref, amount: 100 })).rejects.toMatchObject({ code: "refund_not_supported" });
  });

  it("says clearly when the keys are wrong", async () => {
    const wrong = createOpenpayClient({
      merchantId: fake.merchantId,
      publicKey: "pk",
      secretKey: "sk_wrong",
      webhookSecret: "x:y",
      baseUrl: fake.url,
    });
    await expect(wrong.refund({ ref: "tr_x", amount: 1 })).rejects.toBeInstanceOf(OpenpayError);
    await expect(wrong.refund({ ref: "tr_x", amount: 1 })).rejects.toMatchObject({ code: "provider_auth_failed" });
  });

  describe("webhooks", () => {
    it("accepts a genuine notification of a paid store reference", async () => {
      const store = await openpay.createOffline({
        paymentId: "pay_hook",
        method: "openpay_store",
        amount: 100,
        currency: "MXN",
        expiresAt: clock,
        customer,
      });
      fake.payOffline(store.ref);
      const { body, headers } = fake.webhook("charge.succeeded", store.ref);
      expect(await openpay.verifyWebhook(body, headers.authorization, clock)).toEqual({
        id: `openpay:${store.ref}:payment.succeeded`,
        type: "payment.succeeded",
        payment_id: "pay_hook",
        ref: store.ref,
      });
    });

    it("turns an expired reference into a failed payment", async () => {
      const bank = await openpay.createOffline({
        paymentId: "pay_late",
        method: "openpay_bank",
        amount: 100,
        currency: "MXN",
        expiresAt: clock,
        customer,
      });
      fake.expire(bank.ref);
      const { body, headers } = fake.webhook("charge.cancelled", bank.ref);
      expect(await openpay.verifyWebhook(body, headers.authorization, clock)).toMatchObject({
        type: "payment.failed",
        payment_id: "pay_late",
      });
    });

    it("refuses wrong credentials, a tampered body, a stale replay and an event the charge contradicts", async () => {
      const store = await openpay.createOffline({
        paymentId: "pay_forged",
        method: "openpay_store",
        amount: 100,
        currency: "MXN",
        expiresAt: clock,
        customer,
      });
      const unpaid = fake.webhook("charge.succeeded", store.ref);
      expect(await openpay.verifyWebhook(unpaid.body, unpaid.headers.authorization, clock)).toBeNull();
      fake.payOffline(store.ref);
      const genuine = fake.webhook("charge.succeeded", store.ref);
      expect(await openpay.verifyWebhook(genuine.body, "Basic dGlhbmd1aXM6bm9wZQ==", clock)).toBeNull();
      expect(await openpay.verifyWebhook(genuine.body, undefined, clock)).toBeNull();
      const tampered = genuine.body.replace("charge.succeeded", "charge.failed");
      expect(await openpay.verifyWebhook(tampered, genuine.headers.authorization, clock)).toBeNull();
      const later = new Date(clock.getTime() + 10 * 60 * 1000);
      expect(await openpay.verifyWebhook(genuine.body, genuine.headers.authorization, later)).toBeNull();
    });

    it("describes the charge as it is now when an older event arrives after a newer one", async () => {
      const store = await openpay.createOffline({
        paymentId: "pay_order",
        method: "openpay_store",
        amount: 100,
        currency: "MXN",
        expiresAt: clock,
        customer,
      });
      const early = fake.webhook("charge.cancelled", store.ref);
      fake.payOffline(store.ref);
      const paid = fake.webhook("charge.succeeded", store.ref);
      expect(await openpay.verifyWebhook(paid.body, paid.headers.authorization, clock)).toMatchObject({ type: "payment.succeeded" });
      expect(await openpay.verifyWebhook(early.body, early.headers.authorization, clock)).toBeNull();
    });
  });
});
