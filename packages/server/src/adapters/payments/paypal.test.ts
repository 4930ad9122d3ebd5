import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type PaypalFake, startPaypalFake } from "./fakes/paypal-fake";
import { createPaypalProvider } from "./paypal";
import type { PaymentProvider } from "./provider";

const returnUrl = "https://tianguis.example/pay/return?checkout=c1&code=1";
const cancelUrl = "https://tianguis.example/pay/return?checkout=c1&code=2";

describe("PayPal adapter (official SDK) against the local PayPal fake", () => {
  let fake: PaypalFake;
  let paypal: PaymentProvider;
  let clock: Date;

  beforeEach(async () => {
    clock = new Date("2026-11-24T12:00:00Z");
    fake = await startPaypalFake(() => clock);
    paypal = createPaypalProvider({
      publicKey: fake.clientId,
      secretKey: fake.clientSecret,
      webhookSecret: fake.webhookId,
      baseUrl: fake.url,
    });
  });
  afterEach(() => fake.close());

  const order = (paymentId: string, amount = 25_000) =>
    paypal.createRedirect({ paymentId, method: "paypal", amount, currency: "MXN", returnUrl, cancelUrl });
  const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

  it("creates an order with the approval link, return/cancel codes 1/2 and a PayPal-Request-Id", async () => {
    const created = await order("pay_1");
    expect(created.approvalUrl).toBe(`${fake.url}/checkoutnow?token=${created.ref}`);
    const sent = fake.requests.find((request) => request.path === "/v2/checkout/orders");
    expect(sent?.headers["paypal-request-id"]).toBe("order-pay_1");
    expect(sent?.body).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ custom_id: "pay_1", amount: { currency_code: "MXN", value: "250.00" } }],
      payment_source: { paypal: { experience_context: { return_url: returnUrl, cancel_url: cancelUrl } } },
    });
  });

  it("makes the checkout's return and cancel paths absolute on the site's public origin, as PayPal requires", async () => {
    const site = createPaypalProvider({
      publicKey: fake.clientId,
      secretKey: fake.clientSecret,
      webhookSecret: fake.webhookId,
      baseUrl: fake.url,
      siteUrl: "https://tianguis.mx",
      notifyUrl: "https://hooks.tianguis.mx/api/v1/webhooks/paypal/a1",
    });
    await site.createRedirect({
      paymentId: "pay_paths",
      method: "paypal",
      amount: 100,
      currency: "MXN",
      returnUrl: "/r?code=1",
      cancelUrl: "/r?code=2",
    });
    const sent = fake.requests.find((request) => request.headers["paypal-request-id"] === "order-pay_paths");
    expect(sent?.body).toMatchObject({
      payment_source: {
        paypal: { experience_context: { return_url: "https://tianguis.mx/r?code=1", cancel_url: "https://tianguis.mx/r?code=2" } },
      },
    });
    const bare = createPaypalProvider({
      publicKey: fake.clientId,
      secretKey: fake.clientSecret,
      webhookSecret: fake.webhookId,
      baseUrl: fake.url,
    });
    await expect(
      bare.createRedirect({
        paymentId: "pay_bare",
        method: "paypal",
        amount: 100,
        currency: "MXN",
        returnUrl: "/r?code=1",
        cancelUrl: "/r?code=2",
      }),
    ).rejects.toMatchObject({ code: "provider_request_failed" });
  });

  it("returns the same order when the create call is retried", async () => {
    const first = await order("pay_retry");
    expect(await order("pay_retry")).toEqual(first);
  });

  it("captures once when the shopper comes back with code 1, even if the return is repeated", async () => {
    const created = await order("pay_capture");
    const back = fake.approve(created.ref);
    expect(query(back)).toMatchObject({ code: "1", token: created.ref });
    expect(await paypal.completeRedirect?.({ ref: created.ref, query: query(back) })).toEqual({ status: "succeeded", ref: created.ref });
    expect(await paypal.completeRedirect?.({ ref: created.ref, query: query(back) })).toEqual({ status: "succeeded", ref: created.ref });
    expect(fake.order(created.ref)?.status).toBe("COMPLETED");
    const captures = fake.requests.filter((request) => request.path.endsWith("/capture"));
    expect(captures.map((request) => request.headers["paypal-request-id"])).toEqual([`capture-${created.ref}`, `capture-${created.ref}`]);
  });

  it("fails when PayPal declines the funding at capture, and when the shopper cancels (code 2)", async () => {
    const declined = await order("pay_declined");
    fake.approve(declined.ref, { declineAtCapture: true });
    expect(await paypal.completeRedirect?.({ ref: declined.ref, query: { token: declined.ref } })).toMatchObject({
      status: "failed",
      code: "card_declined",
    });
    const cancelled = await order("pay_cancelled");
    expect(query(fake.cancel(cancelled.ref)).code).toBe("2");
    expect(await paypal.completeRedirect?.({ ref: cancelled.ref, query: { token: cancelled.ref } })).toMatchObject({ status: "failed" });
  });

  it("refuses a return whose token names another order", async () => {
    const created = await order("pay_swap");
    fake.approve(created.ref);
    expect(await paypal.completeRedirect?.({ ref: created.ref, query: { token: "OTHER" } })).toMatchObject({
      status: "failed",
      code: "card_error",
    });
    expect(fake.order(created.ref)?.status).toBe("APPROVED");
  });

  it("refunds part of the capture, then the rest, once per refund id", async () => {
    const created = await order("pay_refund", 10_000);
    fake.approve(created.ref);
    await paypal.completeRedirect?.({ ref: created.ref, query: { token: created.ref } });
    expect(await paypal.refund({ ref: created.ref, amount: 4_000, refundId: "r1" })).toMatchObject({ status: "succeeded" });
    expect(await paypal.refund({ ref: created.ref, amount: 4_000, refundId: "r1" })).toMatchObject({ status: "succeeded" });
    expect(fake.order(created.ref)?.capture?.refunded).toBe(4_000);
    expect(await paypal.refund({ ref: created.ref, amount: 7_000, refundId: "r2" })).toEqual({ status: "failed" });
    expect(await paypal.refund({ ref: created.ref, amount: 6_000, refundId: "r3" })).toMatchObject({ status: "succeeded" });
  });

  it("says clearly when the client id or secret is wrong", async () => {
    const wrong = createPaypalProvider({ publicKey: fake.clientId, secretKey: "nope", webhookSecret: fake.webhookId, baseUrl: fake.url });
    await expect(
      wrong.createRedirect({ paymentId: "p", method: "paypal", amount: 100, currency: "MXN", returnUrl, cancelUrl }),
    ).rejects.toMatchObject({
      code: "provider_auth_failed",
    });
  });

  describe("webhooks (verify-webhook-signature)", () => {
    it("accepts a genuine capture event and builds the payment event from the order", async () => {
      const created = await order("pay_hook");
      fake.approve(created.ref);
      await paypal.completeRedirect?.({ ref: created.ref, query: { token: created.ref } });
      const { body, headers } = fake.webhook("PAYMENT.CAPTURE.COMPLETED", created.ref);
      expect(await paypal.parseWebhook({ rawBody: body, headers, now: clock })).toEqual({
        id: `paypal:${created.ref}:payment.succeeded`,
        type: "payment.succeeded",
        payment_id: "pay_hook",
        ref: created.ref,
        occurredAt: clock,
      });
      const verification = fake.requests.find((request) => request.path === "/v1/notifications/verify-webhook-signature");
      expect(verification?.body).toMatchObject({ webhook_id: fake.webhookId, transmission_id: headers["paypal-transmission-id"] });
    });

    it("captures an approved order whose shopper never came back", async () => {
      const created = await order("pay_lost");
      fake.approve(created.ref);
      const { body, headers } = fake.webhook("CHECKOUT.ORDER.APPROVED", created.ref);
      expect(await paypal.parseWebhook({ rawBody: body, headers, now: clock })).toMatchObject({
        type: "payment.succeeded",
        payment_id: "pay_lost",
      });
      expect(fake.order(created.ref)?.status).toBe("COMPLETED");
    });

    it("refuses a tampered body, a foreign webhook id, missing headers and a stale replay", async () => {
      const created = await order("pay_forged");
      fake.approve(created.ref);
      await paypal.completeRedirect?.({ ref: created.ref, query: { token: created.ref } });
      const { body, headers } = fake.webhook("PAYMENT.CAPTURE.COMPLETED", created.ref);
      expect(await paypal.parseWebhook({ rawBody: body.replace("pay_forged", "pay_other"), headers, now: clock })).toBeNull();
      const foreign = createPaypalProvider({
        publicKey: fake.clientId,
        secretKey: fake.clientSecret,
        webhookSecret: "OTHERHOOK",
        baseUrl: fake.url,
      });
      expect(await foreign.parseWebhook({ rawBody: body, headers, now: clock })).toBeNull();
      expect(
        await paypal.parseWebhook({ rawBody: body, headers: { ...headers, "paypal-transmission-sig": undefined }, now: clock }),
      ).toBeNull();
      expect(await paypal.parseWebhook({ rawBody: body, headers, now: new Date(clock.getTime() + 10 * 60 * 1000) })).toBeNull();
    });

    it("answers a genuine event it does not track as ignored, and an order still waiting for the shopper too", async () => {
      const created = await order("pay_waiting");
      const waiting = fake.webhook("CHECKOUT.ORDER.APPROVED", created.ref);
      expect(await paypal.parseWebhook({ rawBody: waiting.body, headers: waiting.headers, now: clock })).toMatchObject({ type: "ignored" });
      const other = fake.webhook("CUSTOMER.DISPUTE.CREATED", created.ref);
      expect(await paypal.parseWebhook({ rawBody: other.body, headers: other.headers, now: clock })).toMatchObject({ type: "ignored" });
    });

    it("keeps a paid order paid when a denied event arrives late", async () => {
      const created = await order("pay_late");
      fake.approve(created.ref);
      await paypal.completeRedirect?.({ ref: created.ref, query: { token: created.ref } });
      const late = fake.webhook("PAYMENT.CAPTURE.DENIED", created.ref);
      expect(await paypal.parseWebhook({ rawBody: late.body, headers: late.headers, now: clock })).toMatchObject({
        type: "payment.succeeded",
      });
    });
  });
});
