import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema/catalog";
import { refunds } from "../../db/schema/payments";
import { type TestApp, createProduct, createTestApp, testDatabaseKind } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";

const guest = { full_name: "Ana López", email: "ana@example.com" };
const address = {
  address_name: "Ana López",
  street_address: "Av. Juárez 10",
  locality: "Ciudad de México",
  administrative_area_level_1: "CDMX",
  postal_code: "06600",
  country: "MX",
};

describe("orders after purchase: the supplier's desk, next actions, cancellations, receipts and export", () => {
  let t: TestApp;
  let supplier: { id: string; slug: string };
  let owner: Record<string, string>;
  let dispatcher: Record<string, string>;
  let accountantOnly: Record<string, string>;
  let otherOwner: Record<string, string>;
  let customer: Record<string, string>;
  let otherShop: { slug: string };
  let customerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createShopWithRoles(t, {
      owner: { fullName: "Lucía Hernández" },
      shop: { name: "Casa Lucía" },
      members: { dispatcher: { fullName: "Diego Reparto" } },
      customer: { fullName: "Carlos Pérez" },
    });
    ({ shop: supplier, otherShop } = cast);
    ({ owner, dispatcher, otherOwner, customer } = cast.as);
    accountantOnly = cast.as.qrreader;
    customerId = cast.ids.customer;
  });
  afterAll(async () => t.close());

  async function cardToken(number = "4242424242424242") {
    const response = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number, name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    return response.json().token as string;
  }

  /** A purchase of `quantity` units from the supplier, paid by card; answers the purchase and its order id. */
  async function paidOrder(
    options: { headers?: Record<string, string>; type?: "product" | "digital"; delivery?: string; quantity?: number } = {},
  ) {
    const item = await createProduct(t.ctx, supplier.id, {
      listPrice: 25000,
      stock: 5,
      type: options.type ?? "product",
      name: "Rebozo de seda",
    });
    const delivery = options.delivery ?? "to_branch";
    const items = [{ product_id: item.id, quantity: options.quantity ?? 2 }];
    const quotes = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/shipping/quotes`,
      payload: { postal_code: address.postal_code, items },
    });
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/checkout`,
      headers: options.headers,
      payload: {
        items,
        ...(options.headers ? {} : { contact: guest }),
        delivery_type: delivery,
        ...(delivery === "to_branch" ? {} : { address }),
        ...(delivery === "shipping" ? { rate_id: quotes.json().rates[0].id } : {}),
      },
    });
    expect(created.statusCode).toBe(201);
    const purchase = created.json() as { id: string; access_token: string; orders: { id: string }[] };
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      headers: options.headers,
      payload: { method: "str_card", card_token: await cardToken(), return_path: "/pagado" },
    });
    expect(paid.json().status).toBe("paid");
    return { purchase, orderId: purchase.orders[0].id, productId: item.id };
  }

  const list = (headers: Record<string, string> | undefined, query = "") =>
    t.app.inject({ method: "GET", url: `/api/v1/shops/${supplier.slug}/orders${query}`, headers });
  const detail = (orderId: string, headers: Record<string, string> | undefined = owner, slug = supplier.slug) =>
    t.app.inject({ method: "GET", url: `/api/v1/shops/${slug}/orders/${orderId}`, headers });
  const next = (orderId: string, body: Record<string, unknown>, headers: Record<string, string> | undefined = owner) =>
    t.app.inject({ method: "POST", url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/next`, headers, payload: body });
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  it("shows the supplier its paid order, sent to supplier, with the waiting badge and a timeline", async () => {
    const { orderId } = await paidOrder();
    const page = await list(owner);
    expect(page.statusCode).toBe(200);
    expect(page.json().results.map((order: { id: string }) => order.id)).toContain(orderId);
    const row = page.json().results.find((order: { id: string }) => order.id === orderId);
    expect(row).toMatchObject({ state: "paid", customer_name: "Ana López", items_count: 2, total: 50000, payment_type: "str_card" });
    expect(
      (await t.app.inject({ method: "GET", url: `/api/v1/shops/${supplier.slug}/orders/waiting`, headers: owner })).json().count,
    ).toBeGreaterThan(0);
    const view = (await detail(orderId)).json();
    expect(view).toMatchObject({
      state: "paid",
      path: "to_branch",
      next_state: "confirmed",
      next_fields: ["estimated_delivery_date"],
      can_cancel: true,
    });
    expect(view.events.map((event: { to_state: string }) => event.to_state)).toEqual(["paid"]);
    expect(view.customer_email).toBe("ana@example.com");
  });

  it("walks a shipped order through every step, recording who and when", async () => {
    const { orderId } = await paidOrder({ delivery: "shipping" });
    const confirmWithout = await next(orderId, { from: "paid" });
    expect(confirmWithout.statusCode).toBe(400);
    expect(confirmWithout.json().field_codes).toMatchObject({ estimated_delivery_date: "required" });
    const past = await next(orderId, { from: "paid", estimated_delivery_date: "2020-01-01" });
    expect(past.json().field_codes.estimated_delivery_date).toBe("estimated_date_in_past");
    expect((await next(orderId, { from: "paid", estimated_delivery_date: tomorrow() })).json().state).toBe("confirmed");
    expect((await next(orderId, { from: "confirmed" }, dispatcher)).json().state).toBe("in_process");
    expect((await next(orderId, { from: "in_process" }, dispatcher)).json().state).toBe("ready_to_deliver");
    const noTracking = await next(orderId, { from: "ready_to_deliver" }, dispatcher);
    expect(noTracking.json().field_codes).toMatchObject({ courier: "required", tracking_number: "required" });
    const shipped = await next(orderId, { from: "ready_to_deliver", courier: "Estafeta", tracking_number: "1234567890" }, dispatcher);
    expect(shipped.json()).toMatchObject({ state: "on_the_way", courier: "Estafeta", tracking_number: "1234567890" });
    const delivered = (await next(orderId, { from: "on_the_way" }, dispatcher)).json();
    expect(delivered.state).toBe("delivered");
    expect(delivered.delivered_at).not.toBeNull();
    expect(delivered.next_state).toBeNull();
    expect(delivered.events.map((event: { to_state: string; actor_role: string }) => `${event.to_state}:${event.actor_role}`)).toEqual([
      "paid:system",
      "confirmed:owner",
      "in_process:dispatcher",
      "ready_to_deliver:dispatcher",
      "on_the_way:dispatcher",
      "delivered:dispatcher",
    ]);
    expect(delivered.events[4].note).toBe("Estafeta · 1234567890");
    expect(delivered.events[1].actor_name).toBe("Lucía Hernández");
  });

  it("takes a digital item straight from paid to delivered", async () => {
    const { orderId, purchase } = await paidOrder({ type: "digital", quantity: 1 });
    expect((await detail(orderId)).json()).toMatchObject({ path: "digital", next_state: "delivered", next_fields: [] });
    expect((await next(orderId, { from: "paid" })).json().state).toBe("delivered");
    const customerView = (
      await t.app.inject({ method: "GET", url: `/api/v1/checkouts/${purchase.id}?token=${purchase.access_token}` })
    ).json();
    expect(customerView.orders[0]).toMatchObject({ state: "delivered", path: "digital", steps: ["paid", "delivered"] });
  });

  it("lets only the owner or an admin confirm; a dispatcher moves the parcel; other roles cannot read the desk", async () => {
    const { orderId } = await paidOrder();
    const byDispatcher = await next(orderId, { from: "paid", estimated_delivery_date: tomorrow() }, dispatcher);
    expect(byDispatcher.statusCode).toBe(403);
    expect(byDispatcher.json().code).toBe("order_action_forbidden");
    expect((await list(accountantOnly)).statusCode).toBe(403);
  });

  it("answers 401 to visitors, 403 to another shop's owner and a customer, 404 for another supplier's order", async () => {
    const { orderId } = await paidOrder();
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(otherOwner)).statusCode).toBe(403);
    expect((await list(customer)).statusCode).toBe(403);
    expect((await detail(orderId, otherOwner)).statusCode).toBe(403);
    expect((await next(orderId, { from: "paid", estimated_delivery_date: tomorrow() }, otherOwner)).statusCode).toBe(403);
    const own = await detail(orderId, otherOwner, otherShop.slug);
    expect(own.statusCode).toBe(404);
    expect(own.json().code).toBe("order_not_found");
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/cancel`,
      headers: customer,
      payload: { reason: "x" },
    });
    expect(cancel.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/orders/${orderId}`, headers: customer })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/orders/${orderId}` })).statusCode).toBe(404);
  });

  it("applies a step once when two tabs send it together; the other gets a coded 409 in the user's language", async () => {
    const { orderId } = await paidOrder();
    const body = { from: "paid", estimated_delivery_date: tomorrow() };
    const results = await Promise.all([next(orderId, body), next(orderId, body), next(orderId, body)]);
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const conflicts = results.filter((response) => response.statusCode === 409);
    expect(conflicts).toHaveLength(2);
    expect(conflicts[0].json()).toMatchObject({
      code: "order_wrong_state",
      message: expect.stringContaining("El pedido ya cambió de estado"),
    });
    const view = (await detail(orderId)).json();
    expect(view.events.filter((event: { to_state: string }) => event.to_state === "confirmed")).toHaveLength(1);
    const english = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/next`,
      headers: { ...owner, cookie: `${owner.cookie}; locale=en` },
      payload: body,
    });
    expect(english.json().message).toContain("already changed state");
  });

  it("cancels by supplier with a reason: refunds the order's amount and puts the stock back", async () => {
    const { orderId, productId } = await paidOrder({ quantity: 2 });
    const stockBefore = (await t.ctx.db.select().from(products).where(eq(products.id, productId)))[0].stock;
    const noReason = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/cancel`,
      headers: owner,
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    const canceled = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/cancel`,
      headers: owner,
      payload: { reason: "Sin existencias del color elegido" },
    });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({
      state: "canceled_by_supplier",
      cancel_reason: "Sin existencias del color elegido",
      can_cancel: false,
    });
    expect((await t.ctx.db.select().from(products).where(eq(products.id, productId)))[0].stock).toBe((stockBefore ?? 0) + 2);
    const given = await t.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(given).toMatchObject([{ amount: 50000, status: "success" }]);
    const again = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/cancel`,
      headers: owner,
      payload: { reason: "otra vez" },
    });
    expect(again.statusCode).toBe(409);
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
  });

  it("keeps the order as it was when the refund fails", async () => {
    const { orderId } = await paidOrder();
    const refund = t.ctx.payments.refund;
    t.ctx.payments.refund = async () => ({ status: "failed" });
    try {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/cancel`,
        headers: owner,
        payload: { reason: "Prueba" },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe("refund_failed");
    } finally {
      t.ctx.payments.refund = refund;
    }
    expect((await detail(orderId)).json().state).toBe("paid");
  });

  it("lets the customer cancel before confirmation, and not after", async () => {
    const first = await paidOrder({ headers: customer });
    const canceled = await t.app.inject({ method: "POST", url: `/api/v1/orders/${first.orderId}/cancel`, headers: customer, payload: {} });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().orders[0]).toMatchObject({ state: "canceled_by_customer", can_cancel: false });
    const second = await paidOrder({ headers: customer });
    await next(second.orderId, { from: "paid", estimated_delivery_date: tomorrow() });
    const late = await t.app.inject({ method: "POST", url: `/api/v1/orders/${second.orderId}/cancel`, headers: customer, payload: {} });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("order_already_confirmed");
    expect((await list(owner, "?include_canceled=true")).json().results.map((order: { id: string }) => order.id)).toContain(first.orderId);
    expect((await list(owner)).json().results.map((order: { id: string }) => order.id)).not.toContain(first.orderId);
    expect(customerId).toBeTruthy();
  });

  it("lets a guest with the purchase's token read, invoice and cancel its order", async () => {
    const { orderId, purchase } = await paidOrder();
    const read = await t.app.inject({ method: "GET", url: `/api/v1/orders/${orderId}?token=${purchase.access_token}` });
    expect(read.json().id).toBe(purchase.id);
    const byToken = await t.app.inject({ method: "GET", url: `/api/v1/checkouts/by-token/${purchase.access_token}` });
    expect(byToken.json()).toMatchObject({ id: purchase.id, state: "paid" });
    const unknown = await t.app.inject({ method: "GET", url: `/api/v1/checkouts/by-token/${"x".repeat(24)}` });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/v1/orders/${orderId}/invoicing?token=${purchase.access_token}`,
      payload: { rfc: "NOVALE", legal_name: "Ana López", postal_code: "06600", tax_regime: "612", cfdi_use: "G03" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { rfc: "RFC inválido" }, field_codes: { rfc: "invalid_rfc" } });
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/v1/orders/${orderId}/invoicing?token=${purchase.access_token}`,
      payload: { rfc: "loan800101abc", legal_name: "Ana López", postal_code: "06600", tax_regime: "612", cfdi_use: "G03" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().orders[0].invoicing).toMatchObject({ rfc: "LOAN800101ABC", tax_regime: "612" });
    expect((await detail(orderId)).json().invoicing.rfc).toBe("LOAN800101ABC");
    const wrongToken = await t.app.inject({ method: "POST", url: `/api/v1/orders/${orderId}/cancel?token=nope`, payload: {} });
    expect(wrongToken.statusCode).toBe(404);
  });

  it("numbers receipts per supplier without gaps or repeats, also when issued together", async () => {
    const { orderId } = await paidOrder();
    const issue = () => t.app.inject({ method: "POST", url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/receipts`, headers: owner });
    const issued = await Promise.all([issue(), issue(), issue()]);
    expect(issued.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const numbers = issued.map((response) => response.json().number).sort();
    expect(new Set(numbers).size).toBe(3);
    expect(numbers[2] - numbers[0]).toBe(2);
    expect((await detail(orderId)).json().receipts).toHaveLength(3);
    const other = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/receipts`,
      headers: otherOwner,
    });
    expect(other.statusCode).toBe(403);
  });

  it("filters by number, customer, product, dates, and pages 10 at a time, newest update first", async () => {
    const { orderId } = await paidOrder();
    const number = (await detail(orderId)).json().number as number;
    expect((await list(owner, `?text=${number}`)).json().results.map((order: { id: string }) => order.id)).toEqual([orderId]);
    expect((await list(owner, "?text=ana%20l")).json().results.length).toBeGreaterThan(0);
    expect((await list(owner, "?text=rebozo")).json().results.length).toBeGreaterThan(0);
    expect((await list(owner, "?text=inexistente")).json()).toEqual({ results: [], matches_estimated: 0 });
    const first = (await list(owner)).json();
    expect(first.results.length).toBeLessThanOrEqual(10);
    expect(first.results[0].id).toBe(orderId);
    const dates = first.results.map((order: { updated_at: string }) => order.updated_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await list(owner, "?start_date=2030-01-01")).json().results).toEqual([]);
    const backwards = await list(owner, "?start_date=2026-02-01&end_date=2026-01-01");
    expect(backwards.statusCode).toBe(400);
    expect((await list(owner, "?limit=11")).statusCode).toBe(400);
    expect((await list(owner, "?state=confirmed")).json().results.every((order: { state: string }) => order.state === "confirmed")).toBe(
      true,
    );
  });

  it("exports the filtered list as CSV with a BOM and the seller's language", async () => {
    await paidOrder();
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/v1/shops/${supplier.slug}/orders/export?include_delivered=true&include_canceled=true`,
      headers: owner,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain(".csv");
    expect(csv.body.startsWith("\uFEFF")).toBe(true);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toContain('"Cliente"');
    expect(lines.slice(1).some((line) => line.includes('"Ana López"') && line.includes('"500.00"'))).toBe(true);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/shops/${supplier.slug}/orders/export`, headers: customer })).statusCode).toBe(
      403,
    );
  });

  it("prints the purchase order as a PDF for its supplier only", async () => {
    const { orderId } = await paidOrder();
    const pdf = await t.app.inject({ method: "GET", url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/pdf`, headers: owner });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.headers["content-disposition"]).toMatch(/orden-de-compra-\d+\.pdf/);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/pdf`, headers: otherOwner })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/pdf` })).statusCode).toBe(401);
  });

  it.skipIf(testDatabaseKind === "pglite")("exports 10,000 orders", async () => {
    // Bulk rows straight into the tables (the checkout path is covered above); PGlite runs the same SQL but slowly.
    const { orderId } = await paidOrder();
    await t.ctx.db.execute(
      sql`insert into orders (checkout_id, supplier_id, state, subtotal, total, currency)
        select checkout_id, supplier_id, 'paid', subtotal, total, currency from orders, generate_series(1, 10000) where id = ${orderId}`,
    );
    const csv = await t.app.inject({ method: "GET", url: `/api/v1/shops/${supplier.slug}/orders/export?state=paid`, headers: owner });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split("\r\n").length).toBeGreaterThan(10_000);
  });
});
