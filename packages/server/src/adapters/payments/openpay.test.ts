import { nextPaymentStatus } from "@tianguis/domain/rules/payment-events";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type OpenpayFake, openpayTestCards, startOpenpayFake } from "./fakes/openpay-fake";
import { OPENPAY_LIVE_URL, createOpenpayProvider } from "./openpay";
import { type PaymentProvider, ProviderError } from "./provider";

const customer = { name: "Carlos Cliente", email: "carlos@demo.tianguis.mx" };
const returnUrl = "https://tianguis.example/checkout/return?code=1";

describe("Openpay adapter against the local Openpay fake", () => {
  let fake: OpenpayFake;
  let openpay: PaymentProvider;
  let clock: Date;

  const connect = (extra: { secretKey?: string; threeDSecure?: boolean; baseUrl?: string } = {}) =>
    createOpenpayProvider({
      merchantId: fake.merchantId,
      publicKey: fake.publicKey,
      secretKey: extra.secretKey ?? fake.secretKey,
      webhookSecret: `${fake.webhookUser}:${fake.webhookPassword}`,
      baseUrl: extra.baseUrl ?? fake.url,
      threeDSecure: extra.threeDSecure,
      clock: () => clock,
    });

  beforeEach(async () => {
    clock = new Date("2026-11-24T12:00:00Z");
    fake = await startOpenpayFake(() => clock);
    openpay = connect();
  });
  afterEach(() => fake.close());

  const card = async (paymentId: string, number: string, provider = openpay) =>
    provider.chargeCard({
      paymentId,
      token: await fake.cardToken(number),
      amount: 12_550,
      currency: "MXN",
      returnUrl,
      customer,
      deviceSessionId: "dev-session-1",
    });
  const offline = (paymentId: string, method: "openpay_store" | "openpay_bank") =>
    openpay.createOffline({ paymentId, method, amount: 50_000, currency: "MXN", customer });
  const deliver = (
    webhook: { body: string; headers: Record<string, string> },
    now = clock,
    authorization = webhook.headers.authorization,
  ) => openpay.parseWebhook({ rawBody: webhook.body, headers: { ...webhook.headers, authorization }, now });

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
    expect(await card("pay_retry", openpayTestCards.success)).toEqual(first);
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
    expect(await openpay.completeRedirect?.({ ref: result.ref, query: { id: result.ref } })).toEqual({
      status: "succeeded",
      ref: result.ref,
    });
  });

  it("fails a 3-D Secure challenge the shopper does not pass", async () => {
    const result = await card("pay_3ds_no", openpayTestCards.threeDS);
    fake.complete3ds(result.ref, false);
    expect(await openpay.completeRedirect?.({ ref: result.ref, query: {} })).toMatchObject({ status: "failed", code: "card_declined" });
  });

  it("asks 3-D Secure on every card when the account is set to", async () => {
    expect((await card("pay_strict", openpayTestCards.success, connect({ threeDSecure: true }))).status).toBe("requires_action");
  });

  it("gives a store reference (48 h) and a SPEI CLABE (1 h, spec §9) with Openpay's deadline", async () => {
    const store = await offline("pay_store", "openpay_store");
    expect(store.reference).toMatch(/^[A-Z0-9]{14}$/);
    expect(store.expiresAt?.toISOString()).toBe("2026-11-26T12:00:00.000Z");
    expect(store.receiptUrl).toContain(`/barcode/${store.ref}`);
    const bank = await offline("pay_spei", "openpay_bank");
    expect(bank.clabe).toMatch(/^646180\d{12}$/);
    expect(bank.expiresAt?.toISOString()).toBe("2026-11-24T13:00:00.000Z");
    expect(fake.charge(bank.ref)).toMatchObject({ method: "bank_account", due_date: "2026-11-24T13:00:00.000Z" });
  });

  it("needs the shopper's name and e-mail and openpay.js's device session, as Openpay does", async () => {
    await expect(openpay.createOffline({ paymentId: "p1", method: "openpay_store", amount: 100, currency: "MXN" })).rejects.toMatchObject({
      code: "provider_request_failed",
    });
    const token = await fake.cardToken(openpayTestCards.success);
    await expect(openpay.chargeCard({ paymentId: "p2", token, amount: 100, currency: "MXN", returnUrl, customer })).rejects.toMatchObject({
      code: "provider_request_failed",
    });
  });

  it("refunds card charges and answers refund_not_supported for store and SPEI payments", async () => {
    const paid = await card("pay_refund", openpayTestCards.success);
    const first = await openpay.refund({ ref: paid.ref, amount: 5_000, refundId: "r1" });
    expect(first).toMatchObject({ status: "succeeded" });
    expect(await openpay.refund({ ref: paid.ref, amount: 5_000, refundId: "r1" })).toEqual(first);
    expect(fake.charge(paid.ref)?.refunds?.map((refund) => refund.amount)).toEqual([50]);
    expect(await openpay.refund({ ref: paid.ref, amount: 8_000, refundId: "r2" })).toEqual({ status: "failed" });
    expect(await openpay.refund({ ref: paid.ref, amount: 7_550, refundId: "r3" })).toMatchObject({ status: "succeeded" });
    expect(fake.charge(paid.ref)?.status).toBe("refunded");
    const store = await offline("pay_cash", "openpay_store");
    fake.payOffline(store.ref);
    await expect(openpay.refund({ ref: store.ref, amount: 100 })).rejects.toMatchObject({ code: "refund_not_supported" });
  });

  it("tests the connection, and says clearly when the keys are wrong", async () => {
    await expect(openpay.testConnection()).resolves.toBeUndefined();
    const wrong = connect({ secretKey: "sk_wrong" });
    await expect(wrong.testConnection()).rejects.toBeInstanceOf(ProviderError);
    await expect(wrong.refund({ ref: "tr_x", amount: 1 })).rejects.toMatchObject({ code: "provider_auth_failed" });
    // openpay.js is put in sandbox mode for any host but Openpay's live API (the fake here, Openpay's sandbox on staging).
    expect(openpay.publicConfig()).toEqual({ op_public_key: fake.publicKey, op_merchant_id: fake.merchantId, op_sandbox_mode: "true" });
    expect(connect({ baseUrl: OPENPAY_LIVE_URL }).publicConfig()).toMatchObject({ op_sandbox_mode: "false" });
  });

  describe("webhooks", () => {
    it("accepts a genuine notification of a paid store reference", async () => {
      const store = await offline("pay_hook", "openpay_store");
      fake.payOffline(store.ref);
      expect(await deliver(fake.webhook("charge.succeeded", store.ref))).toEqual({
        id: `openpay:${store.ref}:succeeded`,
        type: "payment.succeeded",
        payment_id: "pay_hook",
        ref: store.ref,
        occurredAt: clock,
      });
    });

    it("answers Openpay's verification delivery and untracked events as ignored, once the credentials match", async () => {
      const authorization = fake.webhook("charge.succeeded", (await offline("pay_v", "openpay_store")).ref).headers.authorization;
      const verification = JSON.stringify({ type: "verification", event_date: clock.toISOString(), verification_code: "Xy12Ab" });
      expect(await openpay.parseWebhook({ rawBody: verification, headers: { authorization }, now: clock })).toMatchObject({
        id: "openpay-verification:Xy12Ab",
        type: "ignored",
      });
      expect(await openpay.parseWebhook({ rawBody: verification, headers: { authorization: "Basic eDp5" }, now: clock })).toBeNull();
      const store = await offline("pay_untracked", "openpay_store");
      expect(await deliver(fake.webhook("charge.created", store.ref))).toMatchObject({ type: "ignored" });
    });

    it("turns a reference Openpay cancelled at its deadline into an expired payment", async () => {
      const bank = await offline("pay_late", "openpay_bank");
      fake.expire(bank.ref);
      expect(await deliver(fake.webhook("charge.cancelled", bank.ref))).toMatchObject({ type: "payment.expired", payment_id: "pay_late" });
    });

    it("refuses wrong credentials, a tampered body, a stale replay and an event the charge contradicts", async () => {
      const store = await offline("pay_forged", "openpay_store");
      expect(await deliver(fake.webhook("charge.succeeded", store.ref))).toBeNull();
      fake.payOffline(store.ref);
      const genuine = fake.webhook("charge.succeeded", store.ref);
      expect(await deliver(genuine, clock, "Basic dGlhbmd1aXM6bm9wZQ==")).toBeNull();
      expect(await openpay.parseWebhook({ rawBody: genuine.body, headers: {}, now: clock })).toBeNull();
      expect(await deliver({ ...genuine, body: genuine.body.replace("charge.succeeded", "charge.failed") })).toBeNull();
      expect(await deliver(genuine, new Date(clock.getTime() + 10 * 60 * 1000))).toBeNull();
    });

    it("reports an older cancellation that arrives after the payment with its time, so the state machine keeps it paid", async () => {
      const store = await offline("pay_order", "openpay_store");
      const cancelledEarlier = fake.webhook("charge.cancelled", store.ref, new Date(clock.getTime() - 60_000), { status: "cancelled" });
      fake.payOffline(store.ref);
      const paid = await deliver(fake.webhook("charge.succeeded", store.ref));
      const late = await deliver(cancelledEarlier);
      expect(late).toMatchObject({ type: "payment.expired", occurredAt: new Date(clock.getTime() - 60_000) });
      let status = nextPaymentStatus("pending", paid?.type as "payment.succeeded");
      status = nextPaymentStatus(status, late?.type as "payment.expired");
      expect(status).toBe("succeeded");
    });

    it("refuses a success Openpay does not confirm and a body whose transaction was swapped", async () => {
      const store = await offline("pay_claim", "openpay_store");
      expect(await deliver(fake.webhook("charge.succeeded", store.ref, clock, { status: "completed" }))).toBeNull();
      const other = await offline("pay_other", "openpay_store");
      fake.payOffline(other.ref);
      const genuine = fake.webhook("charge.succeeded", other.ref);
      expect(await deliver({ ...genuine, body: genuine.body.replace('"order_id":"pay_other"', '"order_id":"pay_claim"') })).toBeNull();
    });
  });
});
