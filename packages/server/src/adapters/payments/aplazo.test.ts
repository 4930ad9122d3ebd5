import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAplazoProvider } from "./aplazo";
import { type AplazoFake, startAplazoFake } from "./fakes/aplazo-fake";
import type { PaymentProvider } from "./provider";

const buyer = { name: "Carlos Cliente Ruiz", email: "carlos@demo.tianguis.mx", phone: "5512345678" };
const returnUrl = "https://tianguis.example/pay/return?checkout=c1&code=1";
const cancelUrl = "https://tianguis.example/pay/return?checkout=c1&code=2";

describe("Aplazo adapter against the local Aplazo fake", () => {
  let fake: AplazoFake;
  let aplazo: PaymentProvider;

  beforeEach(async () => {
    fake = await startAplazoFake();
    aplazo = createAplazoProvider({
      publicKey: String(fake.merchantId),
      secretKey: fake.apiToken,
      webhookSecret: fake.webhookToken,
      baseUrl: fake.url,
      merchantBaseUrl: fake.url,
      shopId: "Tianguis demo",
      notifyUrl: "https://tianguis.example/hooks/aplazo",
    });
  });
  afterEach(() => fake.close());

  const hook = (rawBody: string, authorization: string | undefined) =>
    aplazo.parseWebhook({ rawBody, headers: { authorization }, now: new Date() });
  const loan = (paymentId: string, amount = 260_000) =>
    aplazo.createRedirect({ paymentId, method: "aplazo", amount, currency: "MXN", returnUrl, cancelUrl, customer: buyer });

  it("authenticates first, then creates the loan with codes 1/2 and the payment id as cartId", async () => {
    const created = await loan("pay_1");
    expect(created.ref).toBe("pay_1");
    expect(fake.requests.map((request) => request.path)).toEqual(["/api/auth", "/api/loan"]);
    expect(fake.requests[0].body).toEqual({ apiToken: fake.apiToken, merchantId: fake.merchantId });
    expect(fake.requests[1].body).toMatchObject({
      totalPrice: 2600,
      cartId: "pay_1",
      successUrl: returnUrl,
      errorUrl: cancelUrl,
      webHookUrl: "https://tianguis.example/hooks/aplazo",
      buyer: { firstName: "Carlos", lastName: "Cliente Ruiz", email: buyer.email, phone: buyer.phone },
    });
    expect(created.approvalUrl).toBe(`${fake.url}/main/${fake.loan("pay_1")?.loanId}`);
  });

  it("returns the same loan when the create call is retried", async () => {
    const first = await loan("pay_retry");
    expect(await loan("pay_retry")).toEqual(first);
  });

  it("reads the loan when the shopper returns: active is paid, cancelled is not", async () => {
    const paid = await loan("pay_ok");
    expect(fake.approve("pay_ok")).toBe(returnUrl);
    expect(await aplazo.completeRedirect?.({ ref: paid.ref, query: {} })).toEqual({ status: "succeeded", ref: "pay_ok" });
    const rejected = await loan("pay_no");
    expect(fake.reject("pay_no")).toBe(cancelUrl);
    expect(await aplazo.completeRedirect?.({ ref: rejected.ref, query: {} })).toMatchObject({ status: "failed", code: "card_declined" });
    // Back on successUrl before Aplazo shows the loan active: pending, for the webhook to settle.
    const early = await loan("pay_early");
    expect(await aplazo.completeRedirect?.({ ref: early.ref, query: {} })).toEqual({ status: "pending", ref: "pay_early" });
  });

  it("asks for refunds, which Aplazo settles later", async () => {
    const created = await loan("pay_refund", 10_000);
    fake.approve("pay_refund");
    expect(await aplazo.refund({ ref: created.ref, amount: 4_000 })).toMatchObject({ status: "pending" });
    expect(fake.loan("pay_refund")?.refunded).toBe(40);
    expect(await aplazo.refund({ ref: created.ref, amount: 7_000 })).toEqual({ status: "failed" });
  });

  it("reads a pending refund's status from Aplazo's refund history: each refund of the cart by its own id", async () => {
    const created = await loan("pay_refund_status", 10_000);
    fake.approve("pay_refund_status");
    const first = await aplazo.refund({ ref: created.ref, amount: 3_000 });
    const second = await aplazo.refund({ ref: created.ref, amount: 2_000 });
    const status = (refund: { ref?: string }) => aplazo.refundStatus?.({ ref: created.ref, refundRef: String(refund.ref), amount: 3_000 });
    expect(await status(first)).toBe("pending");
    fake.settleRefund(Number(first.ref), "REFUNDED");
    expect(await status(first)).toBe("succeeded");
    expect(await status(second)).toBe("pending");
    fake.settleRefund(Number(second.ref), "REJECTED");
    expect(await status(second)).toBe("failed");
    expect(fake.requests.filter((request) => request.path === "/api/loan/refund-from-cart")).toHaveLength(2);
  });

  it("says clearly when the merchant id or API token is wrong", async () => {
    const wrong = createAplazoProvider({
      publicKey: "1",
      secretKey: "nope",
      webhookSecret: "x",
      baseUrl: fake.url,
      shopId: "s",
      notifyUrl: "https://x",
    });
    await expect(
      wrong.createRedirect({ paymentId: "p", method: "aplazo", amount: 100, currency: "MXN", returnUrl, cancelUrl, customer: buyer }),
    ).rejects.toMatchObject({
      code: "provider_auth_failed",
    });
  });

  describe("webhooks (Bearer token, then the loan status)", () => {
    it("accepts Aplazo's notice of an active loan", async () => {
      await loan("pay_hook");
      fake.approve("pay_hook");
      const { body, headers } = fake.webhook("pay_hook");
      const loanId = fake.loan("pay_hook")?.loanId;
      expect(await hook(body, headers.authorization)).toEqual({
        id: `aplazo:${loanId}:payment.succeeded`,
        type: "payment.succeeded",
        payment_id: "pay_hook",
        ref: "pay_hook",
      });
    });

    it("refuses a wrong token, another merchant's notice and a swapped loan id; a loan not yet paid applies nothing", async () => {
      await loan("pay_forged");
      const unpaid = fake.webhook("pay_forged");
      const claimed = await hook(unpaid.body.replace("No confirmado", "Activo"), unpaid.headers.authorization);
      expect(claimed).toEqual({ id: `aplazo:${fake.loan("pay_forged")?.loanId}:open`, type: "ignored" });
      fake.approve("pay_forged");
      const { body, headers } = fake.webhook("pay_forged");
      expect(await hook(body, "Bearer wrong")).toBeNull();
      expect(await hook(body, undefined)).toBeNull();
      expect(await hook(body.replace(`"merchantId":${fake.merchantId}`, '"merchantId":1'), headers.authorization)).toBeNull();
      expect(await hook(body.replace(/"loanId":\d+/, '"loanId":1'), headers.authorization)).toBeNull();
    });

    it("describes the loan as it is now when an older notice arrives late", async () => {
      await loan("pay_order");
      const early = fake.webhook("pay_order");
      fake.approve("pay_order");
      expect(await hook(early.body, early.headers.authorization)).toMatchObject({ type: "payment.succeeded" });
    });
  });
});
