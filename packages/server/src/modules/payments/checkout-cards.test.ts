import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutCards, payments } from "../../db/schema/payments";
import { shops } from "../../db/schema/shops";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";

const guest = { full_name: "Ana López", email: "ana@example.com" };
const cards = { success: "4242424242424242", decline: "4000000000000002", threeDS: "4000000000003220" };

/** Saved cards and interest-free instalments at a purchase's card step, and the sandbox's bank methods (issue #31). */
describe("checkout cards: saved cards, MSI and bank card methods", () => {
  let t: TestApp;
  let store: { slug: string; id: string };
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t.ctx)).id;
    store = await createShop(t.ctx, ownerId);
    await t.ctx.db
      .update(shops)
      .set({ enabledPaymentTypes: ["str_card", "paypal", "banorte", "baz_card", "memphis"] })
      .where(eq(shops.id, store.id));
  });
  afterAll(async () => t.close());

  async function customer() {
    const user = await createUser(t.ctx);
    return { id: user.id, headers: await signIn(t.ctx, user.id) };
  }

  /** A signed-in customer's purchase of one item at `price` (minor units), through their cart. */
  async function purchaseOf(headers: Record<string, string>, price = 25000) {
    const item = await createProduct(t.ctx, store.id, { listPrice: price, stock: 5 });
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/shops/${store.slug}/cart/items`,
      headers,
      payload: { product_id: item.id, quantity: 1 },
    });
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/checkout`,
      headers,
      payload: { delivery_type: "to_branch" },
    });
    expect(created.statusCode).toBe(201);
    return created.json() as { id: string; access_token: string; total: number; instalments: { months: number; monthly: number }[] };
  }

  async function cardToken(number = cards.success) {
    const response = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number, name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    return response.json().token as string;
  }

  const pay = (purchase: { id: string }, headers: Record<string, string>, body: Record<string, unknown>, key?: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.id}/pay`,
      headers: { ...headers, ...(key ? { "idempotency-key": key } : {}) },
      payload: { method: "str_card", return_path: "/pagado", ...body },
    });

  const listCards = (headers: Record<string, string>, checkoutId?: string) =>
    t.app.inject({ method: "GET", url: `/api/v1/me/checkout-cards${checkoutId ? `?checkout_id=${checkoutId}` : ""}`, headers });

  it("saves the card with the payment and offers it on the next purchase, keeping only brand, last 4 and expiry", async () => {
    const ana = await customer();
    const first = await purchaseOf(ana.headers);
    expect((await listCards(ana.headers, first.id)).json().results).toEqual([]);
    const paid = await pay(first, ana.headers, { card_token: await cardToken(), save_card: true });
    expect(paid.json().status).toBe("paid");
    const second = await purchaseOf(ana.headers);
    const listed = (await listCards(ana.headers, second.id)).json().results;
    expect(listed).toEqual([{ id: expect.any(String), method: "str_card", brand: "visa", last4: "4242", exp_month: 12, exp_year: 2040 }]);
    const [row] = await t.ctx.db.select().from(checkoutCards).where(eq(checkoutCards.userId, ana.id));
    expect(JSON.stringify(row)).not.toContain(cards.success);
    expect(JSON.stringify(row)).not.toContain('"123"');
    const again = await pay(second, ana.headers, { saved_card_id: listed[0].id });
    expect(again.json().status).toBe("paid");
  });

  it("keeps no card whose payment was declined, and one only once its 3-D Secure challenge is approved", async () => {
    const ana = await customer();
    const declined = await pay(await purchaseOf(ana.headers), ana.headers, { card_token: await cardToken(cards.decline), save_card: true });
    expect(declined.json().status).toBe("failed");
    expect((await listCards(ana.headers)).json().results).toEqual([]);
    const challenged = await pay(await purchaseOf(ana.headers), ana.headers, {
      card_token: await cardToken(cards.threeDS),
      save_card: true,
    });
    expect(challenged.json().status).toBe("requires_action");
    expect((await listCards(ana.headers)).json().results).toEqual([]);
    const url = new URL(challenged.json().next_action.redirect_to_url.url, "http://local");
    const approve = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/3ds",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ ...Object.fromEntries(url.searchParams), outcome: "approve" }).toString(),
    });
    expect(approve.statusCode).toBe(303);
    const listed = (await listCards(ana.headers)).json().results;
    expect(listed.map((card: { last4: string }) => card.last4)).toEqual(["3220"]);
    // A saved card goes through the same 3-D Secure path as a new one.
    const reused = await pay(await purchaseOf(ana.headers), ana.headers, { saved_card_id: listed[0].id });
    expect(reused.json().status).toBe("requires_action");
  });

  it("saves one card for a retried request (same Idempotency-Key) and charges once", async () => {
    const ana = await customer();
    const purchase = await purchaseOf(ana.headers);
    const token = await cardToken();
    const key = crypto.randomUUID();
    const first = await pay(purchase, ana.headers, { card_token: token, save_card: true }, key);
    const retried = await pay(purchase, ana.headers, { card_token: token, save_card: true }, key);
    expect(first.json().status).toBe("paid");
    expect(retried.json()).toEqual(first.json());
    expect(await t.ctx.db.select().from(payments).where(eq(payments.checkoutId, purchase.id))).toHaveLength(1);
    expect((await listCards(ana.headers)).json().results).toHaveLength(1);
  });

  it("lets only the card's owner see, use and delete it; visitors get 401", async () => {
    const ana = await customer();
    await pay(await purchaseOf(ana.headers), ana.headers, { card_token: await cardToken(), save_card: true });
    const [card] = (await listCards(ana.headers)).json().results;
    const eve = await customer();
    expect((await listCards(eve.headers)).json().results).toEqual([]);
    const stolen = await pay(await purchaseOf(eve.headers), eve.headers, { saved_card_id: card.id });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: "saved_card_not_found", message: "La tarjeta guardada no existe" });
    expect((await t.app.inject({ method: "DELETE", url: `/api/v1/me/checkout-cards/${card.id}`, headers: eve.headers })).statusCode).toBe(
      404,
    );
    // Another customer's purchase is not a way to list someone's cards either.
    const anaPurchase = await purchaseOf(ana.headers);
    expect((await listCards(eve.headers, anaPurchase.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me/checkout-cards" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: `/api/v1/me/checkout-cards/${card.id}` })).statusCode).toBe(401);

    const deleted = await t.app.inject({ method: "DELETE", url: `/api/v1/me/checkout-cards/${card.id}`, headers: ana.headers });
    expect(deleted.json()).toEqual({ id: card.id });
    expect((await listCards(ana.headers)).json().results).toEqual([]);
    expect((await pay(anaPurchase, ana.headers, { saved_card_id: card.id })).statusCode).toBe(404);
  });

  it("refuses saving a card or using a saved one to a guest", async () => {
    const item = await createProduct(t.ctx, store.id, { listPrice: 25000, stock: 5 });
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/checkout`,
      payload: { items: [{ product_id: item.id, quantity: 1 }], contact: guest, delivery_type: "to_branch" },
    });
    const purchase = created.json() as { id: string; access_token: string; card_saving_methods: string[] };
    expect(purchase.card_saving_methods).toContain("str_card");
    const url = `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`;
    const save = await t.app.inject({
      method: "POST",
      url,
      payload: { method: "str_card", card_token: await cardToken(), save_card: true, return_path: "/pagado" },
    });
    expect(save.statusCode).toBe(400);
    expect(save.json().fields).toEqual({ save_card: "Inicia sesión para guardar tu tarjeta" });
    const ana = await customer();
    await pay(await purchaseOf(ana.headers), ana.headers, { card_token: await cardToken(), save_card: true });
    const [card] = (await listCards(ana.headers)).json().results;
    const use = await t.app.inject({
      method: "POST",
      url,
      payload: { method: "str_card", saved_card_id: card.id, return_path: "/pagado" },
    });
    expect(use.statusCode).toBe(400);
    expect(use.json().fields).toEqual({ saved_card_id: "Inicia sesión para guardar tu tarjeta" });
  });

  it("offers MSI from MXN 300 a month with the price per month, records the plan and shows it to buyer and seller", async () => {
    const ana = await customer();
    const small = await purchaseOf(ana.headers, 25000);
    expect(small.instalments).toEqual([]);
    const refused = await pay(small, ana.headers, { card_token: await cardToken(), msi_payments: 3 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe("instalments_unavailable");

    const big = await purchaseOf(ana.headers, 360000);
    expect(big.instalments).toEqual([
      { months: 3, monthly: 120000 },
      { months: 6, monthly: 60000 },
      { months: 9, monthly: 40000 },
      { months: 12, monthly: 30000 },
    ]);
    expect(big.total).toBe(360000);
    const odd = await pay(big, ana.headers, { card_token: await cardToken(), msi_payments: 4 });
    expect(odd.statusCode).toBe(400);
    const offline = await pay(big, ana.headers, { method: "paypal", msi_payments: 3 });
    expect(offline.statusCode).toBe(400);
    const paid = await pay(big, ana.headers, { card_token: await cardToken(), msi_payments: 6 });
    expect(paid.json().status).toBe("paid");
    expect(paid.json().checkout.payment.instalments).toEqual({ months: 6, monthly: 60000 });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutId, big.id));
    expect(payment.instalments).toBe(6);
    const sellerHeaders = await signIn(t.ctx, ownerId);
    const order = paid.json().checkout.orders[0];
    const seen = await t.app.inject({ method: "GET", url: `/api/v1/shops/${store.slug}/orders/${order.id}`, headers: sellerHeaders });
    expect(seen.json().instalments).toBe(6);
  });

  it("charges the sandbox's bank methods like the banks do: Banco Azteca always challenges, Banorte and Memphis charge", async () => {
    const ana = await customer();
    for (const method of ["banorte", "memphis"]) {
      const paid = await pay(await purchaseOf(ana.headers), ana.headers, { method, card_token: await cardToken() });
      expect(paid.json().status).toBe("paid");
      expect(paid.json().checkout.payment.method).toBe(method);
    }
    const baz = await pay(await purchaseOf(ana.headers), ana.headers, { method: "baz_card", card_token: await cardToken() });
    expect(baz.json().status).toBe("requires_action");
    expect(baz.json().next_action.redirect_to_url.url).toMatch(/^\/sandbox-pay\/3ds\?/);
    const declined = await pay(await purchaseOf(ana.headers), ana.headers, {
      method: "baz_card",
      card_token: await cardToken(cards.decline),
    });
    expect(declined.json()).toMatchObject({ status: "failed", code: "card_declined" });
    // Banorte splits into MSI; BAZ does not.
    const big = await purchaseOf(ana.headers, 120000);
    expect(big).toMatchObject({ instalment_methods: ["str_card", "banorte"] });
    const bazMsi = await pay(big, ana.headers, { method: "baz_card", card_token: await cardToken(), msi_payments: 3 });
    expect(bazMsi.json().code).toBe("instalments_unavailable");
  });
});
