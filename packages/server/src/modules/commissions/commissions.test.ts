import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeProducts } from "../../db/schema/catalog";
import { commissions } from "../../db/schema/commissions";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";
import { ensureReferralCode } from "../referral/service";
import { applyRefundToCommissions } from "./service";

const guest = { full_name: "Ana López", email: "ana@example.com" };
const HOUR = 60 * 60 * 1000;

describe("commissions: recorded once per paid line, released after delivery and the return window, reversed, paid", () => {
  let t: TestApp;
  let supplier: { id: string; slug: string };
  let resellerStore: { id: string; slug: string };
  let owner: Record<string, string>;
  let accountant: Record<string, string>;
  let reseller: Record<string, string>;
  let resellerId: string;
  let otherSupplier: { slug: string };
  let otherOwner: Record<string, string>;
  let customer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createShopWithRoles(t, { owner: { fullName: "Lucía Proveedora" }, shop: { name: "Casa Lucía" } });
    ({ shop: supplier, otherShop: otherSupplier } = cast);
    ({ owner, accountant, otherOwner, customer } = cast.as);
    const resellerUser = await createUser(t.ctx, { fullName: "Mateo Revende", userLevel: 2 });
    resellerId = resellerUser.id;
    resellerStore = await createShop(t.ctx, resellerUser.id, { name: "Tienda Mateo", storeType: "affiliate" });
    reseller = await signIn(t.ctx, resellerUser.id);
  });
  afterAll(async () => t.close());

  /** A supplier item listed in the reseller's store (what the picker does). */
  async function resoldItem(values: Parameters<typeof createProduct>[2] = {}) {
    const item = await createProduct(t.ctx, supplier.id, { listPrice: 30000, isDropshipping: true, contributionMargin: 9950, ...values });
    await t.ctx.db.insert(storeProducts).values({ shopId: resellerStore.id, productId: item.id });
    return item;
  }

  async function checkout(storeSlug: string, items: { product_id: string; quantity: number }[], headers?: Record<string, string>) {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${storeSlug}/checkout`,
      headers,
      payload: { items, ...(headers?.["x-csrf-token"] ? {} : { contact: guest }), delivery_type: "to_branch" },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; access_token: string; orders: { id: string }[] };
  }

  /** Pays by a redirect method and delivers the provider's signed webhook `times` times. */
  async function payByWebhook(purchase: { id: string; access_token: string }, times = 1, headers?: Record<string, string>) {
    const started = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      headers,
      payload: { method: "mobbex", return_path: "/pagado" },
    });
    const paymentId = new URL(started.json().approval_url, "http://local").searchParams.get("payment") as string;
    const signed = t.ctx.payments.signWebhook({ id: `evt_${paymentId}`, type: "payment.succeeded", payment_id: paymentId, ref: "ref" });
    for (let i = 0; i < times; i += 1) {
      await t.app.inject({
        method: "POST",
        url: "/api/v1/payments/webhooks/sandbox",
        headers: { "content-type": "application/json", "x-sandbox-signature": signed.signature },
        payload: signed.body,
      });
    }
  }

  const commissionsOfOrder = (orderId: string) => t.ctx.db.select().from(commissions).where(eq(commissions.orderId, orderId));
  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: "GET", url: `/api/v1${url}`, headers });
  const next = (orderId: string, from: string) =>
    t.app.inject({ method: "POST", url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/next`, headers: owner, payload: { from } });

  it("records one commission per paid dropshipping line for the reseller, even when the webhook is replayed", async () => {
    const shawl = await resoldItem({ name: "Rebozo" });
    const plain = await createProduct(t.ctx, supplier.id, { listPrice: 5000, name: "Sin margen" });
    await t.ctx.db.insert(storeProducts).values({ shopId: resellerStore.id, productId: plain.id });
    const odd = await resoldItem({ name: "Aretes", contributionMargin: 995 });
    const purchase = await checkout(resellerStore.slug, [
      { product_id: shawl.id, quantity: 2 },
      { product_id: plain.id, quantity: 1 },
      { product_id: odd.id, quantity: 1 },
    ]);
    await payByWebhook(purchase, 3);
    const rows = await commissionsOfOrder(purchase.orders[0].id);
    expect(rows).toHaveLength(2);
    const byMargin = Object.fromEntries(rows.map((row) => [row.unitMargin, row]));
    // 9950 × 2 × 0.5 and 995 × 1 × 0.5 = 497.5 → 498 (2 decimals, half away from zero).
    expect(byMargin[9950]).toMatchObject({ beneficiaryId: resellerId, source: "reseller", quantity: 2, amount: 9950, state: "pending" });
    expect(Number(byMargin[9950].rate)).toBe(0.5);
    expect(byMargin[995].amount).toBe(498);
    const earnings = (await get("/me/earnings?period=day", reseller)).json();
    expect(earnings.totals.pending).toBeGreaterThanOrEqual(9950 + 498);
    expect(earnings.buckets).toHaveLength(14);
    expect(earnings.buckets.at(-1).pending).toBe(earnings.totals.pending);
    const list = (await get("/me/commissions", reseller)).json();
    expect(list.results[0]).toMatchObject({ product_name: expect.any(String), state: "pending", store_name: "Tienda Mateo" });
    expect(list.results.map((row: { order_id: string }) => row.order_id)).toContain(purchase.orders[0].id);
  });

  it("reverses the commissions of a cancelled order", async () => {
    const item = await resoldItem();
    const purchase = await checkout(resellerStore.slug, [{ product_id: item.id, quantity: 1 }]);
    await payByWebhook(purchase);
    const before = (await get("/me/earnings", reseller)).json().totals;
    const canceled = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/orders/${purchase.orders[0].id}/cancel`,
      headers: owner,
      payload: { reason: "Sin existencias" },
    });
    expect(canceled.statusCode).toBe(200);
    const [row] = await commissionsOfOrder(purchase.orders[0].id);
    expect(row.state).toBe("reversed");
    expect(row.reversedAt).not.toBeNull();
    const after = (await get("/me/earnings", reseller)).json().totals;
    expect(after.pending).toBe(before.pending - 4975);
    expect(after.reversed).toBe(before.reversed + 4975);
  });

  it("makes a delivered order's commission available only after the 72-hour return window", async () => {
    const ebook = await resoldItem({ type: "digital", name: "Recetario" });
    const purchase = await checkout(resellerStore.slug, [{ product_id: ebook.id, quantity: 1 }]);
    await payByWebhook(purchase);
    const orderId = purchase.orders[0].id;
    expect((await next(orderId, "paid")).json().state).toBe("delivered");
    const [scheduled] = await commissionsOfOrder(orderId);
    expect(scheduled.state).toBe("pending");
    expect(scheduled.availableAt?.getTime()).toBeGreaterThan(t.clock.now().getTime() + 71 * HOUR);
    t.clock.advance(71 * HOUR);
    await runDueJobs(t.ctx);
    expect((await commissionsOfOrder(orderId))[0].state).toBe("pending");
    t.clock.advance(2 * HOUR);
    await runDueJobs(t.ctx);
    // Available, and handed to the reseller's wallet in the same transaction (issue 30: paid into wallets, not by hand).
    const [released] = await commissionsOfOrder(orderId);
    expect(released).toMatchObject({ state: "paid", paidVia: "wallet" });
    const view = (await get("/me/commissions?state=paid", reseller)).json();
    expect(view.results.map((row: { order_id: string }) => row.order_id)).toContain(orderId);
  });

  it("lets the supplier see what it owes per reseller and per order, and mark it paid for exactly the total it saw", async () => {
    // A commission that became available before wallets existed stays owed: the supplier settles it outside and marks it.
    await t.ctx.db.update(commissions).set({ state: "available", paidAt: null, paidVia: null }).where(eq(commissions.paidVia, "wallet"));
    const owed = (await get(`/shops/${supplier.slug}/commissions/owed`, owner)).json().results;
    const mine = owed.find((row: { beneficiary_id: string }) => row.beneficiary_id === resellerId);
    expect(mine).toMatchObject({ beneficiary_name: "Mateo Revende", stores: ["Tienda Mateo"], currency: "MXN" });
    expect(mine.available).toBe(4975);
    expect(mine.pending).toBeGreaterThan(0);
    const markPaid = (expected: number, headers = owner) =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/shops/${supplier.slug}/commissions/mark-paid`,
        headers,
        payload: { beneficiary_id: resellerId, currency: "MXN", expected_amount: expected },
      });
    const stale = await markPaid(1000);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe("commission_total_changed");
    const paid = await markPaid(4975, accountant);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ count: 1, amount: 4975, currency: "MXN" });
    expect((await markPaid(4975)).json().code).toBe("commission_nothing_to_pay");
    const totals = (await get("/me/earnings", reseller)).json().totals;
    expect(totals).toMatchObject({ available: 0, paid: 4975 });
    const [paidRow] = (await get("/me/commissions?state=paid", reseller)).json().results;
    expect(paidRow.paid_at).not.toBeNull();
  });

  it("shows the order's supplier what it owes per line and in total", async () => {
    const item = await resoldItem({ name: "Jarro" });
    const purchase = await checkout(resellerStore.slug, [{ product_id: item.id, quantity: 3 }]);
    await payByWebhook(purchase);
    const orderId = purchase.orders[0].id;
    const view = (await get(`/shops/${supplier.slug}/orders/${orderId}/commissions`, owner)).json();
    expect(view).toMatchObject({ currency: "MXN", total_owed: 14925 });
    expect(view.lines).toEqual([
      expect.objectContaining({ product_name: "Jarro", quantity: 3, beneficiary_name: "Mateo Revende", source: "reseller", amount: 14925 }),
    ]);
  });

  it("pays a promoter for a referred purchase in the supplier's own shop, but not for the promoter's own purchase", async () => {
    const promoterUser = await createUser(t.ctx, { fullName: "Paola Promotora" });
    const code = await ensureReferralCode(t.ctx.db, promoterUser.id);
    const item = await createProduct(t.ctx, supplier.id, { isDropshipping: true, contributionMargin: 2000 });
    const referred = await checkout(supplier.slug, [{ product_id: item.id, quantity: 1 }], { cookie: `referralID=${code}` });
    await payByWebhook(referred);
    expect((await commissionsOfOrder(referred.orders[0].id))[0]).toMatchObject({
      beneficiaryId: promoterUser.id,
      source: "promoter",
      amount: 1000,
    });
    const promoter = await signIn(t.ctx, promoterUser.id);
    const withCode = { ...promoter, cookie: `${promoter.cookie}; referralID=${code}` };
    const own = await checkout(supplier.slug, [{ product_id: item.id, quantity: 1 }], withCode);
    await payByWebhook(own, 1, withCode);
    expect(await commissionsOfOrder(own.orders[0].id)).toHaveLength(0);
    const plain = await checkout(supplier.slug, [{ product_id: item.id, quantity: 1 }]);
    await payByWebhook(plain);
    expect(await commissionsOfOrder(plain.orders[0].id)).toHaveLength(0);
  });

  it("reverses a commission in proportion to a partial refund, and fully on a full one", async () => {
    const item = await resoldItem({ listPrice: 10000, contributionMargin: 3000 });
    const purchase = await checkout(resellerStore.slug, [{ product_id: item.id, quantity: 4 }]);
    await payByWebhook(purchase);
    const orderId = purchase.orders[0].id;
    await applyRefundToCommissions(t.ctx.db, { orderId, refundedGoods: 10000 }, t.clock.now());
    expect((await commissionsOfOrder(orderId))[0]).toMatchObject({ amount: 6000, reversedAmount: 1500, state: "pending" });
    await applyRefundToCommissions(t.ctx.db, { orderId, refundedGoods: 10000 }, t.clock.now());
    expect((await commissionsOfOrder(orderId))[0].reversedAmount).toBe(1500);
    await applyRefundToCommissions(t.ctx.db, { orderId, refundedGoods: 40000 }, t.clock.now());
    expect((await commissionsOfOrder(orderId))[0]).toMatchObject({ state: "reversed", reversedAmount: 1500 });
  });

  it("answers 401 to visitors, 403 to anyone but the supplier's owner, admins and accountants, 404 for another supplier's order", async () => {
    const item = await resoldItem();
    const purchase = await checkout(resellerStore.slug, [{ product_id: item.id, quantity: 1 }]);
    await payByWebhook(purchase);
    const orderId = purchase.orders[0].id;
    expect((await get("/me/earnings")).statusCode).toBe(401);
    expect((await get("/me/commissions")).statusCode).toBe(401);
    const strangers = (await get("/me/commissions", otherOwner)).json();
    expect(strangers).toEqual({ results: [], matches_estimated: 0 });
    expect((await get("/me/earnings", customer)).json()).toMatchObject({ count: 0, totals: { pending: 0, available: 0, paid: 0 } });
    const owedUrl = `/shops/${supplier.slug}/commissions/owed`;
    expect((await get(owedUrl)).statusCode).toBe(401);
    for (const headers of [reseller, otherOwner, customer]) expect((await get(owedUrl, headers)).statusCode).toBe(403);
    expect((await get(owedUrl, accountant)).statusCode).toBe(200);
    expect((await get(`/shops/${supplier.slug}/orders/${orderId}/commissions`, reseller)).statusCode).toBe(403);
    expect((await get(`/shops/${otherSupplier.slug}/orders/${orderId}/commissions`, otherOwner)).statusCode).toBe(404);
    const body = { beneficiary_id: resellerId, currency: "MXN", expected_amount: 0 };
    const markPaid = (headers?: Record<string, string>) =>
      t.app.inject({ method: "POST", url: `/api/v1/shops/${supplier.slug}/commissions/mark-paid`, headers, payload: body });
    expect((await markPaid()).statusCode).toBe(401);
    expect((await markPaid(otherOwner)).statusCode).toBe(403);
    expect((await markPaid(reseller)).statusCode).toBe(403);
    const badBody = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/commissions/mark-paid`,
      headers: owner,
      payload: { ...body, currency: "pesos" },
    });
    expect(badBody.statusCode).toBe(400);
    expect((await get("/me/earnings?period=year", reseller)).statusCode).toBe(400);
  });
});
