import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders";
import { type TestCluster, createTestCluster } from "../../test/cluster";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn, testDatabaseKind } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";
import { notifyAlert } from "./service";

const redisUrl = process.env.REDIS_URL;

/** Opens the SSE stream on a listening app and collects its 'pending' counts. */
async function openStream(base: string, headers: Record<string, string>) {
  const counts: number[] = [];
  let raw = "";
  let status = 0;
  let contentType = "";
  let ended = false;
  const waiters: (() => void)[] = [];
  const request = http.get(`${base}/api/v1/me/alerts/stream`, {
    headers: { cookie: headers.cookie, accept: "text/event-stream", "accept-encoding": "gzip, br" },
  });
  await new Promise<void>((resolve, reject) => {
    request.on("response", (response) => {
      status = response.statusCode ?? 0;
      contentType = String(response.headers["content-type"] ?? "");
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        raw += chunk;
        for (const match of chunk.matchAll(/event: pending\ndata: (\{.*\})/g)) counts.push(JSON.parse(match[1]).pending);
        for (const wake of waiters.splice(0)) wake();
      });
      response.on("end", () => {
        ended = true;
        for (const wake of waiters.splice(0)) wake();
      });
      response.on("error", () => {});
      resolve();
    });
    request.on("error", reject);
  });
  return {
    counts,
    get raw() {
      return raw;
    },
    get status() {
      return status;
    },
    get contentType() {
      return contentType;
    },
    get ended() {
      return ended;
    },
    /** Waits for `check`, with a bound that names what the stream got rather than a hang: well past a busy machine's pace. */
    async until(check: () => boolean, ms = 120_000) {
      const deadline = Date.now() + ms;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`stream never got there: ${JSON.stringify(counts)} / ${raw}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => request.destroy(),
  };
}

async function cardToken(t: TestApp) {
  const response = await t.app.inject({
    method: "POST",
    url: "/sandbox-pay/tokens",
    payload: { number: "4242424242424242", name: "Carlos", exp_month: 12, exp_year: 2040, cvc: "123" },
  });
  return response.json().token as string;
}

/** The customer buys and pays one item of the shop; answers the order id and the purchase (checkout) id. */
async function buyAndPay(t: TestApp, shop: { id: string; slug: string }, customer: Record<string, string>) {
  const item = await createProduct(t.ctx, shop.id, { listPrice: 25_000, stock: 5, name: "Rebozo de seda" });
  const created = await t.app.inject({
    method: "POST",
    url: `/api/v1/shops/${shop.slug}/checkout`,
    headers: customer,
    payload: { items: [{ product_id: item.id, quantity: 1 }], delivery_type: "to_branch" },
  });
  expect(created.statusCode).toBe(201);
  const purchase = created.json() as { id: string; orders: { id: string }[] };
  const paid = await t.app.inject({
    method: "POST",
    url: `/api/v1/checkouts/${purchase.id}/pay`,
    headers: customer,
    payload: { method: "str_card", card_token: await cardToken(t), return_path: "/pagado" },
  });
  expect(paid.json().status).toBe("paid");
  return { orderId: purchase.orders[0].id, checkoutId: purchase.id };
}

describe("alerts: created with the change, listed 10 at a time, visited by their recipient only, live", () => {
  let t: TestApp;
  let base: string;
  let shop: { id: string; slug: string };
  let owner: Record<string, string>;
  let admin: Record<string, string>;
  let dispatcher: Record<string, string>;
  let otherOwner: Record<string, string>;
  let customer: Record<string, string>;
  let customerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const cast = await createShopWithRoles(t, {
      owner: { fullName: "Lucía Hernández" },
      shop: { name: "Casa Lucía" },
      customer: { fullName: "Carlos Pérez" },
    });
    ({ shop } = cast);
    ({ owner, admin, dispatcher, otherOwner, customer } = cast.as);
    customerId = cast.ids.customer;
  });
  afterAll(async () => t.close());

  const list = (headers: Record<string, string> | undefined, query = "", locale = "es") =>
    t.app.inject({ method: "GET", url: `/api/v1/me/alerts${query}`, headers: { ...headers, "x-locale": locale } });

  it("a paid order alerts the supplier's owner and admins (not a dispatcher, not another shop) and the customer", async () => {
    const { orderId, checkoutId } = await buyAndPay(t, shop, customer);
    const mine = (await list(owner)).json();
    expect(mine.pending).toBe(1);
    expect(mine.matches_estimated).toBe(1);
    const [alert] = mine.results;
    expect(alert).toMatchObject({ origin_app: "store", pending_visits: 1, visited: false });
    expect(alert.params).toMatchObject({
      type: "order",
      subtype: "paid",
      order: orderId,
      checkout_aggregation: checkoutId,
      role: "supplier",
      shop: shop.slug,
    });
    expect(alert.message).toMatch(/^Nuevo pedido pagado #\d+ de Carlos Pérez por \$250\.00/);
    expect((await list(owner, "", "en")).json().results[0].message).toMatch(/^New paid order #\d+ from Carlos Pérez for/);
    expect((await list(admin)).json().pending).toBe(1);
    expect((await list(dispatcher)).json().pending).toBe(0);
    expect((await list(otherOwner)).json().pending).toBe(0);
    const theirs = (await list(customer)).json();
    expect(theirs.results[0].params).toMatchObject({ role: "customer", order: orderId });
    expect(theirs.results[0].message).toContain("Casa Lucía");
  });

  it("each state change alerts the customer with the state's name in their language", async () => {
    const { orderId } = await buyAndPay(t, shop, customer);
    const before = (await list(customer)).json().matches_estimated;
    const next = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/orders/${orderId}/next`,
      headers: owner,
      payload: { from: "paid", estimated_delivery_date: "2031-01-15" },
    });
    expect(next.statusCode, next.body).toBe(200);
    const after = (await list(customer)).json();
    expect(after.matches_estimated).toBe(before + 1);
    expect(after.results[0].message).toMatch(/^Tu pedido #\d+ en Casa Lucía cambió a: /);
    expect(after.results[0].params.subtype).not.toBe("paid");
  });

  it("pages 10 at a time with the estimated total; anonymous gets 401", async () => {
    const inputs = Array.from({ length: 12 }, (_, index) => ({
      recipientId: customerId,
      originApp: "referral",
      params: { type: "commission", subtype: "recorded", order: `o${index}` },
      message: { code: "alert_commission_recorded" as const, vars: { order: index, amount: { amount: 1_050, currency: "MXN" } } },
    }));
    await notifyAlert(t.ctx.db, inputs, new Date(Date.now() + 60_000));
    const first = (await list(customer)).json();
    expect(first.results).toHaveLength(10);
    expect(first.matches_estimated).toBeGreaterThanOrEqual(14);
    expect(first.results[0].message).toContain("$10.50");
    const second = (await list(customer, "?offset=10")).json();
    expect(second.results.length).toBe(first.matches_estimated - 10);
    expect(new Set([...first.results, ...second.results].map((row: { id: string }) => row.id)).size).toBe(first.matches_estimated);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me/alerts/pending" })).statusCode).toBe(401);
    expect((await list(customer, "?limit=0")).statusCode).toBe(400);
  });

  it("only the recipient marks an alert visited; the pending count goes down", async () => {
    const [alert] = (await list(owner)).json().results;
    const visit = (headers: Record<string, string> | undefined, id = alert.id) =>
      t.app.inject({ method: "PATCH", url: `/api/v1/me/alerts/${id}`, headers, payload: { visited: true } });
    expect((await visit(undefined)).statusCode).toBe(401);
    expect((await visit(otherOwner)).statusCode).toBe(404);
    expect((await visit(customer)).statusCode).toBe(404);
    expect((await visit(admin)).statusCode).toBe(404); // the admin has an alert of their own, not this one
    const before = (await t.app.inject({ method: "GET", url: "/api/v1/me/alerts/pending", headers: owner })).json().pending;
    const done = await visit(owner);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: alert.id, visited: true, pending_visits: 0, pending: before - 1 });
    expect((await visit(owner)).json().pending).toBe(before - 1); // twice is once
    expect((await visit(owner, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await visit(owner, "not-a-uuid")).statusCode).toBe(400);
  });

  it("a rolled-back change leaves no alert", async () => {
    const before = (await list(customer)).json().matches_estimated;
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await notifyAlert(tx, { recipientId: customerId, originApp: "system", params: {}, message: { code: "alerts_empty" } });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect((await list(customer)).json().matches_estimated).toBe(before);
  });

  it("the stream sends the count at once and again when an alert arrives; never compressed; anonymous 401", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/v1/me/alerts/stream" });
    expect(anonymous.statusCode).toBe(401);
    const plain = await t.app.inject({ method: "GET", url: "/api/v1/me/alerts/stream", headers: owner });
    expect(plain.statusCode).toBe(406);
    expect(plain.json().code).toBe("alerts_stream_accept");
    const stream = await openStream(base, owner);
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toContain("text/event-stream");
      await stream.until(() => stream.counts.length === 1);
      const start = stream.counts[0];
      await buyAndPay(t, shop, customer);
      await stream.until(() => stream.counts.includes(start + 1));
      const [newest] = (await list(owner)).json().results;
      await t.app.inject({ method: "PATCH", url: `/api/v1/me/alerts/${newest.id}`, headers: owner, payload: { visited: true } });
      await stream.until(() => stream.counts.at(-1) === start);
    } finally {
      stream.close();
    }
  });

  it("a return request reaches the supplier; its answer reaches the customer", async () => {
    const policy = { return_type: "72hrs", return_fees: "free", return_shipping_label: "download" };
    const put = await t.app.inject({ method: "PUT", url: `/api/v1/shops/${shop.slug}/return-policy`, headers: owner, payload: policy });
    expect(put.statusCode, put.body).toBe(200);
    const { orderId } = await buyAndPay(t, shop, customer);
    await t.ctx.db.update(orders).set({ state: "delivered", deliveredAt: t.clock.now() }).where(eq(orders.id, orderId));
    const lines = (await t.app.inject({ method: "GET", url: `/api/v1/orders/${orderId}/returns`, headers: customer })).json().lines;
    const started = await t.app.inject({
      method: "POST",
      url: `/api/v1/orders/${orderId}/returns`,
      headers: customer,
      payload: { reason: "Llegó dañado", items: [{ order_item_id: lines[0].order_item_id, quantity: 1 }] },
    });
    expect(started.statusCode, started.body).toBe(201);
    const ownerAlert = (await list(owner)).json().results[0];
    expect(ownerAlert.params).toMatchObject({ type: "return", subtype: "requested", order: orderId, role: "supplier" });
    expect(ownerAlert.message).toMatch(/^Se solicitó una devolución del pedido #\d+/);
    const rejected = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/returns/${started.json().id}/reject`,
      headers: owner,
      payload: { reason: "Fuera de política" },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const answers = (await list(customer, "?limit=50"))
      .json()
      .results.filter((row: { params: { type?: string } }) => row.params.type === "return");
    expect(answers[0].params).toMatchObject({ subtype: "rejected", role: "customer", order: orderId });
    expect(answers[0].message).toMatch(/^Tu devolución del pedido #\d+ fue rechazada/);
  });

  it("the server closes open streams when it shuts down", async () => {
    const extra = await createTestApp();
    await extra.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(extra.app.server.address() as AddressInfo).port}`;
    const user = await createUser(extra.ctx);
    const stream = await openStream(url, await signIn(extra.ctx, user.id));
    await stream.until(() => stream.counts.length === 1);
    // A stream left open would hold the close for good (the heartbeat keeps it busy): closing returns, and the stream ends.
    await extra.close();
    await stream.until(() => stream.ended);
  });
});

describe.skipIf(!redisUrl)("alerts across two instances on one Redis (skipped without REDIS_URL)", () => {
  let cluster: TestCluster | undefined;
  afterEach(async () => {
    await cluster?.close();
    cluster = undefined;
  });

  it("an alert created through instance A reaches a stream opened on instance B", async () => {
    cluster = await createTestCluster(2, { REDIS_URL: redisUrl! });
    const [a, b] = cluster.apps;
    await b.app.listen({ port: 0, host: "127.0.0.1" });
    const baseB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
    const ownerUser = await createUser(a.ctx, { fullName: "Lucía" });
    const shop = await createShop(a.ctx, ownerUser.id, { name: "Casa Lucía" });
    const buyer = await createUser(a.ctx, { fullName: "Carlos" });
    const stream = await openStream(baseB, await signIn(b.ctx, ownerUser.id));
    try {
      await stream.until(() => stream.counts.length === 1);
      expect(stream.counts[0]).toBe(0);
      await buyAndPay(a, shop, await signIn(a.ctx, buyer.id));
      await stream.until(() => stream.counts.at(-1) === 1);
    } finally {
      stream.close();
    }
  });
});

describe.skipIf(testDatabaseKind !== "postgres")("alerts across two instances on PostgreSQL without Redis (LISTEN/NOTIFY)", () => {
  it("an alert created through instance A reaches a stream opened on instance B", async () => {
    const cluster = await createTestCluster(2);
    try {
      const [a, b] = cluster.apps;
      await b.app.listen({ port: 0, host: "127.0.0.1" });
      const baseB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
      const ownerUser = await createUser(a.ctx);
      const shop = await createShop(a.ctx, ownerUser.id);
      const buyer = await createUser(a.ctx);
      const stream = await openStream(baseB, await signIn(b.ctx, ownerUser.id));
      try {
        await stream.until(() => stream.counts.length === 1);
        await buyAndPay(a, shop, await signIn(a.ctx, buyer.id));
        await stream.until(() => stream.counts.at(-1) === 1);
      } finally {
        stream.close();
      }
    } finally {
      await cluster.close();
    }
  });
});
