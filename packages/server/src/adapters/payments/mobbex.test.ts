import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type MobbexFake, startMobbexFake } from "./fakes/mobbex-fake";
import { createMobbexProvider } from "./mobbex";
import type { PaymentProvider } from "./provider";

const customer = { name: "Carlos Cliente", email: "carlos@demo.tianguis.mx", phone: "1155551234" };
const returnUrl = "https://tianguis.example/pay/return?checkout=c1&code=1";

describe("Mobbex adapter against the local Mobbex fake", () => {
  let fake: MobbexFake;
  let mobbex: PaymentProvider;
  let clock: Date;

  beforeEach(async () => {
    clock = new Date("2026-11-24T12:00:00Z");
    fake = await startMobbexFake(() => clock);
    mobbex = createMobbexProvider({
      publicKey: fake.apiKey,
      secretKey: fake.accessToken,
      baseUrl: fake.url,
      notifyUrl: "https://tianguis.example/hooks/mobbex",
      webhookSecret: "shop-secret",
    });
  });
  afterEach(() => fake.close());

  const checkout = (paymentId: string, amount = 150_000) =>
    mobbex.createRedirect({
      paymentId,
      method: "mobbex",
      amount,
      currency: "ARS",
      returnUrl,
      cancelUrl: returnUrl.replace("code=1", "code=2"),
      customer,
    });
  /** Mobbex posts the body to the checkout's webhook URL; `url` is what our server sees of it (path and query). */
  const hook = (rawBody: string, url = tokenUrlOf(rawBody)) =>
    mobbex.parseWebhook({ rawBody, url, headers: { "content-type": "application/json" }, now: clock });
  const tokenUrlOf = (rawBody: string) => {
    const reference = (JSON.parse(rawBody.startsWith("{") ? rawBody : "{}") as { data?: { payment?: { reference?: string } } }).data
      ?.payment?.reference;
    const checkoutId = reference ? fake.checkoutIds(reference)[0] : undefined;
    const target = new URL(checkoutId ? (fake.checkout(checkoutId)?.webhook ?? "http://x/") : "http://x/");
    return `${target.pathname}${target.search}`;
  };
  const checkoutIdOf = (url: string) => url.split("/").pop() as string;

  it("creates a checkout with both keys, the payment id as reference, return URL and webhook", async () => {
    const created = await checkout("pay_1");
    expect(created.ref).toBe("pay_1");
    const sent = fake.requests.find((request) => request.path === "/p/checkout");
    expect(sent?.headers).toMatchObject({ "x-api-key": fake.apiKey, "x-access-token": fake.accessToken });
    expect(sent?.body).toMatchObject({
      total: 1500,
      currency: "ARS",
      reference: "pay_1",
      return_url: returnUrl,
    });
    const webhook = new URL(String((sent?.body as { webhook?: string }).webhook));
    expect(`${webhook.origin}${webhook.pathname}`).toBe("https://tianguis.example/hooks/mobbex");
    expect(webhook.searchParams.get("token")).toMatch(/^[\w-]{43}$/);
    expect(fake.checkout(checkoutIdOf(created.approvalUrl))?.reference).toBe("pay_1");
  });

  it("keeps a retried create on the same payment, which Mobbex lets be paid only once", async () => {
    const first = await checkout("pay_retry");
    const again = await checkout("pay_retry");
    expect(again.ref).toBe(first.ref);
    fake.pay(checkoutIdOf(first.approvalUrl), "approved");
    expect(() => fake.pay(checkoutIdOf(again.approvalUrl), "approved")).toThrow(/same reference/);
  });

  it("reads the payment back when the shopper returns: paid, declined, or left", async () => {
    const paid = await checkout("pay_ok");
    const back = new URL(fake.pay(checkoutIdOf(paid.approvalUrl), "approved"));
    expect(back.searchParams.get("status")).toBe("200");
    expect(await mobbex.completeRedirect?.({ ref: paid.ref, query: {} })).toEqual({ status: "succeeded", ref: "pay_ok" });

    const declined = await checkout("pay_no");
    fake.pay(checkoutIdOf(declined.approvalUrl), "declined");
    expect(await mobbex.completeRedirect?.({ ref: declined.ref, query: {} })).toMatchObject({ status: "failed", code: "card_declined" });

    const left = await checkout("pay_left");
    const leftBack = new URL(fake.cancel(checkoutIdOf(left.approvalUrl)));
    expect(leftBack.searchParams.get("status")).toBe("0");
    expect(await mobbex.completeRedirect?.({ ref: left.ref, query: Object.fromEntries(leftBack.searchParams) })).toMatchObject({
      status: "failed",
    });
  });

  it("treats a checkout paid after its 60 minutes as expired", async () => {
    const created = await checkout("pay_slow");
    clock = new Date(clock.getTime() + 61 * 60 * 1000);
    const back = new URL(fake.pay(checkoutIdOf(created.approvalUrl), "approved"));
    expect(back.searchParams.get("status")).toBe("401");
    expect(await mobbex.completeRedirect?.({ ref: created.ref, query: Object.fromEntries(back.searchParams) })).toMatchObject({
      status: "failed",
    });
  });

  it("leaves a return Mobbex does not show paid yet pending, for the webhook to settle", async () => {
    const created = await checkout("pay_early");
    expect(await mobbex.completeRedirect?.({ ref: created.ref, query: { status: "200", type: "card" } })).toEqual({
      status: "pending",
      ref: "pay_early",
    });
  });

  it("refunds part and then the rest of the paid operation", async () => {
    const created = await checkout("pay_refund", 10_000);
    fake.pay(checkoutIdOf(created.approvalUrl), "approved");
    expect(await mobbex.refund({ ref: created.ref, amount: 2_500 })).toMatchObject({ status: "succeeded" });
    expect(await mobbex.refund({ ref: created.ref, amount: 7_600 })).toEqual({ status: "failed" });
    expect(await mobbex.refund({ ref: created.ref, amount: 7_500 })).toMatchObject({ status: "succeeded" });
    expect(fake.operations("pay_refund")[0].status.code).toBe("601");
  });

  it("a full refund retried after its answer was lost is answered from Mobbex's record, not refunded twice", async () => {
    const created = await checkout("pay_refund_lost", 10_000);
    fake.pay(fake.checkoutIds("pay_refund_lost")[0], "approved");
    fake.loseNextRefundAnswer();
    await expect(mobbex.refund({ ref: created.ref, amount: 10_000 })).rejects.toMatchObject({ code: "provider_unavailable" });
    expect(await mobbex.refund({ ref: created.ref, amount: 10_000 })).toMatchObject({ status: "succeeded" });
    expect(fake.requests.filter((request) => request.path.endsWith("/refund"))).toHaveLength(1);
    expect(fake.operations("pay_refund_lost")[0].refunded).toBe(100);
  });

  it("says clearly when the keys are wrong", async () => {
    const wrong = createMobbexProvider({ publicKey: fake.apiKey, secretKey: "nope", baseUrl: fake.url, notifyUrl: "https://x" });
    await expect(
      wrong.createRedirect({ paymentId: "p", method: "mobbex", amount: 100, currency: "ARS", returnUrl, cancelUrl: returnUrl, customer }),
    ).rejects.toMatchObject({
      code: "provider_auth_failed",
    });
  });

  describe("webhooks (unsigned by Mobbex: confirmed through its API)", () => {
    it("accepts an operation Mobbex confirms", async () => {
      const created = await checkout("pay_hook");
      fake.pay(checkoutIdOf(created.approvalUrl), "approved");
      const [operation] = fake.operations("pay_hook");
      expect(await hook(fake.webhook(operation.id).body)).toEqual({
        id: `mobbex:${operation.id}:payment.succeeded`,
        type: "payment.succeeded",
        payment_id: "pay_hook",
        ref: "pay_hook",
      });
    });

    it("refuses a forged operation, a body pointing an operation at another payment, and garbage", async () => {
      const created = await checkout("pay_forged");
      const other = await checkout("pay_victim");
      fake.pay(checkoutIdOf(created.approvalUrl), "declined");
      const [operation] = fake.operations("pay_forged");
      const genuine = fake.webhook(operation.id).body;
      expect(await hook(genuine.replace('"code":"400"', '"code":"200"'))).toMatchObject({ type: "payment.failed" });
      expect(await hook(genuine.replaceAll("pay_forged", other.ref))).toBeNull();
      expect(await hook(genuine.replace(operation.id, "madeup123"))).toBeNull();
      expect(await hook("not json")).toBeNull();
    });

    it("refuses a delivery without the webhook URL's token, or with the token of another payment", async () => {
      const created = await checkout("pay_token");
      const other = await checkout("pay_token_other");
      fake.pay(checkoutIdOf(created.approvalUrl), "approved");
      const { body, url } = fake.webhook(fake.operations("pay_token")[0].id);
      expect(await hook(body, url)).toMatchObject({ type: "payment.succeeded" });
      expect(await hook(body, "/hooks/mobbex")).toBeNull();
      expect(await hook(body, tokenUrlOf(body.replaceAll("pay_token", other.ref)))).toBeNull();
    });

    it("keeps a paid reference paid when the declined first attempt's event arrives after the paid one", async () => {
      const created = await checkout("pay_order");
      fake.pay(checkoutIdOf(created.approvalUrl), "declined");
      const [declined] = fake.operations("pay_order");
      const retry = await checkout("pay_order");
      fake.pay(checkoutIdOf(retry.approvalUrl), "approved");
      expect(await hook(fake.webhook(declined.id).body)).toMatchObject({ type: "payment.succeeded" });
    });
  });
});
