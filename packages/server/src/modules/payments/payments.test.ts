import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChargeResult } from "../../adapters/payments/provider";
import { checkouts } from "../../db/schema/orders";
import { idempotencyKeys, payments } from "../../db/schema/payments";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser } from "../../test/harness";

const guest = { full_name: "Ana López", email: "ana@example.com" };

describe("payments: redirect methods, offline methods and signed webhooks", () => {
  let t: TestApp;
  let store: { slug: string; id: string };
  beforeAll(async () => {
    t = await createTestApp();
    store = await createShop(t.ctx, (await createUser(t.ctx)).id);
  });
  afterAll(async () => t.close());

  async function newPurchase() {
    const item = await createProduct(t.ctx, store.id, { listPrice: 25000, stock: 5 });
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/checkout`,
      payload: { items: [{ product_id: item.id, quantity: 1 }], contact: guest, delivery_type: "to_branch" },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; access_token: string };
  }

  const pay = (purchase: { id: string; access_token: string }, method: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      payload: { method, return_path: "/tienda/x/pagado" },
    });

  const payByCard = (purchase: { id: string; access_token: string }, cardToken: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      headers,
      payload: { method: "str_card", card_token: cardToken, return_path: "/tienda/x/pagado" },
    });

  async function successCard() {
    const response = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    return response.json().token as string;
  }

  /** Whether a transaction holds the purchase's row while a provider is called: 'free', or 'held' (NOWAIT refused, or no answer). */
  async function lockedElsewhere(checkoutId: string): Promise<string> {
    const read = t.ctx.db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(eq(checkouts.id, checkoutId))
      .for("update", { noWait: true })
      .then(
        () => "free",
        () => "held",
      );
    // A held row never answers on PGlite: the bound only ends that wait, so it is long enough for a busy machine's reply.
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve("held"), 60_000).unref());
    return Promise.race([read, timeout]);
  }

  const attemptsOf = (purchase: { id: string }) =>
    t.ctx.db.select({ status: payments.status }).from(payments).where(eq(payments.checkoutId, purchase.id));

  const view = async (purchase: { id: string; access_token: string }) =>
    (await t.app.inject({ method: "GET", url: `/api/v1/checkouts/${purchase.id}?token=${purchase.access_token}` })).json();

  async function decide(approvalUrl: string, outcome: "approve" | "reject") {
    const page = await t.app.inject({ method: "GET", url: approvalUrl });
    expect(page.statusCode).toBe(200);
    const fields = Object.fromEntries(new URL(approvalUrl, "http://local").searchParams);
    return t.app.inject({
      method: "POST",
      url: new URL(approvalUrl, "http://local").pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ ...fields, outcome }).toString(),
    });
  }

  for (const method of ["paypal", "mobbex", "aplazo"]) {
    it(`${method}: the approval page returns with code 1 and the purchase is paid`, async () => {
      const purchase = await newPurchase();
      const started = await pay(purchase, method);
      expect(started.json().status).toBe("redirect");
      const approved = await decide(started.json().approval_url, "approve");
      expect(approved.statusCode).toBe(303);
      expect(new URL(approved.headers.location as string, "http://local").searchParams.get("code")).toBe("1");
      expect((await view(purchase)).state).toBe("paid");
    });
  }

  it("a cancelled redirect returns with code 2 and the purchase can still be paid", async () => {
    const purchase = await newPurchase();
    const started = await pay(purchase, "paypal");
    const cancelled = await decide(started.json().approval_url, "reject");
    expect(new URL(cancelled.headers.location as string, "http://local").searchParams.get("code")).toBe("2");
    expect((await view(purchase)).state).toBe("pending_payment");
    const again = await decide((await pay(purchase, "paypal")).json().approval_url, "approve");
    expect(again.statusCode).toBe(303);
    expect((await view(purchase)).state).toBe("paid");
  });

  it("a replayed signed webhook is applied once", async () => {
    const purchase = await newPurchase();
    const started = await pay(purchase, "mobbex");
    const paymentId = new URL(started.json().approval_url, "http://local").searchParams.get("payment") as string;
    const signed = t.ctx.payments.signWebhook({ id: "evt_replayed", type: "payment.succeeded", payment_id: paymentId, ref: "ref_1" });
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/payments/webhooks/sandbox",
        headers: { "content-type": "application/json", "x-sandbox-signature": signed.signature },
        payload: signed.body,
      });
    expect((await send()).json().received).toBe("applied");
    expect((await send()).json().received).toBe("duplicate");
    expect((await view(purchase)).state).toBe("paid");
  });

  it("a webhook whose body was changed after signing is rejected", async () => {
    const purchase = await newPurchase();
    const started = await pay(purchase, "aplazo");
    const paymentId = new URL(started.json().approval_url, "http://local").searchParams.get("payment") as string;
    const signed = t.ctx.payments.signWebhook({ id: "evt_tampered", type: "payment.failed", payment_id: paymentId, ref: "ref_2" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/payments/webhooks/sandbox",
      headers: { "content-type": "application/json", "x-sandbox-signature": signed.signature },
      payload: signed.body.replace("payment.failed", "payment.succeeded"),
    });
    expect(response.statusCode).toBe(400);
    expect((await view(purchase)).state).toBe("pending_payment");
  });

  for (const method of ["openpay_store", "tiendacrypto"]) {
    it(`${method}: the purchase waits for the money with a reference, and a signed success pays it`, async () => {
      const purchase = await newPurchase();
      const started = await pay(purchase, method);
      expect(started.json().status).toBe("pending");
      expect(started.json().checkout.payment.instructions.reference).toBeTruthy();
      const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutId, purchase.id));
      const signed = t.ctx.payments.signWebhook({
        id: `evt_${method}`,
        type: "payment.succeeded",
        payment_id: payment.id,
        ref: payment.providerRef ?? payment.id,
      });
      await t.app.inject({
        method: "POST",
        url: "/api/v1/payments/webhooks/sandbox",
        headers: { "content-type": "application/json", "x-sandbox-signature": signed.signature },
        payload: signed.body,
      });
      expect((await view(purchase)).state).toBe("paid");
    });
  }

  it("a paid purchase cannot be paid twice", async () => {
    const purchase = await newPurchase();
    await decide((await pay(purchase, "paypal")).json().approval_url, "approve");
    const second = await pay(purchase, "paypal");
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("checkout_already_paid");
  });

  it("10 pays of one purchase at once, without an Idempotency-Key, charge the card once", async () => {
    const purchase = await newPurchase();
    const card = await successCard();
    const charge = vi.spyOn(t.ctx.payments, "chargeCard");
    const results = await Promise.all(Array.from({ length: 10 }, () => payByCard(purchase, card)));
    expect(results.filter((response) => response.statusCode === 200).map((response) => response.json().status)).toEqual(["paid"]);
    const refused = results.filter((response) => response.statusCode !== 200);
    expect(refused.every((response) => response.statusCode === 409)).toBe(true);
    expect(refused.every((response) => ["payment_in_progress", "checkout_already_paid"].includes(response.json().code))).toBe(true);
    expect(charge).toHaveBeenCalledTimes(1);
    charge.mockRestore();
    expect(await attemptsOf(purchase)).toEqual([{ status: "succeeded" }]);
  });

  it("a retry whose first answer was lost after the charge committed answers 'paid' again, not checkout_already_paid", async () => {
    const purchase = await newPurchase();
    const card = await successCard();
    const key = { "idempotency-key": "lost-answer-1" };
    let reached!: () => void;
    const charging = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let finish!: (result: ChargeResult) => void;
    const charge = vi.spyOn(t.ctx.payments, "chargeCard").mockImplementationOnce(
      () =>
        new Promise<ChargeResult>((resolve) => {
          finish = resolve;
          reached();
        }),
    );
    const first = payByCard(purchase, card, key);
    await charging;
    // The first request is taken for dead: a retry takes its key over and finds the attempt still being charged.
    t.clock.advance(31_000);
    const meanwhile = await payByCard(purchase, card, key);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().code).toBe("payment_in_progress");
    // The charge then commits, but the first request no longer holds its key: its answer is never stored.
    finish({ status: "succeeded", ref: "ch_lost" });
    await first;
    charge.mockRestore();

    const retried = await payByCard(purchase, card, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: "paid", checkout: { id: purchase.id, state: "paid" } });
    expect((await payByCard(purchase, card, key)).json().status).toBe("paid");
    // Another key is another request: that purchase is paid already.
    const other = await payByCard(purchase, card, { "idempotency-key": "lost-answer-2" });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe("checkout_already_paid");
    expect(await attemptsOf(purchase)).toEqual([{ status: "succeeded" }]);
  });

  it("a retry of a 3-D Secure or redirect attempt whose answer was lost sends the shopper to the same page", async () => {
    const threeDs = await newPurchase();
    const token = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number: "4000000000003220", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    const key = { "idempotency-key": "lost-3ds-1" };
    const started = await payByCard(threeDs, token.json().token, key);
    expect(started.json().status).toBe("requires_action");
    // The stored answer is lost (the process died before keeping it): the attempt alone remembers it.
    await t.ctx.db.delete(idempotencyKeys);
    const again = await payByCard(threeDs, token.json().token, key);
    expect(again.json()).toMatchObject({ status: "requires_action", next_action: started.json().next_action });

    const redirect = await newPurchase();
    const send = () =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/checkouts/${redirect.id}/pay?token=${redirect.access_token}`,
        headers: { "idempotency-key": "lost-redirect-1" },
        payload: { method: "paypal", return_path: "/tienda/x/pagado" },
      });
    const approval = (await send()).json().approval_url;
    await t.ctx.db.delete(idempotencyKeys);
    expect((await send()).json()).toMatchObject({ status: "redirect", approval_url: approval });
  });

  it("a pay that crashed mid-charge: its key is free after the lease, and the sweep frees the purchase a few minutes later", async () => {
    const purchase = await newPurchase();
    const card = await successCard();
    const key = { "idempotency-key": "crashed-pay-1" };
    let reached!: () => void;
    const charging = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let finish!: (result: ChargeResult) => void;
    const charge = vi.spyOn(t.ctx.payments, "chargeCard").mockImplementationOnce(
      () =>
        new Promise<ChargeResult>((resolve) => {
          finish = resolve;
          reached();
        }),
    );
    const crashed = payByCard(purchase, card, key);
    await charging;

    const whileLeased = await payByCard(purchase, card, key);
    expect(whileLeased.statusCode).toBe(409);
    expect(whileLeased.json().code).toBe("idempotency_conflict");
    t.clock.advance(31_000);
    const afterLease = await payByCard(purchase, card, key);
    expect(afterLease.statusCode).toBe(409);
    expect(afterLease.json()).toMatchObject({ code: "payment_in_progress", message: expect.stringContaining("pago en curso") });

    t.clock.advance(5 * 60_000);
    await runDueJobs(t.ctx);
    expect(await attemptsOf(purchase)).toEqual([{ status: "expired" }]);
    const retried = await payByCard(purchase, card, key);
    expect(retried.json().status).toBe("paid");
    expect(charge).toHaveBeenCalledTimes(2);
    charge.mockRestore();

    // The crashed charge succeeds late: the attempt given up on is refunded, the purchase stays paid once. The refund is
    // recorded with the late answer and sent by a job after that transaction: while the provider is asked, no transaction
    // holds the purchase (a locking read of it answers at once; on PGlite's one connection it would wait forever).
    const probes: string[] = [];
    const refund = vi.spyOn(t.ctx.payments, "refund").mockImplementation(async () => {
      probes.push(await lockedElsewhere(purchase.id));
      return { status: "succeeded", ref: "re_late" };
    });
    finish({ status: "succeeded", ref: "ch_late" });
    await crashed;
    expect(refund).not.toHaveBeenCalled();
    await runDueJobs(t.ctx);
    await runDueJobs(t.ctx);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledWith(expect.objectContaining({ ref: "ch_late", amount: 25000, idempotencyKey: expect.any(String) }));
    expect(probes).toEqual(["free"]);
    refund.mockRestore();
    expect((await attemptsOf(purchase)).map((attempt) => attempt.status).sort()).toEqual(["refunded", "succeeded"]);
    expect((await view(purchase)).state).toBe("paid");
  });
});
