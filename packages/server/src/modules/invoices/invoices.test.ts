import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localProblem, readCfdiXml, readPaymentXml } from "../../adapters/invoicing/cfdi-xml";
import { type FacturapiFake, startFacturapiFake } from "../../adapters/invoicing/fakes/facturapi-fake";
import { listOutbox } from "../../adapters/notify/notifier";
import { alerts } from "../../db/schema/alerts";
import { products } from "../../db/schema/catalog";
import { payments } from "../../db/schema/payments";
import { invoices, shopFiscalProfiles } from "../../db/schema/invoices";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { runDueJobs } from "../../jobs/runner";
import { STALE_STAMPING_MS } from "./service";
import { type TestApp, createProduct, createTestApp, payBySandboxCard } from "../../test/harness";
import { type Persona, type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";

const facturapiKey = "sk_test_TianguisInvoices4242";
const profile = {
  rfc: "EKU9003173C9",
  legal_name: "Escuela Kemper Urgate",
  tax_regime: "601",
  postal_code: "06700",
  series: "A",
  tax_rate: "iva16",
  auto_invoice: false,
  pac: "sandbox",
};
const customerData = { rfc: "PEGC850101AB1", legal_name: "Carlos Pérez Gómez", postal_code: "06700", tax_regime: "612", cfdi_use: "G03" };

describe("invoices: fiscal data, one-click CFDI, files, cancellation, credit notes, the global invoice", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  let fake: FacturapiFake;
  let slug: string;

  beforeAll(async () => {
    fake = await startFacturapiFake({ secretKey: facturapiKey, now: () => new Date() });
    t = await createTestApp({ FACTURAPI_API_URL: fake.url });
    cast = await createShopWithRoles(t, { shop: { name: "Casa Lucía" }, customer: { fullName: "Carlos Pérez" } });
    slug = cast.shop.slug;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const api = (method: "GET" | "POST" | "PUT", url: string, as: Persona, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: cast.as[as], ...(payload ? { payload } : {}) });

  /** A paid order of 3 × 250.00 by the signed-in customer, with its invoicing data when `invoicing`. */
  async function paidOrder(
    options: { invoicing?: boolean; shopSlug?: string; shopId?: string; product?: Partial<typeof products.$inferInsert> } = {},
  ) {
    const item = await createProduct(t.ctx, options.shopId ?? cast.shop.id, {
      listPrice: 25_000,
      stock: 10,
      name: "Rebozo de seda",
      ...options.product,
    });
    const created = await api("POST", `/shops/${options.shopSlug ?? slug}/checkout`, "customer", {
      items: [{ product_id: item.id, quantity: 3 }],
      delivery_type: "to_branch",
    });
    expect(created.statusCode).toBe(201);
    const purchase = created.json() as { id: string; access_token: string; orders: { id: string }[] };
    expect((await payBySandboxCard(t.app, purchase, cast.as.customer)).statusCode).toBe(200);
    const orderId = purchase.orders[0].id;
    if (options.invoicing) {
      const saved = await api("PUT", `/orders/${orderId}/invoicing`, "customer", customerData);
      expect(saved.statusCode).toBe(200);
    }
    return { orderId, checkoutId: purchase.id, accessToken: purchase.access_token };
  }

  /** An order of 3 × 250.00 to be paid at a store: it awaits the money, with the customer's invoicing data. */
  async function awaitingOrder() {
    const item = await createProduct(t.ctx, cast.shop.id, { listPrice: 25_000, stock: 10, name: "Rebozo de seda" });
    const created = await api("POST", `/shops/${slug}/checkout`, "customer", {
      items: [{ product_id: item.id, quantity: 3 }],
      delivery_type: "to_branch",
    });
    const purchase = created.json() as { id: string; access_token: string; orders: { id: string }[] };
    const started = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      headers: cast.as.customer,
      payload: { method: "openpay_store", return_path: "/mis-compras" },
    });
    expect(started.json().status).toBe("pending");
    const orderId = purchase.orders[0].id;
    expect((await api("PUT", `/orders/${orderId}/invoicing`, "customer", customerData)).statusCode).toBe(200);
    return { orderId, checkoutId: purchase.id };
  }

  /** Runs the due jobs until none is left (earlier tests leave a backlog of due jobs behind). */
  async function drainJobs() {
    for (let round = 0; round < 10 && (await runDueJobs(t.ctx)) > 0; round += 1);
  }

  /** The store's signed notice that the money arrived (the sandbox gateway's webhook). */
  async function moneyArrives(checkoutId: string) {
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
    const signed = t.ctx.payments.signWebhook({
      id: `evt_${payment.id}`,
      type: "payment.succeeded",
      payment_id: payment.id,
      ref: payment.providerRef ?? payment.id,
    });
    const notice = await t.app.inject({
      method: "POST",
      url: "/api/v1/payments/webhooks/sandbox",
      headers: { "content-type": "application/json", "x-sandbox-signature": signed.signature },
      payload: signed.body,
    });
    expect(notice.json().received).toBe("applied");
  }

  it("lets owner, admin and accountant work the invoices; the others get 403, a visitor 401", async () => {
    const expected: Record<Persona, number> = {
      owner: 200,
      admin: 200,
      accountant: 200,
      dispatcher: 403,
      qrreader: 403,
      otherOwner: 403,
      customer: 403,
      anonymous: 401,
    };
    for (const [persona, status] of Object.entries(expected) as [Persona, number][]) {
      expect((await api("GET", `/shops/${slug}/invoices`, persona)).statusCode, persona).toBe(status);
      expect((await api("GET", `/shops/${slug}/fiscal-profile`, persona)).statusCode, persona).toBe(status);
      const put = await api("PUT", `/shops/${slug}/fiscal-profile`, persona, profile);
      expect(put.statusCode, persona).toBe(status);
    }
    expect((await api("GET", "/me/invoices", "anonymous")).statusCode).toBe(401);
  });

  it("checks the shop's RFC against its regime and asks for a Facturapi key before using Facturapi", async () => {
    const wrong = await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", { ...profile, tax_regime: "612" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field_codes).toEqual({ tax_regime: "invoice_regime_mismatch" });
    const noKey = await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", { ...profile, pac: "facturapi" });
    expect(noKey.json().field_codes).toEqual({ pac_key: "invoice_pac_key_missing" });
    const saved = await api("PUT", `/shops/${slug}/fiscal-profile`, "accountant", profile);
    expect(saved.json().profile).toMatchObject({
      rfc: "EKU9003173C9",
      legal_name: "ESCUELA KEMPER URGATE",
      series: "A",
      pac_key_hint: null,
    });
  });

  it("invoices an order in one click, e-mails it, lists it by number prefix, and lets the customer download XML and PDF", async () => {
    const { orderId, checkoutId, accessToken } = await paidOrder({ invoicing: true });
    const before = await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "accountant");
    expect(before.json()).toMatchObject({ invoice: null, can_invoice: true });

    const issued = await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "accountant");
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json();
    expect(invoice).toMatchObject({ kind: "I", state: "valid", receiver_rfc: "PEGC850101AB1", total: 75_000, currency: "MXN" });
    expect(invoice.number).toMatch(/^A-\d+$/);
    expect(invoice.subtotal + invoice.tax).toBe(75_000);
    expect(invoice.uuid).toMatch(/^[0-9A-F-]{36}$/);

    const again = await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner");
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("invoice_already_issued");

    const byPrefix = await api("GET", `/shops/${slug}/invoices?number=${invoice.number}`, "admin");
    expect(byPrefix.json().results.map((one: { id: string }) => one.id)).toEqual([invoice.id]);
    expect((await api("GET", `/shops/${slug}/invoices?number=ZZ`, "admin")).json().matches_estimated).toBe(0);
    expect((await api("GET", "/me/invoices", "customer")).json().results[0]).toMatchObject({ id: invoice.id, order_id: orderId });
    expect((await api("GET", `/checkouts/${checkoutId}/invoices?token=${accessToken}`, "anonymous")).json().results).toHaveLength(1);

    const xml = await api("GET", `/invoices/${invoice.id}/xml`, "customer");
    expect(xml.headers["content-type"]).toContain("application/xml");
    expect(readCfdiXml(xml.body)).toMatchObject({ total: 75_000, timbreUuid: invoice.uuid, receiver: { use: "G03", regime: "612" } });
    const pdf = await api("GET", `/invoices/${invoice.id}/pdf`, "customer");
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await api("GET", `/invoices/${invoice.id}/pdf?token=${accessToken}`, "anonymous")).statusCode).toBe(200);
    expect((await api("GET", `/invoices/${invoice.id}/xml`, "otherOwner")).statusCode).toBe(404);
    expect((await api("GET", `/shops/${slug}/invoices/${invoice.id}/xml`, "accountant")).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/v1/shops/${cast.otherShop.slug}/invoices/${invoice.id}/pdf`,
          headers: cast.as.otherOwner,
        })
      ).statusCode,
    ).toBe(404);

    const mail = (await listOutbox(t.ctx.db, 20, cast.users.customer.email ?? "")).find((one) => one.subject?.includes(invoice.number));
    expect(mail?.body).toContain(`${invoice.number}.xml · application/xml`);
    expect(mail?.body).toContain(`${invoice.number}.pdf · application/pdf`);
    const told = await t.ctx.db.select().from(alerts).where(eq(alerts.originApp, "invoicing"));
    expect(told.filter((one) => one.recipientId === cast.ids.customer).map((one) => one.params.subtype)).toContain("customer-recipient");
    expect(told.map((one) => one.recipientId)).toEqual(expect.arrayContaining([cast.ids.owner, cast.ids.admin, cast.ids.accountant]));
    expect(told.map((one) => one.recipientId)).not.toContain(cast.ids.dispatcher);
  });

  it("stamps one invoice when the seller clicks twice at once", async () => {
    const { orderId } = await paidOrder({ invoicing: true });
    const answers = await Promise.all([
      api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner"),
      api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "accountant"),
    ]);
    expect(answers.map((one) => one.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(rows).toHaveLength(1);
  });

  it("refuses an order without the customer's data, or whose CFDI use their regime may not take", async () => {
    const { orderId } = await paidOrder();
    const missing = await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner");
    expect(missing.json().code).toBe("invoice_customer_data_missing");
    await api("PUT", `/orders/${orderId}/invoicing`, "customer", { ...customerData, tax_regime: "605", cfdi_use: "G03" });
    const mismatch = await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner");
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().code).toBe("invoice_use_mismatch");
    expect((await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "dispatcher")).statusCode).toBe(403);
  });

  it("cancels with SAT's reason once; 01 names its substitute; the order can then be invoiced again", async () => {
    const { orderId } = await paidOrder({ invoicing: true });
    const invoice = (await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json();
    const noReplacement = await api("POST", `/shops/${slug}/invoices/${invoice.id}/cancel`, "owner", { reason: "01" });
    expect(noReplacement.statusCode).toBe(400);
    const anyUuid = await api("POST", `/shops/${slug}/invoices/${invoice.id}/cancel`, "owner", {
      reason: "01",
      replacement_uuid: randomUUID(),
    });
    expect(anyUuid.statusCode).toBe(400);
    expect(anyUuid.json().field_codes).toEqual({ replacement_uuid: "invoice_replacement_required" });
    expect((await api("POST", `/shops/${slug}/invoices/${invoice.id}/cancel`, "dispatcher", { reason: "02" })).statusCode).toBe(403);
    const cancelled = await api("POST", `/shops/${slug}/invoices/${invoice.id}/cancel`, "accountant", { reason: "02" });
    expect(cancelled.json()).toMatchObject({ state: "cancelled", cancel_reason: "02" });
    const twice = await api("POST", `/shops/${slug}/invoices/${invoice.id}/cancel`, "accountant", { reason: "02" });
    expect(twice.statusCode).toBe(409);
    expect((await api("GET", `/shops/${slug}/invoices?state=cancelled&number=${invoice.number}`, "owner")).json().matches_estimated).toBe(
      1,
    );
    const replacement = await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner");
    expect(replacement.statusCode).toBe(201);
    expect(replacement.json().number).not.toBe(invoice.number);
  });

  it("lets the desk issue a substitute for reason 01: related by TipoRelacion 04, with the corrected data, the original cancelled naming it", async () => {
    const { orderId } = await paidOrder({ invoicing: true });
    const original = (await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json();
    const refused: Record<string, number> = { dispatcher: 403, qrreader: 403, otherOwner: 403, customer: 403, anonymous: 401 };
    for (const [persona, status] of Object.entries(refused))
      expect((await api("POST", `/shops/${slug}/invoices/${original.id}/replace`, persona as Persona)).statusCode, persona).toBe(status);
    expect((await api("GET", `/shops/${slug}/invoices/${original.id}/xml`, "owner")).statusCode).toBe(200);

    // The customer had the wrong CFDI use; the seller replaces the invoice with the corrected one.
    await api("PUT", `/orders/${orderId}/invoicing`, "customer", { ...customerData, cfdi_use: "G01" });
    const replaced = await api("POST", `/shops/${slug}/invoices/${original.id}/replace`, "admin");
    expect(replaced.statusCode).toBe(201);
    const substitute = replaced.json();
    expect(substitute).toMatchObject({ kind: "I", state: "valid", related_uuid: original.uuid, cfdi_use: "G01", order_id: orderId });
    expect(substitute.number).not.toBe(original.number);
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, substitute.id));
    expect(readCfdiXml(row.xml ?? "")).toMatchObject({ kind: "I", relation: "04", relatedUuids: [original.uuid] });

    const list = (await api("GET", `/shops/${slug}/invoices?number=${original.number}`, "owner")).json().results;
    expect(list.find((one: { id: string }) => one.id === original.id)).toMatchObject({
      state: "cancelled",
      cancel_reason: "01",
      replaced_by: substitute.number,
    });
    const order = (await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json();
    expect(order).toMatchObject({ invoice: { id: substitute.id }, can_invoice: false });
    expect((await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json().code).toBe("invoice_already_issued");
    expect((await api("POST", `/shops/${slug}/invoices/${original.id}/replace`, "owner")).statusCode).toBe(409);
  });

  it("replaces once when the desk asks twice at once", async () => {
    const { orderId } = await paidOrder({ invoicing: true });
    const original = (await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json();
    const answers = await Promise.all([
      api("POST", `/shops/${slug}/invoices/${original.id}/replace`, "owner"),
      api("POST", `/shops/${slug}/invoices/${original.id}/replace`, "accountant"),
    ]);
    expect(answers.map((one) => one.statusCode)).toContain(201);
    const substitutes = await t.ctx.db.select().from(invoices).where(eq(invoices.relatedInvoiceId, original.id));
    expect(substitutes.filter((one) => one.kind === "I")).toHaveLength(1);
  });

  it("invoices each line with its product's SAT keys, or 01010101 by the piece (H87) or by the unit of service (E48)", async () => {
    const keyed = await paidOrder({ invoicing: true, product: { satProductKey: "53102500", satUnitKey: "KT" } });
    const keyedInvoice = (await api("POST", `/shops/${slug}/orders/${keyed.orderId}/invoice`, "owner")).json();
    const service = await paidOrder({ invoicing: true, product: { type: "service", stockType: "ondemand", stock: null } });
    const serviceInvoice = (await api("POST", `/shops/${slug}/orders/${service.orderId}/invoice`, "owner")).json();
    const concepts = async (id: string) => {
      const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, id));
      return readCfdiXml(row.xml ?? "")?.concepts.map((one) => [one.productKey, one.unitKey]);
    };
    expect(await concepts(keyedInvoice.id)).toEqual([["53102500", "KT"]]);
    expect(await concepts(serviceInvoice.id)).toEqual([["01010101", "E48"]]);
  });

  it("invoices on its own when the shop says so and the customer asks, and credits the cancelled order with a related credit note", async () => {
    await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", { ...profile, auto_invoice: true });
    const { orderId } = await paidOrder({ invoicing: true });
    await runDueJobs(t.ctx);
    const automatic = (await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json();
    expect(automatic.invoice).toMatchObject({ state: "valid", kind: "I" });
    expect(automatic.can_invoice).toBe(false);

    const cancelled = await api("POST", `/shops/${slug}/orders/${orderId}/cancel`, "owner", { reason: "Sin existencias" });
    expect(cancelled.statusCode).toBe(200);
    await runDueJobs(t.ctx);
    const after = (await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json();
    expect(after.credit_notes).toHaveLength(1);
    expect(after.credit_notes[0]).toMatchObject({ kind: "E", related_uuid: automatic.invoice.uuid, total: 75_000, state: "valid" });
    const [note] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, after.credit_notes[0].id));
    expect(readCfdiXml(note.xml ?? "")).toMatchObject({ kind: "E", relatedUuids: [automatic.invoice.uuid] });
    await runDueJobs(t.ctx);
    expect((await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json().credit_notes).toHaveLength(1);
    await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", profile);
  });

  it("credits each settled refund of an invoiced order, never beyond what the invoice holds", async () => {
    const { orderId } = await paidOrder({ invoicing: true });
    const invoice = (await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json();
    const settle = (amount: number) =>
      transactionWithEvents(t.ctx, (tx) =>
        recordEvent(
          tx,
          {
            type: "refund.settled",
            payload: { refund_id: randomUUID(), order_id: orderId, amount, currency: "MXN", return_id: null, refunded_goods: amount },
          },
          t.ctx.clock.now(),
        ),
      );
    await settle(10_000);
    await runDueJobs(t.ctx);
    await settle(70_000);
    await runDueJobs(t.ctx);
    const notes = (await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json().credit_notes;
    expect(notes.map((one: { total: number }) => one.total).sort((a: number, b: number) => a - b)).toEqual([10_000, 65_000]);
    expect(notes.every((one: { related_uuid: string }) => one.related_uuid === invoice.uuid)).toBe(true);
  });

  it("groups a period's un-invoiced paid sales in one global invoice to the public, once", async () => {
    const { orderId } = await paidOrder();
    const today = new Date().toISOString().slice(0, 10);
    const global = await api("POST", `/shops/${slug}/invoices/global`, "accountant", { from: today, to: today });
    expect(global.statusCode).toBe(201);
    expect(global.json()).toMatchObject({ receiver_rfc: "XAXX010101000", cfdi_use: "S01", order_id: null });
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, global.json().id));
    expect(row.coveredOrderIds).toContain(orderId);
    expect(row.xml).toContain("InformacionGlobal");
    const again = await api("POST", `/shops/${slug}/invoices/global`, "accountant", { from: today, to: today });
    expect(again.json().code).toBe("invoice_global_empty");
  });

  it("invoices an order awaiting a store payment PPD with form 99; the payment's arrival stamps its complement (P), once", async () => {
    const { orderId, checkoutId } = await awaitingOrder();
    const before = (await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "accountant")).json();
    expect(before).toMatchObject({ invoice: null, can_invoice: true, payment_complements: [] });
    const issued = await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "accountant");
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json();
    expect(invoice).toMatchObject({ kind: "I", payment_method: "PPD", total: 75_000, payment: null });
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(readCfdiXml(row.xml ?? "")).toMatchObject({ paymentMethod: "PPD", paymentForm: "99" });

    await moneyArrives(checkoutId);
    await drainJobs();
    await drainJobs();
    const after = (await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json();
    expect(after.payment_complements).toHaveLength(1);
    const [complement] = after.payment_complements;
    expect(complement).toMatchObject({
      kind: "P",
      state: "valid",
      related_uuid: invoice.uuid,
      total: 75_000,
      cfdi_use: "CP01",
      payment: { partiality: 1, previous_balance: 75_000, paid: 75_000, remaining: 0, form: "01" },
    });
    const xml = await api("GET", `/shops/${slug}/invoices/${complement.id}/xml`, "accountant");
    expect(localProblem(xml.body)).toBeNull();
    expect(readCfdiXml(xml.body)).toMatchObject({ kind: "P", total: 0, currency: "XXX", timbreUuid: complement.uuid });
    expect(readPaymentXml(xml.body)?.payments[0]).toMatchObject({
      form: "01",
      amount: 75_000,
      documents: [{ uuid: invoice.uuid, partiality: 1, previousBalance: 75_000, paid: 75_000, remaining: 0 }],
    });
    const pdf = await api("GET", `/invoices/${complement.id}/pdf`, "customer");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const mail = (await listOutbox(t.ctx.db, 50, cast.users.customer.email ?? "")).find((one) => one.subject?.includes(complement.number));
    expect(mail?.subject).toContain("complemento de pago");
    expect(
      (await t.ctx.db.select().from(alerts).where(eq(alerts.originApp, "invoicing"))).filter(
        (one) => one.params.invoice === complement.number,
      ).length,
    ).toBeGreaterThanOrEqual(2);
    const rows = await t.ctx.db.select().from(invoices).where(eq(invoices.relatedInvoiceId, invoice.id));
    expect(rows.filter((one) => one.kind === "P")).toHaveLength(1);
  });

  it("invoices an order in US dollars with Moneda USD and the sandbox's TipoCambio, totals to the cent", async () => {
    const { orderId } = await paidOrder({ invoicing: true, product: { currency: "USD", listPrice: 1_999 } });
    const issued = await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner");
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json();
    expect(invoice).toMatchObject({ currency: "USD", exchange_rate: "17.250000", total: 5_997, payment_method: "PUE" });
    expect(invoice.subtotal + invoice.tax).toBe(5_997);
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(readCfdiXml(row.xml ?? "")).toMatchObject({ currency: "USD", exchangeRate: "17.250000", total: 5_997 });
    expect(localProblem(row.xml ?? "")).toBeNull();
  });

  it("replaces a global invoice with a substitute for the same orders and period (04), the original cancelled with 01", async () => {
    const { orderId } = await paidOrder();
    const today = new Date().toISOString().slice(0, 10);
    const global = (await api("POST", `/shops/${slug}/invoices/global`, "accountant", { from: today, to: today })).json();
    const replaced = await api("POST", `/shops/${slug}/invoices/${global.id}/replace`, "accountant");
    expect(replaced.statusCode).toBe(201);
    const substitute = replaced.json();
    expect(substitute).toMatchObject({ kind: "I", receiver_rfc: "XAXX010101000", related_uuid: global.uuid, total: global.total });
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, substitute.id));
    expect(row.coveredOrderIds).toContain(orderId);
    expect(readCfdiXml(row.xml ?? "")).toMatchObject({
      relation: "04",
      relatedUuids: [global.uuid],
      global: { month: expect.any(Number) },
    });
    const original = (await api("GET", `/shops/${slug}/invoices?number=${global.number}`, "owner")).json().results[0];
    expect(original).toMatchObject({ state: "cancelled", cancel_reason: "01", replaced_by: substitute.number });
    const again = await api("POST", `/shops/${slug}/invoices/global`, "accountant", { from: today, to: today });
    expect(again.json().code).toBe("invoice_global_empty");
  });

  it("replaces a credit note: the substitute relates its invoice (01) and the note it replaces (04), once", async () => {
    const { orderId } = await paidOrder({ invoicing: true });
    const invoice = (await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json();
    await transactionWithEvents(t.ctx, (tx) =>
      recordEvent(
        tx,
        {
          type: "refund.settled",
          payload: { refund_id: randomUUID(), order_id: orderId, amount: 25_000, currency: "MXN", return_id: null, refunded_goods: 25_000 },
        },
        t.ctx.clock.now(),
      ),
    );
    await runDueJobs(t.ctx);
    const [note] = (await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json().credit_notes;
    const answers = await Promise.all([
      api("POST", `/shops/${slug}/invoices/${note.id}/replace`, "owner"),
      api("POST", `/shops/${slug}/invoices/${note.id}/replace`, "accountant"),
    ]);
    expect(answers.map((one) => one.statusCode)).toContain(201);
    const substitute = answers.find((one) => one.statusCode === 201)?.json();
    expect(substitute).toMatchObject({ kind: "E", related_uuid: invoice.uuid, total: 25_000, state: "valid" });
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, substitute.id));
    expect(readCfdiXml(row.xml ?? "")).toMatchObject({
      kind: "E",
      relation: "01",
      relatedUuids: [invoice.uuid],
      moreRelations: [{ relation: "04", uuids: [note.uuid] }],
    });
    const notes = (await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json().credit_notes;
    expect(notes.filter((one: { state: string }) => one.state === "valid")).toHaveLength(1);
    expect(notes.find((one: { id: string }) => one.id === note.id)).toMatchObject({ state: "cancelled", replaced_by: substitute.number });
  });

  it("refuses an unpaid order no payment is awaited for", async () => {
    const item = await createProduct(t.ctx, cast.shop.id, { listPrice: 25_000, stock: 10 });
    const created = await api("POST", `/shops/${slug}/checkout`, "customer", {
      items: [{ product_id: item.id, quantity: 1 }],
      delivery_type: "to_branch",
    });
    const orderId = created.json().orders[0].id;
    await api("PUT", `/orders/${orderId}/invoicing`, "customer", customerData);
    const refused = await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner");
    expect(refused.json().code).toBe("invoice_order_not_paid");
    expect((await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json().can_invoice).toBe(false);
  });

  it("finishes a stamp whose answer was lost mid-call: the row waits 'stamping', the sweep asks Facturapi again by its key, one stamp", async () => {
    await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", { ...profile, pac: "facturapi", pac_key: facturapiKey });
    const { orderId } = await paidOrder({ invoicing: true });
    const stampedBefore = fake.invoices.size;
    fake.dropNextAnswer();
    const lost = await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner");
    expect(lost.statusCode).toBe(502);
    expect(lost.json().code).toBe("invoice_pac_failed");
    expect(fake.invoices.size).toBe(stampedBefore + 1);
    const [waiting] = await t.ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(waiting).toMatchObject({ state: "stamping", pac: "facturapi", uuid: null });
    expect(waiting.document?.receiver.rfc).toBe("PEGC850101AB1");
    expect((await api("GET", `/shops/${slug}/invoices?number=${waiting.number}`, "owner")).json().matches_estimated).toBe(0);
    expect((await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).statusCode).toBe(409);

    await runDueJobs(t.ctx);
    expect((await t.ctx.db.select().from(invoices).where(eq(invoices.id, waiting.id)))[0].state).toBe("stamping");
    t.clock.advance(STALE_STAMPING_MS);
    await runDueJobs(t.ctx);
    const [finished] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, waiting.id));
    const stamped = [...fake.invoices.values()].find((one) => one.body.idempotency_key === waiting.stampKey);
    expect(finished).toMatchObject({ state: "valid", uuid: stamped?.uuid.toUpperCase(), document: null });
    expect(fake.invoices.size).toBe(stampedBefore + 1);
    expect([...fake.invoices.values()].filter((one) => one.body.idempotency_key === waiting.stampKey)).toHaveLength(1);
    const told = await t.ctx.db.select().from(alerts).where(eq(alerts.originApp, "invoicing"));
    expect(told.filter((one) => one.params.invoice === finished.number && one.recipientId === cast.ids.customer)).toHaveLength(1);
    await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", profile);
  });

  it("stamps through Facturapi with the shop's own key, kept sealed", async () => {
    const saved = await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", { ...profile, pac: "facturapi", pac_key: facturapiKey });
    expect(saved.json().profile).toMatchObject({ pac: "facturapi", pac_key_hint: "4242" });
    const [stored] = await t.ctx.db.select().from(shopFiscalProfiles).where(eq(shopFiscalProfiles.shopId, cast.shop.id));
    expect(stored.pacKeySealed).not.toContain(facturapiKey);
    const { orderId } = await paidOrder({ invoicing: true });
    const issued = await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner");
    expect(issued.statusCode).toBe(201);
    const created = fake.requests.find((one) => one.method === "POST");
    expect(created?.authorization).toBe(`Bearer ${facturapiKey}`);
    expect(fake.invoices.size).toBeGreaterThan(0);
    const cancelled = await api("POST", `/shops/${slug}/invoices/${issued.json().id}/cancel`, "owner", { reason: "03" });
    expect(cancelled.json().state).toBe("cancelled");
    expect([...fake.invoices.values()].some((one) => one.status === "canceled")).toBe(true);
    await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", profile);
  });

  it("stamps a PPD invoice and its payment complement through Facturapi (type P with a 'pago' complement)", async () => {
    await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", { ...profile, pac: "facturapi", pac_key: facturapiKey });
    const { orderId, checkoutId } = await awaitingOrder();
    const invoice = (await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json();
    expect(invoice).toMatchObject({ kind: "I", payment_method: "PPD" });
    const createdInvoice = fake.requests.filter((one) => one.method === "POST").at(-1)?.body as Record<string, unknown>;
    expect(createdInvoice).toMatchObject({ payment_method: "PPD", payment_form: "99" });
    await moneyArrives(checkoutId);
    await drainJobs();
    const [complement] = (await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json().payment_complements;
    expect(complement).toMatchObject({ kind: "P", related_uuid: invoice.uuid, payment: { partiality: 1, remaining: 0 } });
    const body = fake.requests.filter((one) => one.method === "POST").at(-1)?.body as { type: string; complements: unknown[] };
    expect(body.type).toBe("P");
    expect(body.complements[0]).toMatchObject({
      type: "pago",
      data: [
        {
          payment_form: "01",
          related_documents: [{ uuid: invoice.uuid, installment: 1, last_balance: invoice.total / 100, amount: invoice.total / 100 }],
        },
      ],
    });
    const xml = await api("GET", `/shops/${slug}/invoices/${complement.id}/xml`, "owner");
    expect(localProblem(xml.body)).toBeNull();
    await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", profile);
  });

  it("sends Facturapi an invoice in US dollars with its exchange rate, and a substitute credit note with both relations", async () => {
    await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", { ...profile, pac: "facturapi", pac_key: facturapiKey });
    const { orderId } = await paidOrder({ invoicing: true, product: { currency: "USD", listPrice: 1_999 } });
    const invoice = (await api("POST", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json();
    expect(invoice).toMatchObject({ currency: "USD", exchange_rate: "17.250000" });
    expect(fake.requests.filter((one) => one.method === "POST").at(-1)?.body).toMatchObject({ currency: "USD", exchange: 17.25 });
    await transactionWithEvents(t.ctx, (tx) =>
      recordEvent(
        tx,
        {
          type: "refund.settled",
          payload: { refund_id: randomUUID(), order_id: orderId, amount: 1_000, currency: "USD", return_id: null, refunded_goods: 1_000 },
        },
        t.ctx.clock.now(),
      ),
    );
    await runDueJobs(t.ctx);
    const [note] = (await api("GET", `/shops/${slug}/orders/${orderId}/invoice`, "owner")).json().credit_notes;
    expect(note).toMatchObject({ currency: "USD", exchange_rate: "17.250000" });
    const substitute = await api("POST", `/shops/${slug}/invoices/${note.id}/replace`, "owner");
    expect(substitute.statusCode).toBe(201);
    expect(fake.requests.filter((one) => one.method === "POST").at(-1)?.body).toMatchObject({
      type: "E",
      related_documents: [
        { relationship: "01", documents: [invoice.uuid] },
        { relationship: "04", documents: [note.uuid] },
      ],
    });
    await api("PUT", `/shops/${slug}/fiscal-profile`, "owner", profile);
  });
});
