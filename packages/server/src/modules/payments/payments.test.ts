import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments } from "../../db/schema/payments";
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
});
