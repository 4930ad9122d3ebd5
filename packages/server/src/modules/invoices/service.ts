import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import { formatMoney, money } from "@tianguis/domain/money";
import {
  type PaidLine,
  PUBLIC_RFC,
  type TaxRate,
  invoiceNumber,
  invoiceTotals,
  issuerProblem,
  paymentForm,
  receiverProblem,
} from "@tianguis/domain/rules/cfdi";
import type { CancelInvoiceBody, FiscalProfileBody } from "@tianguis/domain/schemas/invoice";
import { and, eq, sql } from "drizzle-orm";
import { type CfdiDocument, buildCfdiXml, readCfdiXml, satDate } from "../../adapters/invoicing/cfdi-xml";
import { FACTURAPI_URL, createFacturapiPac } from "../../adapters/invoicing/facturapi-pac";
import { type Pac, PacError, type Stamped } from "../../adapters/invoicing/pac";
import { createSandboxPac } from "../../adapters/invoicing/sandbox-pac";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { type InvoiceStamp, invoices, shopFiscalProfiles } from "../../db/schema/invoices";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { enqueueJob, registerJob } from "../../jobs/runner";
import { type AlertInput, notifyAlert } from "../alerts/service";
import { loadCheckout } from "../checkout/service";
import { findShopWithAccess } from "../shops/service";
import {
  type InvoiceOrder,
  type InvoiceRow,
  type ProfileRow,
  byInvoiceId,
  countInvoices,
  invoiceFilter,
  isPaidOrder,
  ofCheckout,
  ofOrder,
  selectInvoiceDesk,
  selectInvoiceOrder,
  selectInvoices,
  selectOrderLines,
  selectCreditedTotal,
  selectProfile,
  selectShopSlug,
  selectUninvoicedOrders,
  selectValidOrderInvoice,
} from "./queries";
import { renderInvoicePdf } from "./pdf";
import { invoicingKeysKey, openPacKey, sealPacKey } from "./sealing";
import { invoiceView, profileView } from "./views";

/**
 * CFDI 4.0 invoices (issue #30 §1) — the one owner of shop_fiscal_profiles and invoices. A shop enters its fiscal data
 * once; an order whose customer asked for an invoice is invoiced in one click (or on its own when the shop says so:
 * subscribers.ts queues it when the order is paid or the customer asks); a refund's credit note relates to the invoice;
 * a global invoice covers a period's other sales. Stamping goes through the shop's PAC outside any transaction: the
 * invoice's row is reserved first ('pending', which holds the order's one invoice and the folio), then completed or
 * taken back. Stamped invoices are e-mailed to the customer with their XML and PDF and raise the 'invoicing' alerts.
 */

/** SAT keys of what a shop sells when it says nothing finer: c_ClaveProdServ 01010101 'No existe en el catálogo'. */
const GENERIC_PRODUCT = { productKey: "01010101", unitKey: "H87" };
const SHIPPING = { productKey: "78102203", unitKey: "E48" };
const SALE = { productKey: "01010101", unitKey: "ACT" };
const REFUND = { productKey: "84111506", unitKey: "ACT" };
export const INVOICE_ORDER_JOB = "invoice_order";
export const CREDIT_NOTE_JOB = "invoice_credit_note";

// ---------------------------------------------------------------------------------------------------------------
// Who may work the invoices: the owner, admins and accountants (spec: /admin/facturas; commerce-and-accounts §6)
// ---------------------------------------------------------------------------------------------------------------

async function requireInvoiceDesk(ctx: AppContext, slug: string, user: SessionUser | null) {
  if (!user) throw new AppError("unauthorized");
  const { shop, access } = await findShopWithAccess(ctx, { slug }, user);
  if (!access.isAdmin && !access.roles.includes("accountant")) throw new AppError("forbidden");
  return { shop, user };
}

function requireProfile(profile: ProfileRow | null): ProfileRow {
  if (!profile) throw new AppError("invoice_profile_missing");
  return profile;
}

// ---------------------------------------------------------------------------------------------------------------
// Fiscal data
// ---------------------------------------------------------------------------------------------------------------

export async function getFiscalProfile(ctx: AppContext, slug: string, user: SessionUser | null) {
  const { shop } = await requireInvoiceDesk(ctx, slug, user);
  const row = await selectProfile(ctx.db, shop.id);
  return { profile: row ? profileView(row) : null };
}

export async function saveFiscalProfile(ctx: AppContext, slug: string, user: SessionUser | null, body: FiscalProfileBody) {
  const { shop } = await requireInvoiceDesk(ctx, slug, user);
  const problem = issuerProblem({ rfc: body.rfc, regime: body.tax_regime });
  if (problem) throw new AppError("validation_failed", { fields: { [problem === "invoice_rfc_invalid" ? "rfc" : "tax_regime"]: problem } });
  const existing = await selectProfile(ctx.db, shop.id);
  if (body.pac === "facturapi" && !body.pac_key && !existing?.pacKeySealed)
    throw new AppError("validation_failed", { fields: { pac_key: "invoice_pac_key_missing" } });
  const key = body.pac_key
    ? { pacKeySealed: sealPacKey(invoicingKeysKey(ctx.config), shop.id, body.pac_key), pacKeyHint: body.pac_key.slice(-4) }
    : {};
  const values = {
    rfc: body.rfc,
    legalName: body.legal_name.toUpperCase(),
    taxRegime: body.tax_regime,
    postalCode: body.postal_code,
    series: body.series,
    taxRate: body.tax_rate,
    autoInvoice: body.auto_invoice,
    pac: body.pac,
    ...key,
    updatedAt: ctx.clock.now(),
  };
  await ctx.db
    .insert(shopFiscalProfiles)
    .values({ shopId: shop.id, ...values })
    .onConflictDoUpdate({ target: shopFiscalProfiles.shopId, set: values });
  return getFiscalProfile(ctx, slug, user);
}

/** The shop's PAC: the sandbox, or Facturapi with the shop's own sealed key. */
function pacOf(ctx: AppContext, profile: ProfileRow): Pac {
  if (profile.pac === "facturapi") {
    const secretKey = profile.pacKeySealed ? openPacKey(invoicingKeysKey(ctx.config), profile.shopId, profile.pacKeySealed) : null;
    if (!secretKey) throw new AppError("invoice_pac_key_missing");
    return createFacturapiPac({ secretKey, baseUrl: ctx.config.FACTURAPI_API_URL ?? FACTURAPI_URL });
  }
  return createSandboxPac({ secret: ctx.config.APP_SECRET, now: () => ctx.clock.now() });
}

// ---------------------------------------------------------------------------------------------------------------
// Issuing: reserve the row and folio, stamp, complete (or take back), then tell and e-mail
// ---------------------------------------------------------------------------------------------------------------

interface Draft {
  shopId: string;
  orderId: string | null;
  refundId?: string;
  relatedInvoiceId?: string;
  coveredOrderIds?: string[];
  kind: "I" | "E";
  receiver: CfdiDocument["receiver"];
  customerId: string | null;
  customerEmail: string | null;
  lines: PaidLine[];
  currency: string;
  paymentForm: string;
  relatedUuid?: string;
  global?: CfdiDocument["global"];
}

/** Takes the profile's next folio and inserts the invoice 'pending' (one transaction, the profile's row locked). */
async function reserveInvoice(ctx: AppContext, draft: Draft, totals: ReturnType<typeof invoiceTotals>) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [profile] = await tx
        .update(shopFiscalProfiles)
        .set({ nextFolio: sql`${shopFiscalProfiles.nextFolio} + 1` })
        .where(eq(shopFiscalProfiles.shopId, draft.shopId))
        .returning();
      if (!profile) throw new AppError("invoice_profile_missing");
      const folio = profile.nextFolio - 1;
      const [row] = await tx
        .insert(invoices)
        .values({
          shopId: draft.shopId,
          orderId: draft.orderId,
          refundId: draft.refundId ?? null,
          relatedInvoiceId: draft.relatedInvoiceId ?? null,
          coveredOrderIds: draft.coveredOrderIds ?? null,
          kind: draft.kind,
          state: "pending",
          series: profile.series,
          folio,
          number: invoiceNumber(profile.series, folio),
          issuerRfc: profile.rfc,
          issuerName: profile.legalName,
          receiverRfc: draft.receiver.rfc,
          receiverName: draft.receiver.name,
          cfdiUse: draft.receiver.use,
          customerId: draft.customerId,
          customerEmail: draft.customerEmail,
          subtotal: totals.subtotal,
          tax: totals.tax,
          total: totals.total,
          currency: draft.currency,
          createdAt: ctx.clock.now(),
        })
        .returning();
      return { row, profile };
    });
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === "23505") throw new AppError("invoice_already_issued", { status: 409 });
    throw error;
  }
}

function documentOf(draft: Draft, profile: ProfileRow, row: InvoiceRow, totals: ReturnType<typeof invoiceTotals>, now: Date): CfdiDocument {
  return {
    kind: draft.kind,
    series: row.series,
    folio: row.folio,
    issuedAt: satDate(now),
    paymentForm: draft.paymentForm,
    currency: draft.currency,
    postalCode: profile.postalCode,
    issuer: { rfc: profile.rfc, name: profile.legalName, regime: profile.taxRegime },
    receiver: draft.receiver,
    rate: profile.taxRate as TaxRate,
    concepts: totals.concepts,
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    ...(draft.relatedUuid ? { relatedUuid: draft.relatedUuid } : {}),
    ...(draft.global ? { global: draft.global } : {}),
  };
}

/** Stamps a draft: the invoice row, valid, with the PAC's XML and the totals as stamped. */
async function issue(ctx: AppContext, draft: Draft): Promise<InvoiceRow> {
  const profile = requireProfile(await selectProfile(ctx.db, draft.shopId));
  const totals = invoiceTotals(draft.lines, profile.taxRate as TaxRate);
  const pac = pacOf(ctx, profile);
  const reserved = await reserveInvoice(ctx, draft, totals);
  const document = documentOf(draft, reserved.profile, reserved.row, totals, ctx.clock.now());
  let stamped: Stamped;
  try {
    stamped = await pac.stamp({ document, xml: buildCfdiXml(document) });
  } catch (error) {
    await ctx.db.delete(invoices).where(and(eq(invoices.id, reserved.row.id), eq(invoices.state, "pending")));
    if (error instanceof PacError) throw new AppError(error.code, { status: error.code === "invoice_pac_failed" ? 502 : 422 });
    throw error;
  }
  const read = readCfdiXml(stamped.xml);
  const stamp: InvoiceStamp = {
    satSeal: stamped.satSeal,
    satCertificate: stamped.satCertificate,
    issuerSeal: stamped.issuerSeal,
    pacRef: stamped.pacRef,
    pac: pac.name,
    paymentForm: draft.paymentForm,
  };
  const [row] = await ctx.db
    .update(invoices)
    .set({
      state: "valid",
      uuid: stamped.uuid,
      xml: stamped.xml,
      stamp,
      stampedAt: stamped.stampedAt,
      subtotal: read?.subtotal ?? totals.subtotal,
      tax: read?.totalTax ?? totals.tax,
      total: read?.total ?? totals.total,
    })
    .where(eq(invoices.id, reserved.row.id))
    .returning();
  await ctx.db.transaction(async (tx) => alertIssued(tx, row, ctx.clock.now()));
  await emailInvoice(ctx, row);
  return row;
}

/** Why an order cannot be invoiced now, or its customer's data as the receiver. */
function orderReceiver(order: InvoiceOrder): CfdiDocument["receiver"] {
  if (!isPaidOrder(order.state)) throw new AppError("invoice_order_not_paid");
  const data = order.invoicing;
  if (!data) throw new AppError("invoice_customer_data_missing");
  const receiver = {
    rfc: data.rfc,
    name: data.legal_name.toUpperCase(),
    regime: data.tax_regime,
    use: data.cfdi_use,
    postalCode: data.postal_code,
  };
  const problem = receiverProblem(receiver);
  if (problem) throw new AppError(problem);
  return receiver;
}

async function orderLines(db: DbOrTx, order: InvoiceOrder, locale: Locale): Promise<PaidLine[]> {
  const lines: PaidLine[] = (await selectOrderLines(db, order.id)).map((line) => ({
    description: line.name,
    quantity: line.quantity,
    gross: line.total,
    ...GENERIC_PRODUCT,
  }));
  if (order.shippingCost > 0)
    lines.push({ description: translate(locale, "invoice_concept_shipping"), quantity: 1, gross: order.shippingCost, ...SHIPPING });
  return lines;
}

/** Invoices one of the shop's orders with its customer's data (the seller's click, the automatic job, the demo seed). */
export async function invoiceOrder(ctx: AppContext, shopId: string, orderId: string): Promise<InvoiceRow> {
  const order = await selectInvoiceOrder(ctx.db, orderId);
  if (!order || order.supplierId !== shopId) throw new AppError("order_not_found", { status: 404 });
  requireProfile(await selectProfile(ctx.db, shopId));
  const receiver = orderReceiver(order);
  return issue(ctx, {
    shopId,
    orderId,
    kind: "I",
    receiver,
    customerId: order.customerId,
    customerEmail: order.email,
    lines: await orderLines(ctx.db, order, "es"),
    currency: order.currency,
    paymentForm: paymentForm(order.paymentMethod),
  });
}

async function listedView(ctx: AppContext, id: string) {
  const [row] = await selectInvoices(ctx.db, byInvoiceId(id));
  if (!row) throw new AppError("invoice_not_found", { status: 404 });
  return invoiceView(row);
}

/** POST /shops/{slug}/orders/{orderId}/invoice: the seller's one click. */
export async function issueOrderInvoice(ctx: AppContext, slug: string, user: SessionUser | null, orderId: string) {
  const { shop } = await requireInvoiceDesk(ctx, slug, user);
  const row = await invoiceOrder(ctx, shop.id, orderId);
  return listedView(ctx, row.id);
}

/** GET /shops/{slug}/orders/{orderId}/invoice: the order's invoice and credit notes, and whether it can be invoiced. */
export async function getOrderInvoice(ctx: AppContext, slug: string, user: SessionUser | null, orderId: string) {
  const { shop } = await requireInvoiceDesk(ctx, slug, user);
  const order = await selectInvoiceOrder(ctx.db, orderId);
  if (!order || order.supplierId !== shop.id) throw new AppError("order_not_found", { status: 404 });
  const views = (await selectInvoices(ctx.db, ofOrder(orderId))).map(invoiceView);
  const invoice = views.find((one) => one.kind === "I" && one.state === "valid") ?? views.find((one) => one.kind === "I") ?? null;
  const profile = await selectProfile(ctx.db, shop.id);
  const canInvoice =
    Boolean(profile && order.invoicing && isPaidOrder(order.state)) && !views.some((one) => one.kind === "I" && one.state === "valid");
  return { invoice, credit_notes: views.filter((one) => one.kind === "E"), can_invoice: canInvoice };
}

/** POST /shops/{slug}/invoices/global: one invoice to the public for a period's paid, un-invoiced orders. */
export async function issueGlobalInvoice(ctx: AppContext, slug: string, user: SessionUser | null, period: { from: string; to: string }) {
  const { shop } = await requireInvoiceDesk(ctx, slug, user);
  const profile = requireProfile(await selectProfile(ctx.db, shop.id));
  const to = new Date(`${period.to}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  const sales = await selectUninvoicedOrders(ctx.db, shop.id, new Date(`${period.from}T00:00:00Z`), to);
  if (sales.length === 0) throw new AppError("invoice_global_empty");
  const month = new Date(`${period.to}T00:00:00Z`);
  const row = await issue(ctx, {
    shopId: shop.id,
    orderId: null,
    coveredOrderIds: sales.map((sale) => sale.id),
    kind: "I",
    receiver: { rfc: PUBLIC_RFC, name: "PUBLICO EN GENERAL", regime: "616", use: "S01", postalCode: profile.postalCode },
    customerId: null,
    customerEmail: null,
    lines: sales.map((sale) => ({
      description: `${translate("es", "invoice_concept_global")} ${sale.number}`,
      quantity: 1,
      gross: sale.total,
      ...SALE,
    })),
    currency: sales[0].currency,
    paymentForm: "31",
    global: { month: month.getUTCMonth() + 1, year: month.getUTCFullYear() },
  });
  return listedView(ctx, row.id);
}

// ---------------------------------------------------------------------------------------------------------------
// Cancelling
// ---------------------------------------------------------------------------------------------------------------

/** POST /shops/{slug}/invoices/{id}/cancel: with SAT's reason; the PAC first, then the row from 'valid' once. */
export async function cancelInvoice(ctx: AppContext, slug: string, user: SessionUser | null, id: string, body: CancelInvoiceBody) {
  const { shop } = await requireInvoiceDesk(ctx, slug, user);
  const [listed] = await selectInvoices(ctx.db, and(byInvoiceId(id), eq(invoices.shopId, shop.id)));
  if (!listed) throw new AppError("invoice_not_found", { status: 404 });
  const invoice = listed.invoice;
  if (invoice.state !== "valid") throw new AppError("invoice_already_cancelled", { status: 409 });
  const profile = requireProfile(await selectProfile(ctx.db, shop.id));
  const pac =
    invoice.stamp?.pac === "facturapi" ? pacOf(ctx, { ...profile, pac: "facturapi" }) : pacOf(ctx, { ...profile, pac: "sandbox" });
  try {
    await pac.cancel({
      uuid: invoice.uuid ?? "",
      pacRef: invoice.stamp?.pacRef ?? null,
      reason: body.reason,
      replacementUuid: body.replacement_uuid,
    });
  } catch (error) {
    if (error instanceof PacError)
      throw new AppError(error.code, {
        status: error.code === "invoice_already_cancelled" ? 409 : error.code === "invoice_pac_failed" ? 502 : 422,
      });
    throw error;
  }
  const now = ctx.clock.now();
  const cancelled = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ state: "cancelled", cancelReason: body.reason, cancelledAt: now })
      .where(and(eq(invoices.id, id), eq(invoices.state, "valid")))
      .returning();
    if (row) await alertCancelled(tx, row, now);
    return row;
  });
  if (!cancelled) throw new AppError("invoice_already_cancelled", { status: 409 });
  return listedView(ctx, id);
}

// ---------------------------------------------------------------------------------------------------------------
// Lists and files
// ---------------------------------------------------------------------------------------------------------------

export async function listShopInvoices(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  query: { offset: number; limit: number; number?: string; state?: string },
) {
  const { shop } = await requireInvoiceDesk(ctx, slug, user);
  const where = invoiceFilter({ shopId: shop.id }, query);
  const [rows, total] = await Promise.all([selectInvoices(ctx.db, where, query), countInvoices(ctx.db, where)]);
  return { results: rows.map(invoiceView), matches_estimated: total };
}

export async function listMyInvoices(ctx: AppContext, user: SessionUser | null, query: { offset: number; limit: number; number?: string }) {
  if (!user) throw new AppError("unauthorized");
  const where = invoiceFilter({ customerId: user.id }, query);
  const [rows, total] = await Promise.all([selectInvoices(ctx.db, where, query), countInvoices(ctx.db, where)]);
  return { results: rows.map(invoiceView), matches_estimated: total };
}

/** GET /checkouts/{id}/invoices: the purchase's invoices, for its customer or the access token's holder. */
export async function listPurchaseInvoices(ctx: AppContext, checkoutId: string, user: SessionUser | null, token: string | undefined) {
  await loadCheckout(ctx, checkoutId, user, token);
  return { results: (await selectInvoices(ctx.db, ofCheckout(checkoutId))).map(invoiceView) };
}

async function shopInvoice(ctx: AppContext, slug: string, user: SessionUser | null, id: string) {
  const { shop } = await requireInvoiceDesk(ctx, slug, user);
  const [row] = await selectInvoices(ctx.db, and(byInvoiceId(id), eq(invoices.shopId, shop.id)));
  if (!row?.invoice.xml) throw new AppError("invoice_not_found", { status: 404 });
  return row.invoice;
}

/** The receiver's invoice: its customer, or whoever holds its purchase's access token. */
async function receiverInvoice(ctx: AppContext, id: string, user: SessionUser | null, token: string | undefined) {
  const [row] = await selectInvoices(ctx.db, byInvoiceId(id));
  if (!row?.invoice.xml) throw new AppError("invoice_not_found", { status: 404 });
  if (user && row.invoice.customerId === user.id) return row.invoice;
  if (!row.checkoutId || !token) throw new AppError("invoice_not_found", { status: 404 });
  await loadCheckout(ctx, row.checkoutId, null, token).catch(() => {
    throw new AppError("invoice_not_found", { status: 404 });
  });
  return row.invoice;
}

async function pdfOf(ctx: AppContext, invoice: InvoiceRow, locale: Locale) {
  try {
    return await renderInvoicePdf(invoice, locale);
  } catch (error) {
    ctx.log.error({ err: error, invoice: invoice.id }, "invoice PDF failed");
    throw new AppError("unknown", { status: 500 });
  }
}

export async function shopInvoiceFile(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  id: string,
  kind: "xml" | "pdf",
  locale: Locale,
) {
  const invoice = await shopInvoice(ctx, slug, user, id);
  return { number: invoice.number, body: kind === "xml" ? Buffer.from(invoice.xml ?? "") : await pdfOf(ctx, invoice, locale) };
}

export async function invoiceFile(
  ctx: AppContext,
  id: string,
  user: SessionUser | null,
  token: string | undefined,
  kind: "xml" | "pdf",
  locale: Locale,
) {
  const invoice = await receiverInvoice(ctx, id, user, token);
  return { number: invoice.number, body: kind === "xml" ? Buffer.from(invoice.xml ?? "") : await pdfOf(ctx, invoice, locale) };
}

// ---------------------------------------------------------------------------------------------------------------
// Telling people: the 'invoicing' alerts and the customer's e-mail
// ---------------------------------------------------------------------------------------------------------------

async function deskAlerts(tx: DbOrTx, invoice: InvoiceRow, message: AlertInput["message"]): Promise<AlertInput[]> {
  const shop = await selectShopSlug(tx, invoice.shopId);
  return (await selectInvoiceDesk(tx, invoice.shopId)).map((recipientId) => ({
    recipientId,
    originApp: "invoicing",
    params: { type: "invoice", subtype: "admin", invoice: invoice.number, shop, ...(invoice.orderId ? { order: invoice.orderId } : {}) },
    message,
  }));
}

async function alertIssued(tx: DbOrTx, invoice: InvoiceRow, now: Date) {
  const code = invoice.kind === "E" ? "alert_credit_note_issued" : "alert_invoice_issued_admin";
  const inputs = await deskAlerts(tx, invoice, { code, vars: { number: invoice.number } });
  if (invoice.customerId) {
    inputs.push({
      recipientId: invoice.customerId,
      originApp: "invoicing",
      params: { type: "invoice", subtype: "customer-recipient", invoice: invoice.number, role: "customer" },
      message: {
        code: invoice.kind === "E" ? "alert_credit_note_issued" : "alert_invoice_issued_customer",
        vars: { number: invoice.number },
      },
    });
  }
  await notifyAlert(tx, inputs, now);
}

async function alertCancelled(tx: DbOrTx, invoice: InvoiceRow, now: Date) {
  const message = { code: "alert_invoice_cancelled" as const, vars: { number: invoice.number } };
  const inputs = await deskAlerts(tx, invoice, message);
  if (invoice.customerId)
    inputs.push({
      recipientId: invoice.customerId,
      originApp: "invoicing",
      params: { type: "invoice", subtype: "customer-recipient", invoice: invoice.number, role: "customer" },
      message,
    });
  await notifyAlert(tx, inputs, now);
}

/** The customer's e-mail with the XML and the PDF, once (emailed_at); a failed send is logged, the invoice stands. */
async function emailInvoice(ctx: AppContext, invoice: InvoiceRow) {
  if (!invoice.customerEmail || invoice.emailedAt) return;
  const order = invoice.orderId ? await selectInvoiceOrder(ctx.db, invoice.orderId) : null;
  const locale = (order?.locale as Locale | null) ?? "es";
  const shop = invoice.issuerName;
  const total = formatMoney(money(invoice.total, invoice.currency), locale);
  try {
    const [claimed] = await ctx.db
      .update(invoices)
      .set({ emailedAt: ctx.clock.now() })
      .where(and(eq(invoices.id, invoice.id), sql`${invoices.emailedAt} is null`))
      .returning({ id: invoices.id });
    if (!claimed) return;
    await ctx.notifier.send({
      channel: "email",
      to: invoice.customerEmail,
      subject: translate(locale, invoice.kind === "E" ? "credit_note_mail_subject" : "invoice_mail_subject", {
        number: invoice.number,
        shop,
      }),
      body: translate(locale, "invoice_mail_body", { number: invoice.number, shop, total }),
      attachments: [
        { filename: `${invoice.number}.xml`, contentType: "application/xml", content: Buffer.from(invoice.xml ?? "") },
        { filename: `${invoice.number}.pdf`, contentType: "application/pdf", content: await renderInvoicePdf(invoice, locale) },
      ],
    });
  } catch (error) {
    ctx.log.error({ err: error, invoice: invoice.id }, "invoice e-mail failed");
    await ctx.db.update(invoices).set({ emailedAt: null }).where(eq(invoices.id, invoice.id));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reactions (subscribers.ts queues them; the jobs stamp outside any transaction)
// ---------------------------------------------------------------------------------------------------------------

/** An order was paid or its customer asked for an invoice: queue it when the shop invoices on its own. */
export async function queueAutomaticInvoice(tx: DbOrTx, orderId: string, now: Date) {
  const order = await selectInvoiceOrder(tx, orderId);
  if (!order?.invoicing || !isPaidOrder(order.state)) return;
  const profile = await selectProfile(tx, order.supplierId);
  if (!profile?.autoInvoice) return;
  await enqueueJob(tx, INVOICE_ORDER_JOB, { order_id: orderId }, now);
}

/**
 * A refund settled (a return's), or an invoiced order was cancelled after payment (its refund is part of the
 * cancellation, settled at once without a refund event): queue the credit note when the order has a valid invoice.
 */
export async function queueCreditNote(tx: DbOrTx, refund: { refund_id?: string; order_id: string; amount?: number }, now: Date) {
  if (refund.amount === 0 || !(await selectValidOrderInvoice(tx, refund.order_id))) return;
  const payload = {
    order_id: refund.order_id,
    ...(refund.refund_id ? { refund_id: refund.refund_id } : {}),
    ...(refund.amount ? { amount: String(refund.amount) } : {}),
  };
  await enqueueJob(tx, CREDIT_NOTE_JOB, payload, now);
}

/** Whether a refused stamp is worth trying again (the PAC was unreachable) rather than telling the shop. */
const retriable = (error: unknown) => error instanceof AppError && (error.code === "invoice_pac_failed" || error.status >= 500);

async function alertFailed(ctx: AppContext, shopId: string, orderNumber: number) {
  await ctx.db.transaction(async (tx) => {
    const shop = await selectShopSlug(tx, shopId);
    const inputs = (await selectInvoiceDesk(tx, shopId)).map((recipientId) => ({
      recipientId,
      originApp: "invoicing",
      params: { type: "invoice", subtype: "admin", shop },
      message: { code: "alert_invoice_failed" as const, vars: { order: orderNumber } },
    }));
    await notifyAlert(tx, inputs, ctx.clock.now());
  });
}

export async function runAutomaticInvoice(ctx: AppContext, orderId: string) {
  const order = await selectInvoiceOrder(ctx.db, orderId);
  if (!order) return;
  try {
    await invoiceOrder(ctx, order.supplierId, orderId);
  } catch (error) {
    if (error instanceof AppError && error.code === "invoice_already_issued") return;
    if (retriable(error)) throw error;
    ctx.log.warn({ err: error, order: orderId }, "automatic invoice refused");
    await alertFailed(ctx, order.supplierId, order.number);
  }
}

/** The credit note of a refund (its amount) or of a cancellation (what the invoice still holds), never beyond the invoice. */
export async function runCreditNote(ctx: AppContext, refund: { refundId?: string; orderId: string; amount?: number }) {
  const original = await selectValidOrderInvoice(ctx.db, refund.orderId);
  const order = await selectInvoiceOrder(ctx.db, refund.orderId);
  if (!original || !order) return;
  const credited = await selectCreditedTotal(ctx.db, original.id);
  const gross = Math.min(refund.amount ?? original.total, original.total - credited);
  if (gross <= 0) return;
  const read = original.xml ? readCfdiXml(original.xml) : null;
  try {
    await issue(ctx, {
      shopId: original.shopId,
      orderId: refund.orderId,
      refundId: refund.refundId,
      relatedInvoiceId: original.id,
      relatedUuid: original.uuid ?? undefined,
      kind: "E",
      receiver: read?.receiver ?? orderReceiver(order),
      customerId: original.customerId,
      customerEmail: original.customerEmail,
      lines: [
        {
          description: translate("es", "invoice_concept_refund", { number: original.number }),
          quantity: 1,
          gross,
          ...REFUND,
        },
      ],
      currency: original.currency,
      paymentForm: original.stamp?.paymentForm ?? paymentForm(order.paymentMethod),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "invoice_already_issued") return;
    if (retriable(error)) throw error;
    ctx.log.warn({ err: error, refund: refund.refundId }, "credit note refused");
    await alertFailed(ctx, original.shopId, order.number);
  }
}

export function registerInvoiceJobs() {
  registerJob(INVOICE_ORDER_JOB, (ctx, payload) => runAutomaticInvoice(ctx, payload.order_id));
  registerJob(CREDIT_NOTE_JOB, (ctx, payload) =>
    runCreditNote(ctx, {
      refundId: payload.refund_id,
      orderId: payload.order_id,
      amount: payload.amount ? Number(payload.amount) : undefined,
    }),
  );
}
