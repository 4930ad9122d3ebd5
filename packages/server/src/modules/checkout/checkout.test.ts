import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, storeProducts } from "../../db/schema/catalog";
import { checkouts } from "../../db/schema/orders";
import { shops } from "../../db/schema/shops";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn, testDatabaseKind } from "../../test/harness";

const guest = { full_name: "Ana López", email: "ana@example.com", phone: "5512345678" };
const address = {
  street_address: "Av. Álvaro Obregón 120",
  locality: "CDMX",
  administrative_area_level_1: "CDMX",
  postal_code: "06700",
  country: "MX",
};

describe("checkout and payments", () => {
  let t: TestApp;
  let store: { slug: string; id: string };
  let supplierB: { id: string };
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.ctx);
    store = await createShop(t.ctx, owner.id);
    supplierB = await createShop(t.ctx, (await createUser(t.ctx)).id, { name: "Proveedor B" });
  });
  afterAll(async () => t.close());

  async function stockOf(id: string) {
    const [row] = await t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
    return row.stock;
  }

  async function guestCheckout(items: { product_id: string; quantity: number }[], headers: Record<string, string> = {}) {
    return t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/checkout`,
      headers,
      payload: { items, contact: guest, delivery_type: "to_branch" },
    });
  }

  async function cardToken(number: string) {
    const response = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number, name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    return response.json().token as string;
  }

  it("creates one order per supplier with server prices and shipping per parcel", async () => {
    const own = await createProduct(t.ctx, store.id, { listPrice: 18900, stock: 5 });
    const resold = await createProduct(t.ctx, supplierB.id, { listPrice: 9500, stock: 5 });
    await t.ctx.db.insert(storeProducts).values({ shopId: store.id, productId: resold.id });
    const quotes = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/shipping/quotes`,
      payload: {
        postal_code: "06700",
        items: [
          { product_id: own.id, quantity: 1 },
          { product_id: resold.id, quantity: 2 },
        ],
      },
    });
    const rate = quotes.json().rates[0];
    expect(rate.cost).toBe(2 * 9900);
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/checkout`,
      payload: {
        items: [
          { product_id: own.id, quantity: 1 },
          { product_id: resold.id, quantity: 2 },
        ],
        contact: guest,
        delivery_type: "shipping",
        address,
        rate_id: rate.id,
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.orders).toHaveLength(2);
    expect(body.subtotal).toBe(18900 + 2 * 9500);
    expect(body.total).toBe(body.subtotal + rate.cost);
    expect(await stockOf(resold.id)).toBe(3);
  });

  it("refuses more than the stock with insufficient_stock and an empty shelf with out_of_stock", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 2 });
    const tooMany = await guestCheckout([{ product_id: item.id, quantity: 3 }]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe("insufficient_stock");
    const soldOut = await createProduct(t.ctx, store.id, { stock: 0 });
    const none = await guestCheckout([{ product_id: soldOut.id, quantity: 1 }]);
    expect(none.json()).toMatchObject({ code: "out_of_stock", message: "El producto está agotado." });
    const hidden = await createProduct(t.ctx, store.id, { listState: "unpublished" });
    expect((await guestCheckout([{ product_id: hidden.id, quantity: 1 }])).json().code).toBe("unavailable_for_sale");
    expect(await stockOf(item.id)).toBe(2);
  });

  it("sells exactly 5 orders when 20 shoppers check out 5 units at once", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => guestCheckout([{ product_id: item.id, quantity: 1 }])));
    expect(results.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(
      results
        .filter((response) => response.statusCode === 422)
        .every((response) => response.json().code === "insufficient_stock" || response.json().code === "out_of_stock"),
    ).toBe(true);
    expect(await stockOf(item.id)).toBe(0);
  });

  it("gives one order and one charge for a replayed Idempotency-Key", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 10 });
    const headers = { "idempotency-key": "retry-me-1" };
    const first = await guestCheckout([{ product_id: item.id, quantity: 1 }], headers);
    const second = await guestCheckout([{ product_id: item.id, quantity: 1 }], headers);
    expect(first.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect(await stockOf(item.id)).toBe(9);
    const { id, access_token: token } = first.json();
    const pay = () =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/checkouts/${id}/pay?token=${token}`,
        headers: { "idempotency-key": "pay-1" },
        payload: { method: "str_card", card_token: cardTokenValue, return_path: "/pagado" },
      });
    const cardTokenValue = await cardToken("4242424242424242");
    const [paidOnce, paidTwice] = [await pay(), await pay()];
    expect(paidOnce.json().status).toBe("paid");
    expect(paidTwice.json()).toEqual(paidOnce.json());
    const view = await t.app.inject({ method: "GET", url: `/api/v1/checkouts/${id}?token=${token}` });
    expect(view.json().state).toBe("paid");
    expect(view.json().orders[0].state).toBe("paid");
  });

  it("declines the decline test card and lets the shopper retry", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 3 });
    const { id, access_token: token } = (await guestCheckout([{ product_id: item.id, quantity: 1 }])).json();
    const declined = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${id}/pay?token=${token}`,
      payload: { method: "str_card", card_token: await cardToken("4000000000000002"), return_path: "/pagado" },
    });
    expect(declined.json()).toMatchObject({ status: "failed", code: "card_declined" });
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${id}/pay?token=${token}`,
      payload: { method: "str_card", card_token: await cardToken("4242424242424242"), return_path: "/pagado" },
    });
    expect(retry.json().status).toBe("paid");
  });

  it("sends the 3DS card to a challenge and pays once the signed webhook arrives", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 3 });
    const { id, access_token: token } = (await guestCheckout([{ product_id: item.id, quantity: 1 }])).json();
    const challenge = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${id}/pay?token=${token}`,
      payload: { method: "str_card", card_token: await cardToken("4000000000003220"), return_path: "/tienda/x/pagado" },
    });
    expect(challenge.json().status).toBe("requires_action");
    const url = new URL(challenge.json().next_action.redirect_to_url.url, "http://local");
    const page = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(page.body).toContain("Autorizar");
    const decided = await t.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ ...Object.fromEntries(url.searchParams), outcome: "approve" }).toString(),
    });
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toContain("/tienda/x/pagado?checkout=");
    const view = await t.app.inject({ method: "GET", url: `/api/v1/checkouts/${id}?token=${token}` });
    expect(view.json().state).toBe("paid");
  });

  it("rejects a forged webhook and changes nothing", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 3 });
    const { id, access_token: token } = (await guestCheckout([{ product_id: item.id, quantity: 1 }])).json();
    const pending = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${id}/pay?token=${token}`,
      payload: { method: "paypal", return_path: "/pagado" },
    });
    expect(pending.json().status).toBe("redirect");
    const paymentId = new URL(pending.json().approval_url, "http://local").searchParams.get("payment");
    const forged = JSON.stringify({ id: "evt_forged", type: "payment.succeeded", payment_id: paymentId, ref: "x" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/payments/webhooks/sandbox",
      headers: { "content-type": "application/json", "x-sandbox-signature": `t=${Date.now()},v1=forged` },
      payload: forged,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("webhook_invalid");
    expect((await t.app.inject({ method: "GET", url: `/api/v1/checkouts/${id}?token=${token}` })).json().state).toBe("pending_payment");
  });

  it("expires an unpaid bank transfer after 1 hour and gives the stock back", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 4 });
    const { id, access_token: token } = (await guestCheckout([{ product_id: item.id, quantity: 3 }])).json();
    const pending = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${id}/pay?token=${token}`,
      payload: { method: "openpay_bank", return_path: "/pagado" },
    });
    expect(pending.json().status).toBe("pending");
    expect(pending.json().checkout.payment.instructions.clabe).toMatch(/^\d{18}$/);
    expect(await stockOf(item.id)).toBe(1);
    t.clock.advance(59 * 60 * 1000);
    await runDueJobs(t.ctx);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/checkouts/${id}?token=${token}` })).json().state).toBe("pending_payment");
    t.clock.advance(2 * 60 * 1000);
    await runDueJobs(t.ctx);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/checkouts/${id}?token=${token}` })).json().state).toBe("expired");
    expect(await stockOf(item.id)).toBe(4);
  });

  it("checks out a signed-in customer's server cart and lists it in their purchases", async () => {
    const customer = await createUser(t.ctx);
    const headers = await signIn(t.ctx, customer.id);
    const item = await createProduct(t.ctx, store.id, { stock: 5, maxPurchaseAmount: 2 });
    const tooMany = await t.app.inject({
      method: "PUT",
      url: `/api/v1/shops/${store.slug}/cart/items`,
      headers,
      payload: { product_id: item.id, quantity: 3 },
    });
    expect(tooMany.json()).toMatchObject({ code: "maxPurchaseAmountExceeded", message: "Puedes comprar como máximo 2 unidades" });
    const cart = await t.app.inject({
      method: "PUT",
      url: `/api/v1/shops/${store.slug}/cart/items`,
      headers,
      payload: { product_id: item.id, quantity: 2 },
    });
    expect(cart.json().total_products).toBe(2);
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/checkout`,
      headers,
      payload: { delivery_type: "to_branch" },
    });
    expect(created.statusCode).toBe(201);
    const empty = await t.app.inject({ method: "GET", url: `/api/v1/shops/${store.slug}/cart`, headers });
    expect(empty.json().total_products).toBe(0);
    const mine = await t.app.inject({ method: "GET", url: "/api/v1/orders", headers });
    expect(mine.json().results[0].id).toBe(created.json().id);
    const share = () => t.app.inject({ method: "POST", url: `/api/v1/checkouts/${created.json().id}/share`, headers });
    expect((await share()).json().public_slug).toBeTruthy();
    expect((await share()).json().message).toBe("el slug publico ya fue generado");
  });

  it("opens a shared purchase by its public link without the guest's contact details", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 3 });
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/checkout`,
      payload: { items: [{ product_id: item.id, quantity: 1 }], contact: guest, delivery_type: "to_branch" },
    });
    const { id, access_token } = created.json();
    const shared = await t.app.inject({ method: "POST", url: `/api/v1/checkouts/${id}/share?token=${access_token}` });
    const opened = await t.app.inject({ method: "GET", url: `/api/v1/checkouts/shared/${shared.json().public_slug}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      id,
      access_token,
      state: "pending_payment",
      contact: null,
      public_slug: shared.json().public_slug,
    });
    const unknown = await t.app.inject({ method: "GET", url: "/api/v1/checkouts/shared/no-existe" });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, "Compra no encontrada"]);
  });

  it("stores the referral, campaign, click, gclid, fbclid and referral slug cookies on the purchase", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 3 });
    const gclid = `Cj0KCQiA${"g".repeat(150)}_BwE`;
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/checkout`,
      headers: {
        cookie: `referralID=ref-42; campaign=buen-fin; clickID=clk-9; gclid=${gclid}; fbclid=IwAR2-f_1; referralSlug=casa-lucia`,
      },
      payload: { items: [{ product_id: item.id, quantity: 1 }], contact: guest, delivery_type: "to_branch" },
    });
    const [row] = await t.ctx.db.select().from(checkouts).where(eq(checkouts.id, response.json().id));
    expect([row.referral, row.campaign, row.clickId]).toEqual(["ref-42", "buen-fin", "clk-9"]);
    expect([row.gclid, row.fbclid, row.referralSlug]).toEqual([gclid, "IwAR2-f_1", "casa-lucia"]);
  });

  it("refuses a supplier without configuration with 'Falta configuración del vendedor'", async () => {
    const unconfigured = await createShop(t.ctx, (await createUser(t.ctx)).id, { name: "Sin Configurar" });
    const item = await createProduct(t.ctx, unconfigured.id, { stock: 3 });
    await t.ctx.db.insert(storeProducts).values({ shopId: store.id, productId: item.id });
    await t.ctx.db.update(shops).set({ enabledPaymentTypes: [] }).where(eq(shops.id, unconfigured.id));
    const quote = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/cart/quote`,
      payload: { items: [{ product_id: item.id, quantity: 1 }] },
    });
    expect(quote.json().orders[0].is_configured).toBe(false);
    const response = await guestCheckout([{ product_id: item.id, quantity: 1 }]);
    expect(response.json()).toMatchObject({ code: "supplier_missing_config", message: "Falta configuración del vendedor" });
    expect(await stockOf(item.id)).toBe(3);
  });

  describe("payment methods the suppliers accept", () => {
    async function supplierWith(name: string, methods: string[]) {
      const owner = await createUser(t.ctx);
      const supplier = await createShop(t.ctx, owner.id, { name });
      const saved = await t.app.inject({
        method: "PATCH",
        url: `/api/v1/shops/${supplier.slug}`,
        headers: await signIn(t.ctx, owner.id),
        payload: { enabled_payment_types: methods },
      });
      expect(saved.json().enabled_payment_types).toEqual(methods);
      const item = await createProduct(t.ctx, supplier.id, { stock: 3 });
      await t.ctx.db.insert(storeProducts).values({ shopId: store.id, productId: item.id });
      return { supplier, item };
    }

    it("lets only the shop's admin change them", async () => {
      const denied = await t.app.inject({
        method: "PATCH",
        url: `/api/v1/shops/${store.slug}`,
        headers: await signIn(t.ctx, (await createUser(t.ctx)).id),
        payload: { enabled_payment_types: [] },
      });
      expect(denied.statusCode).toBe(403);
    });

    it("offers a purchase only the methods all its suppliers accept, and refuses the others", async () => {
      const cards = await supplierWith("Solo Tarjeta y PayPal", ["str_card", "paypal"]);
      const quote = await t.app.inject({
        method: "POST",
        url: `/api/v1/shops/${store.slug}/cart/quote`,
        payload: { items: [{ product_id: cards.item.id, quantity: 1 }] },
      });
      expect(quote.json().orders[0]).toMatchObject({
        is_configured: true,
        supplier_info: { enabled_payment_types: ["str_card", "paypal"] },
      });
      const own = await createProduct(t.ctx, store.id, { stock: 3 });
      const created = await guestCheckout([
        { product_id: cards.item.id, quantity: 1 },
        { product_id: own.id, quantity: 1 },
      ]);
      expect(created.json().payment_methods).toEqual(["str_card", "paypal"]);
      const { id, access_token } = created.json();
      const bank = await t.app.inject({
        method: "POST",
        url: `/api/v1/checkouts/${id}/pay?token=${access_token}`,
        payload: { method: "openpay_bank", return_path: "/pagado" },
      });
      expect([bank.statusCode, bank.json().message]).toEqual([422, "Esta forma de pago no está disponible para esta compra"]);
      const card = await t.app.inject({
        method: "POST",
        url: `/api/v1/checkouts/${id}/pay?token=${access_token}`,
        payload: { method: "str_card", card_token: await cardToken("4242424242424242"), return_path: "/pagado" },
      });
      expect(card.json().status).toBe("paid");
    });

    it("refuses a purchase whose suppliers share no method and keeps the stock", async () => {
      const paypal = await supplierWith("Solo PayPal", ["paypal"]);
      const cash = await supplierWith("Solo Efectivo", ["openpay_store"]);
      const response = await guestCheckout([
        { product_id: paypal.item.id, quantity: 1 },
        { product_id: cash.item.id, quantity: 1 },
      ]);
      expect([response.statusCode, response.json().code]).toEqual([422, "no_common_payment_method"]);
      expect([await stockOf(paypal.item.id), await stockOf(cash.item.id)]).toEqual([3, 3]);
    });

    it("counts a supplier accepting no method as unconfigured", async () => {
      const none = await supplierWith("Sin Formas de Pago", []);
      const quote = await t.app.inject({
        method: "POST",
        url: `/api/v1/shops/${store.slug}/cart/quote`,
        payload: { items: [{ product_id: none.item.id, quantity: 1 }] },
      });
      expect(quote.json().orders[0].is_configured).toBe(false);
      const response = await guestCheckout([{ product_id: none.item.id, quantity: 1 }]);
      expect(response.json().message).toBe("Falta configuración del vendedor");
    });
  });

  it.runIf(testDatabaseKind === "postgres")("never sells below zero under real concurrent transactions", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 1 });
    const results = await Promise.all(Array.from({ length: 10 }, () => guestCheckout([{ product_id: item.id, quantity: 1 }])));
    expect(results.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(await stockOf(item.id)).toBe(0);
  });
});
