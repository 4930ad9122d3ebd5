import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listOutbox } from "../../adapters/notify/notifier";
import { products } from "../../db/schema/catalog";
import { orders } from "../../db/schema/orders";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createTestApp, createUser, signIn } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";
import { rowsOf } from "../../db/client";

const HOUR = 3_600_000;
const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

function multipart(file: { name: string; type: string; data: Buffer }) {
  const boundary = "----returns-test";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("returns and refunds: the 72-hour return, the supplier's decision, refunds through the gateway", () => {
  let t: TestApp;
  let supplier: { id: string; slug: string };
  let owner: Record<string, string>;
  let admin: Record<string, string>;
  let dispatcher: Record<string, string>;
  let otherOwner: Record<string, string>;
  let customer: Record<string, string>;
  let otherCustomer: Record<string, string>;
  let customerEmail: string;

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createShopWithRoles(t, {
      owner: { fullName: "Lucía Hernández" },
      shop: { name: "Casa Lucía" },
      customer: { fullName: "Carlos Pérez" },
    });
    supplier = cast.shop;
    ({ owner, admin, dispatcher, otherOwner, customer } = cast.as);
    customerEmail = cast.users.customer.email ?? "";
    otherCustomer = await signIn(t.ctx, (await createUser(t.ctx)).id);
    const policy = { return_type: "72hrs", return_fees: "restocking_fees", restocking_fees: 1_000, return_shipping_label: "download" };
    const put = await t.app.inject({ method: "PUT", url: `/api/v1/shops/${supplier.slug}/return-policy`, headers: owner, payload: policy });
    expect(put.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  async function cardToken() {
    const response = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number: "4242424242424242", name: "Carlos", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    return response.json().token as string;
  }

  /** A paid order of 2 × 250.00 by the signed-in customer, delivered `hoursAgo` hours ago (or still just paid). */
  async function order(options: { delivered?: number | null; returnInfo?: Record<string, unknown>; price?: number } = {}) {
    const item = await createProduct(t.ctx, supplier.id, {
      listPrice: options.price ?? 25_000,
      stock: 5,
      name: "Rebozo de seda",
      ...(options.returnInfo ? { returnInfo: options.returnInfo as never } : {}),
    });
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/checkout`,
      headers: customer,
      payload: { items: [{ product_id: item.id, quantity: 2 }], delivery_type: "to_branch" },
    });
    expect(created.statusCode).toBe(201);
    const purchase = created.json() as { id: string; orders: { id: string }[] };
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.id}/pay`,
      headers: customer,
      payload: { method: "str_card", card_token: await cardToken(), return_path: "/pagado" },
    });
    expect(paid.json().status).toBe("paid");
    const orderId = purchase.orders[0].id;
    const delivered = options.delivered === undefined ? 1 : options.delivered;
    if (delivered !== null) {
      // Fixture: the order's delivery (its steps are the orders module's tests).
      const at = new Date(t.clock.now().getTime() - delivered * HOUR);
      await t.ctx.db.update(orders).set({ state: "delivered", deliveredAt: at }).where(eq(orders.id, orderId));
    }
    const lines = (await returnsOf(orderId)).json().lines as { order_item_id: string }[];
    return { orderId, productId: item.id, itemId: lines[0].order_item_id };
  }

  const returnsOf = (orderId: string, headers: Record<string, string> | undefined = customer) =>
    t.app.inject({ method: "GET", url: `/api/v1/orders/${orderId}/returns`, headers });
  const start = (orderId: string, body: Record<string, unknown>, headers: Record<string, string> | undefined = customer) =>
    t.app.inject({ method: "POST", url: `/api/v1/orders/${orderId}/returns`, headers, payload: body });
  const desk = (path: string, headers: Record<string, string> | undefined, payload?: Record<string, unknown>, extra = {}) =>
    t.app.inject({
      method: payload ? "POST" : "GET",
      url: `/api/v1/shops/${supplier.slug}${path}`,
      headers: { ...headers, ...extra },
      ...(payload ? { payload } : {}),
    });
  const stockOf = async (productId: string) =>
    (await t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0].stock ?? 0;

  it("shows the shop's policy to anyone and lets only its owner or admin change it", async () => {
    const url = `/api/v1/shops/${supplier.slug}/return-policy`;
    expect((await t.app.inject({ method: "GET", url })).json().policy).toMatchObject({ return_type: "72hrs", restocking_fees: 1_000 });
    const policy = { return_type: "72hrs", return_fees: "restocking_fees", restocking_fees: 1_000 };
    for (const [headers, status] of [
      [undefined, 401],
      [customer, 403],
      [otherOwner, 403],
      [dispatcher, 403],
      [admin, 200],
    ] as const) {
      expect((await t.app.inject({ method: "PUT", url, headers, payload: policy })).statusCode).toBe(status);
    }
  });

  it("lets the customer return delivered units within 72 hours, never more than delivered", async () => {
    const { orderId, itemId } = await order();
    const view = (await returnsOf(orderId)).json();
    expect(view).toMatchObject({ cannot_return: null, refundable: 50_000, lines: [{ delivered: 2, returnable: 2 }] });
    for (const headers of [otherCustomer, owner, {}]) expect((await returnsOf(orderId, headers)).statusCode).toBe(404);
    expect((await start(orderId, { items: [{ order_item_id: itemId, quantity: 1 }], reason: "Talla" }, otherCustomer)).statusCode).toBe(
      404,
    );

    const tooMany = await start(orderId, { items: [{ order_item_id: itemId, quantity: 3 }], reason: "No me quedó" });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe("return_quantity_exceeds");
    const first = await start(orderId, { items: [{ order_item_id: itemId, quantity: 1 }], reason: "No me quedó" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ state: "open", goods: 25_000, items: [{ quantity: 1 }] });
    expect((await returnsOf(orderId)).json().lines[0].returnable).toBe(1);
    const again = await start(orderId, { items: [{ order_item_id: itemId, quantity: 2 }], reason: "Otra" });
    expect(again.json().code).toBe("return_quantity_exceeds");
  });

  it("refuses a return after the 72 hours, for a cancelled order and where the policy disallows it, in Spanish", async () => {
    const late = await order({ delivered: 72.01 });
    const expired = await start(late.orderId, { items: [{ order_item_id: late.itemId, quantity: 1 }], reason: "Tarde" });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ code: "return_deadline_expired", message: "El plazo de devolución ha expirado" });
    const inTime = await order({ delivered: 71.9 });
    expect((await start(inTime.orderId, { items: [{ order_item_id: inTime.itemId, quantity: 1 }], reason: "A tiempo" })).statusCode).toBe(
      201,
    );

    const canceled = await order({ delivered: 1 });
    await t.ctx.db.update(orders).set({ state: "canceled_by_supplier" }).where(eq(orders.id, canceled.orderId));
    const refused = await start(canceled.orderId, { items: [{ order_item_id: canceled.itemId, quantity: 1 }], reason: "x" });
    expect(refused.json()).toMatchObject({ code: "return_order_canceled", message: "No se puede devolver un pedido cancelado" });

    const finalSale = await order({
      returnInfo: { return_type: "disallowed", return_policy: "customized", return_policy_legend: "Venta final" },
    });
    expect((await returnsOf(finalSale.orderId)).json().cannot_return).toBe("return_disallowed");
    const disallowed = await start(finalSale.orderId, { items: [{ order_item_id: finalSale.itemId, quantity: 1 }], reason: "x" });
    expect(disallowed.json().code).toBe("return_disallowed");

    const notDelivered = await order({ delivered: null });
    expect(
      (await start(notDelivered.orderId, { items: [{ order_item_id: notDelivered.itemId, quantity: 1 }], reason: "x" })).json().code,
    ).toBe("return_not_delivered");
  });

  it("never lets two return requests at once take the same units", async () => {
    const { orderId, itemId } = await order();
    const both = await Promise.all(
      ["Talla", "Color"].map((reason) => start(orderId, { items: [{ order_item_id: itemId, quantity: 2 }], reason })),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    expect((await returnsOf(orderId)).json().lines[0].returnable).toBe(0);
  });

  it("lets the sandbox settle a delayed refund a few seconds later through its own signed webhook", async () => {
    const { orderId } = await order({ delivered: null });
    const pending = await desk(`/orders/${orderId}/refunds`, owner, { amount: 2_222 });
    expect(pending.json().status).toBe("pending");
    // The sandbox's webhook is due five seconds after the refund was asked for (read from the queue, not from the wall
    // clock, which a busy machine may move past those seconds before the next line runs).
    const scheduled = await t.ctx.db.execute(
      sql`select extract(epoch from (jobs.run_at - refunds.created_at)) * 1000 as wait_ms
          from jobs join refunds on refunds.id::text = jobs.payload->>'refundId'
          where jobs.kind = 'sandbox_refund_webhook' and refunds.id = ${pending.json().id}`,
    );
    const [webhook] = rowsOf<{ wait_ms: number }>(scheduled);
    expect(Number(webhook.wait_ms)).toBeGreaterThanOrEqual(5_000);
    t.clock.advance(6_000);
    await runDueJobs(t.ctx);
    expect((await returnsOf(orderId)).json().refunds[0]).toMatchObject({ status: "success", amount: 2_222 });
  });

  it("takes photos only from the customer's own uploads", async () => {
    const { orderId, itemId } = await order();
    const foreign = await start(orderId, {
      items: [{ order_item_id: itemId, quantity: 1 }],
      reason: "Llegó roto",
      photo_ids: ["00000000-0000-4000-8000-000000000000"],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field_codes).toMatchObject({ photo_ids: "image_not_in_gallery" });
  });

  it("goes open → accepted → closed: label, receipt, refund less the restocking fee, stock back, e-mails to both sides", async () => {
    const { orderId, itemId, productId } = await order();
    const opened = (await start(orderId, { items: [{ order_item_id: itemId, quantity: 2 }], reason: "Color distinto" })).json();

    for (const [headers, status] of [
      [undefined, 401],
      [customer, 403],
      [otherOwner, 403],
      [dispatcher, 200],
      [owner, 200],
    ] as const) {
      expect((await desk("/returns?state=open", headers)).statusCode).toBe(status);
    }
    expect((await desk("/returns?state=open", owner)).json().results.map((one: { id: string }) => one.id)).toContain(opened.id);

    const acceptNoLabel = await desk(`/returns/${opened.id}/accept`, owner, { label_mode: "download" });
    expect(acceptNoLabel.json().code).toBe("return_label_required");
    const labelUrl = `/api/v1/shops/${supplier.slug}/returns/${opened.id}/label`;
    const notPdf = multipart({ name: "guia.pdf", type: "application/pdf", data: Buffer.from("hello") });
    expect(
      (await t.app.inject({ method: "POST", url: labelUrl, headers: { ...owner, ...notPdf.headers }, payload: notPdf.payload })).statusCode,
    ).toBe(400);
    const label = multipart({ name: "guia.pdf", type: "application/pdf", data: pdf });
    const byOther = await t.app.inject({
      method: "POST",
      url: labelUrl,
      headers: { ...otherOwner, ...label.headers },
      payload: label.payload,
    });
    expect(byOther.statusCode).toBe(403);
    const byDispatcher = await t.app.inject({
      method: "POST",
      url: labelUrl,
      headers: { ...dispatcher, ...label.headers },
      payload: label.payload,
    });
    expect(byDispatcher.statusCode).toBe(403);
    const uploaded = await t.app.inject({ method: "POST", url: labelUrl, headers: { ...owner, ...label.headers }, payload: label.payload });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().label_url).toMatch(/\.pdf$/);

    expect((await desk(`/returns/${opened.id}/close`, owner, { restock: true })).json().code).toBe("return_wrong_state");
    const accepted = await desk(`/returns/${opened.id}/accept`, admin, { label_mode: "download" });
    expect(accepted.json()).toMatchObject({ state: "accepted", label_mode: "download" });
    expect((await desk(`/returns/${opened.id}/reject`, owner, { reason: "tarde" })).json().code).toBe("return_wrong_state");

    const stockBefore = await stockOf(productId);
    // The gateway refuses the refund once: the return stays accepted, nothing goes back on the shelf, no refund remains.
    const refuse = vi.spyOn(t.ctx.payments, "refund").mockResolvedValueOnce({ status: "failed" });
    const refused = await desk(`/returns/${opened.id}/close`, owner, { restock: true });
    expect(refused.json().code).toBe("refund_failed");
    refuse.mockRestore();
    expect(await stockOf(productId)).toBe(stockBefore);
    expect((await returnsOf(orderId)).json()).toMatchObject({ returns: [{ state: "accepted" }], refunds: [] });
    const closed = await desk(`/returns/${opened.id}/close`, owner, { restock: true }, { "idempotency-key": `close-${opened.id}` });
    expect(closed.statusCode).toBe(200);
    // 2 × 250.00 less the policy's 10.00 restocking fee.
    expect(closed.json()).toMatchObject({ state: "closed", refund: { amount: 49_000, status: "success", restock: true } });
    expect(await stockOf(productId)).toBe(stockBefore + 2);
    const retried = await desk(`/returns/${opened.id}/close`, owner, { restock: true });
    expect(retried.json().refund.id).toBe(closed.json().refund.id);
    expect(await stockOf(productId)).toBe(stockBefore + 2);

    const seen = (await returnsOf(orderId)).json();
    expect(seen).toMatchObject({ refundable: 1_000, returns: [{ state: "closed" }], refunds: [{ amount: 49_000, status: "success" }] });

    await runDueJobs(t.ctx);
    const mail = await listOutbox(t.ctx.db, 50);
    const subjects = mail.map((message) => `${message.to}|${message.subject}`);
    expect(subjects).toContain(`${customerEmail}|Recibimos tu solicitud de devolución`);
    expect(subjects).toContain(`${customerEmail}|Tu devolución fue aceptada`);
    expect(subjects.some((line) => line.startsWith(`${customerEmail}|Reembolso de`))).toBe(true);
    expect(subjects.some((line) => line.includes("Nueva solicitud de devolución del pedido"))).toBe(true);
  });

  it("rejects an open return with a reason the customer sees, freeing its units", async () => {
    const { orderId, itemId } = await order();
    const opened = (await start(orderId, { items: [{ order_item_id: itemId, quantity: 2 }], reason: "Ya no lo quiero" })).json();
    expect((await desk(`/returns/${opened.id}/reject`, dispatcher, { reason: "x" })).statusCode).toBe(403);
    const rejected = await desk(`/returns/${opened.id}/reject`, owner, { reason: "El artículo fue usado" });
    expect(rejected.json()).toMatchObject({ state: "rejected", reject_reason: "El artículo fue usado" });
    const seen = (await returnsOf(orderId)).json();
    expect(seen.returns[0]).toMatchObject({ state: "rejected", reject_reason: "El artículo fue usado" });
    expect(seen.lines[0].returnable).toBe(2);
  });

  it("refunds part of a paid order up to what is available, once per key, for owner and admin only", async () => {
    const { orderId, itemId, productId } = await order({ delivered: null });
    const refund = (headers: Record<string, string> | undefined, body: Record<string, unknown>, key?: string) =>
      desk(`/orders/${orderId}/refunds`, headers, body, key ? { "idempotency-key": key } : {});
    for (const [headers, status] of [
      [undefined, 401],
      [customer, 403],
      [otherOwner, 403],
      [dispatcher, 403],
    ] as const) {
      expect((await refund(headers, { amount: 100 })).statusCode).toBe(status);
    }
    expect((await desk(`/orders/${orderId}/returns`, otherOwner)).statusCode).toBe(403);

    const stockBefore = await stockOf(productId);
    const first = await refund(owner, { amount: 10_000, restock: [{ order_item_id: itemId, quantity: 1 }] }, "refund-1");
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount: 10_000, status: "success", restock: true });
    const replay = await refund(owner, { amount: 10_000, restock: [{ order_item_id: itemId, quantity: 1 }] }, "refund-1");
    expect(replay.json().id).toBe(first.json().id);
    expect(await stockOf(productId)).toBe(stockBefore + 1);

    const tooMuch = await refund(admin, { amount: 40_001 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: "refund_exceeds_available",
      message: "El monto a reembolsar no puede exceder el monto disponible",
    });
    expect((await refund(owner, { amount: 0 })).statusCode).toBe(400);
    expect((await desk(`/orders/${orderId}/returns`, owner)).json().refundable).toBe(40_000);
  });

  it("cancelling a partly refunded order gives back only what is left", async () => {
    const { orderId } = await order({ delivered: null });
    expect((await desk(`/orders/${orderId}/refunds`, owner, { amount: 10_000 })).statusCode).toBe(201);
    const cancel = await desk(`/orders/${orderId}/cancel`, owner, { reason: "Sin existencias" });
    expect(cancel.statusCode).toBe(200);
    const view = (await desk(`/orders/${orderId}/returns`, owner)).json();
    expect(view.refunds.map((refund: { amount: number }) => refund.amount)).toEqual([10_000, 40_000]);
    expect(view.refundable).toBe(0);
    expect((await desk(`/orders/${orderId}/refunds`, owner, { amount: 1 })).json().code).toBe("refund_order_not_paid");
  });

  it("never refunds more than available when two refunds arrive at once", async () => {
    const { orderId } = await order({ delivered: null });
    const both = await Promise.all(
      ["a", "b"].map((key) =>
        desk(`/orders/${orderId}/refunds`, owner, { amount: 30_000 }, { "idempotency-key": `race-${orderId}-${key}` }),
      ),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    const view = (await desk(`/orders/${orderId}/returns`, owner)).json();
    expect(view.refunds).toHaveLength(1);
    expect(view.refundable).toBe(20_000);
  });

  it("settles a delayed refund by its signed webhook once, refuses forged ones, and frees a failed refund's amount", async () => {
    const { orderId } = await order({ delivered: null });
    const pending = await desk(`/orders/${orderId}/refunds`, owner, { amount: 2_222 });
    expect(pending.json().status).toBe("pending");
    expect((await returnsOf(orderId)).json().refunds[0].status).toBe("pending");
    const row = (await t.ctx.db.execute(sql`select provider_ref from refunds where id = ${pending.json().id}`)) as unknown as {
      rows: { provider_ref: string }[];
    };
    const ref = row.rows[0].provider_ref;
    const event = { id: "evt_1", type: "refund.succeeded" as const, refund_id: pending.json().id, ref };
    const signed = t.ctx.payments.signRefundWebhook(event);
    const send = (body: string, signature: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/payments/webhooks/sandbox/refunds",
        headers: { "content-type": "application/json", "x-sandbox-signature": signature },
        payload: body,
      });
    expect((await send(signed.body, "t=1,v1=forged")).statusCode).toBe(401);
    expect((await send(signed.body, signed.signature)).json()).toEqual({ received: true });
    expect((await send(signed.body, signed.signature)).json()).toEqual({ received: false });
    const view = (await returnsOf(orderId)).json();
    expect(view.refunds[0]).toMatchObject({ status: "success", amount: 2_222 });
    expect(view.refundable).toBe(50_000 - 2_222);

    const failed = await desk(`/orders/${orderId}/refunds`, owner, { amount: 1_313 });
    expect(failed.json().status).toBe("failed");
    expect((await returnsOf(orderId)).json().refundable).toBe(50_000 - 2_222);
  });
});
