import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import { formatMoney, money } from "@tianguis/domain/money";
import {
  type CancellationReason,
  type PaidLine,
  PUBLIC_RFC,
  type TaxRate,
  invoiceNumber,
  invoiceTotals,
  issuerProblem,
  paymentForm,
  receiverProblem,
} from "@tianguis/domain/rules/cfdi";
import { FORM_TO_BE_DEFINED, type PaymentMethod, nextPartiality } from "@tianguis/domain/rules/cfdi-payments";
import { defaultSatKeys } from "@tianguis/domain/rules/sat-keys";
import type { CancelInvoiceBody, FiscalProfileBody } from "@tianguis/domain/schemas/invoice";
import { and, eq, sql } from "drizzle-orm";
import { type CfdiDocument, buildCfdiXml, readCfdiXml, satDate } from "../../adapters/invoicing/cfdi-xml";
import { FACTURAPI_URL, createFacturapiPac } from "../../adapters/invoicing/facturapi-pac";
import { type Pac, PacError, type Stamped } from "../../adapters/invoicing/pac";
import { createSandboxPac } from "../../adapters/invoicing/sandbox-pac";
import { createBanxicoRates } from "../../adapters/exchange-rates/banxico-rates";
import { type ExchangeRates, ExchangeRateError, createSandboxRates } from "../../adapters/exchange-rates/exchange-rates";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { type InvoicePayment, type InvoiceStamp, invoices, shopFiscalProfiles } from "../../db/schema/invoices";
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
  awaitsPayment,
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
  selectPaymentComplements,
  selectCoveredOrders,
  selectCreditedTotal,
  selectProfile,
  selectShopSlug,
  selectUninvoicedOrders,
  selectReplacement,
  selectValidOrderInvoice,
} from "./queries";
import { renderInvoicePdf } from "./pdf";
import { invoicingKeysKey, openPacKey, sealPacKey } from "./sealing";
import { invoiceView, profileView } from "./views";

/**
 * CFDI 4.0 invoices (issue #30 §1) — the one owner of shop_fiscal_profiles and invoices. A shop enters its fiscal data
 * once; an order whose customer asked for an invoice is invoiced in one click (or on its own when the shop says so:
 * subscribers.ts queues it when the order is paid or the customer asks); a refund's credit note relates to the invoice;
 * an invoice cancelled for errors (SAT's reason 01) is first replaced by one relating it; a global invoice covers a
 * period's other sales. Stamping goes through the shop's PAC outside any transaction: the invoice's row is reserved
 * first ('stamping', which holds the order's one invoice, the folio and the idempotency key), then completed, taken
 * back on a refusal, or finished by the sweep when the answer was lost. Stamped invoices are e-mailed to the customer
 * with their XML and PDF and raise the 'invoicing' alerts.
 */

/** Item types invoiced by the unit of service (E48) when their product names no unit. */
const serviceTypes = new Set(["service", "experience", "digital"]);
const SHIPPING = { productKey: "78102203", unitKey: "E48" };
const SALE = { productKey: "01010101", unitKey: "ACT" };
const REFUND = { productKey: "84111506", unitKey: "ACT" };
export const INVOICE_ORDER_JOB = "invoice_order";
/** Finishes an invoice left 'stamping' by a request that died mid-call, this long after it was reserved. */
export const STAMP_SWEEP_JOB = "invoice_stamp_sweep";
export const STALE_STAMPING_MS = 5 * 60 * 1000;
export const CREDIT_NOTE_JOB = "invoice_credit_note";
export const PAYMENT_COMPLEMENT_JOB = "invoice_payment_complement";

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

/** The shop's PAC (or the one named): the sandbox, or Facturapi with the shop's own sealed key. */
function pacOf(ctx: AppContext, profile: ProfileRow): Pac {
  if (profile.pac === "facturapi") {
    const secretKey = profile.pacKeySealed ? openPacKey(invoicingKeysKey(ctx.config), profile.shopId, profile.pacKeySealed) : null;
    if (!secretKey) throw new AppError("invoice_pac_key_missing");
    return createFacturapiPac({ secretKey, baseUrl: ctx.config.FACTURAPI_API_URL ?? FACTURAPI_URL });
  }
  return createSandboxPac({ secret: ctx.config.APP_SECRET, now: () => ctx.clock.now() });
}

/** The configured source of exchange rates: the sandbox's table, or Banxico's SIE API with the platform's token. */
function ratesOf(ctx: AppContext): ExchangeRates {
  if (ctx.config.EXCHANGE_RATES !== "banxico") return createSandboxRates();
  if (!ctx.config.BANXICO_TOKEN) throw new AppError("invoice_exchange_rate_failed", { status: 502 });
  return createBanxicoRates({ token: ctx.config.BANXICO_TOKEN, baseUrl: ctx.config.BANXICO_API_URL });
}

/**
 * TipoCambio of a CFDI in `currency` on `day` (pesos per unit, 6 decimals), or undefined for pesos. A currency without
 * a published rate is refused (422); an unreachable source answers 502, which the jobs retry.
 */
async function exchangeRateOf(ctx: AppContext, currency: string, day: Date): Promise<string | undefined> {
  if (currency === "MXN") return undefined;
  try {
    return await ratesOf(ctx).rateOn(currency, day);
  } catch (error) {
    if (error instanceof ExchangeRateError)
      throw new AppError(error.code, { status: error.code === "invoice_exchange_rate_failed" ? 502 : 422 });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Issuing: reserve the row and folio, stamp, complete (or take back), then tell and e-mail
// ---------------------------------------------------------------------------------------------------------------

interface Draft {
  shopId: string;
  orderId: string | null;
  refundId?: string;
  relatedInvoiceId?: string;
  /** A substitute credit note's original (TipoRelacion 04 beside its invoice's 01). */
  replacesId?: string;
  replacedUuid?: string;
  coveredOrderIds?: string[];
  kind: "I" | "E" | "P";
  receiver: CfdiDocument["receiver"];
  customerId: string | null;
  customerEmail: string | null;
  lines: PaidLine[];
  currency: string;
  exchangeRate?: string;
  paymentForm: string;
  paymentMethod?: PaymentMethod;
  relatedUuid?: string;
  relation?: CfdiDocument["relation"];
  global?: CfdiDocument["global"];
  /** A payment complement's payment of the related PPD invoice: its partiality is taken under the folio's lock. */
  payment?: { key: string; invoice: InvoiceRow; amount: number | null; paidAt: Date; form: string; exchangeRate?: string };
}

function documentOf(
  draft: Draft,
  profile: ProfileRow,
  folio: number,
  totals: ReturnType<typeof invoiceTotals>,
  now: Date,
  payment: InvoicePayment | null,
): CfdiDocument {
  const paid = draft.payment?.invoice;
  return {
    kind: draft.kind,
    series: profile.series,
    folio,
    issuedAt: satDate(now),
    paymentForm: draft.paymentForm,
    ...(draft.paymentMethod ? { paymentMethod: draft.paymentMethod } : {}),
    currency: draft.currency,
    ...(draft.exchangeRate ? { exchangeRate: draft.exchangeRate } : {}),
    postalCode: profile.postalCode,
    issuer: { rfc: profile.rfc, name: profile.legalName, regime: profile.taxRegime },
    receiver: draft.receiver,
    rate: profile.taxRate as TaxRate,
    concepts: totals.concepts,
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    ...(draft.relatedUuid ? { relatedUuid: draft.relatedUuid, relation: draft.relation ?? "01" } : {}),
    ...(draft.replacedUuid ? { replacedUuid: draft.replacedUuid } : {}),
    ...(draft.global ? { global: draft.global } : {}),
    ...(payment && paid?.uuid
      ? {
          payment: {
            paidAt: satDate(new Date(payment.paidAt)),
            form: payment.form,
            currency: paid.currency,
            exchangeRate: draft.payment?.exchangeRate ?? "1",
            invoice: { uuid: paid.uuid, series: paid.series, folio: paid.folio },
            partiality: {
              number: payment.partiality,
              previousBalance: payment.previousBalance,
              paid: payment.paid,
              remaining: payment.remaining,
            },
          },
        }
      : {}),
  };
}

/**
 * A payment complement's partiality, taken inside the reservation (the profile's row is locked, so two payments of one
 * invoice are numbered one after the other): after the complements already recorded, for the amount paid (the whole
 * balance left when the payment settles the purchase), never beyond the balance.
 */
async function partialityOf(tx: DbOrTx, payment: NonNullable<Draft["payment"]>): Promise<InvoicePayment> {
  const earlier = (await selectPaymentComplements(tx, payment.invoice.id)).map((row) => row.payment?.paid ?? 0);
  const balance = payment.invoice.total - earlier.reduce((sum, one) => sum + one, 0);
  const next = nextPartiality(payment.invoice.total, earlier, payment.amount ?? balance);
  if (typeof next === "string") throw new AppError(next, { status: 409 });
  return {
    partiality: next.number,
    previousBalance: next.previousBalance,
    paid: next.paid,
    remaining: next.remaining,
    paidAt: payment.paidAt.toISOString(),
    form: payment.form,
  };
}

/**
 * Takes the profile's next folio and inserts the invoice 'stamping' with the document the PAC is sent and the PAC that
 * is asked (one transaction, the profile's row locked), and queues the sweep that finishes it if this request dies
 * before the PAC's answer is recorded.
 */
async function reserveInvoice(ctx: AppContext, draft: Draft, totals: ReturnType<typeof invoiceTotals>, pacName: string) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const [profile] = await tx
        .update(shopFiscalProfiles)
        .set({ nextFolio: sql`${shopFiscalProfiles.nextFolio} + 1` })
        .where(eq(shopFiscalProfiles.shopId, draft.shopId))
        .returning();
      if (!profile) throw new AppError("invoice_profile_missing");
      const folio = profile.nextFolio - 1;
      const payment = draft.payment ? await partialityOf(tx, draft.payment) : null;
      const [row] = await tx
        .insert(invoices)
        .values({
          shopId: draft.shopId,
          orderId: draft.orderId,
          refundId: draft.refundId ?? null,
          relatedInvoiceId: draft.relatedInvoiceId ?? null,
          replacesId: draft.replacesId ?? null,
          coveredOrderIds: draft.coveredOrderIds ?? null,
          kind: draft.kind,
          state: "stamping",
          series: profile.series,
          folio,
          number: invoiceNumber(profile.series, folio),
          issuerRfc: profile.rfc,
          issuerName: profile.legalName,
          receiverRfc: draft.receiver.rfc,
          receiverName: draft.receiver.name,
          cfdiUse: draft.kind === "P" ? "CP01" : draft.receiver.use,
          customerId: draft.customerId,
          customerEmail: draft.customerEmail,
          subtotal: totals.subtotal,
          tax: totals.tax,
          total: payment ? payment.paid : totals.total,
          currency: draft.currency,
          exchangeRate: draft.exchangeRate ?? null,
          paymentMethod: draft.paymentMethod ?? "PUE",
          payment,
          paymentKey: draft.payment?.key ?? null,
          pac: pacName,
          document: documentOf(draft, profile, folio, totals, now, payment),
          createdAt: now,
        })
        .returning();
      await enqueueJob(tx, STAMP_SWEEP_JOB, { invoice_id: row.id }, new Date(now.getTime() + STALE_STAMPING_MS));
      return row;
    });
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === "23505") throw new AppError("invoice_already_issued", { status: 409 });
    throw error;
  }
}

/**
 * Asks the PAC to stamp a 'stamping' row's document with the row's idempotency key, and records the answer: the row
 * valid with the stamped XML (once: a second answer for the same row changes nothing), or deleted when the PAC refuses
 * it by SAT's rules. An unreachable PAC or an answer lost mid-call leaves the row 'stamping' for the sweep, which asks
 * again with the same key; the PAC answers the stamp it made, never a second one. Answers the row and whether this
 * call recorded it (then the caller tells people).
 */
async function stampReserved(ctx: AppContext, reserved: InvoiceRow): Promise<{ row: InvoiceRow; recorded: boolean }> {
  const document = reserved.document;
  if (!document) throw new AppError("invoice_xml_invalid");
  const profile = requireProfile(await selectProfile(ctx.db, reserved.shopId));
  const pac = pacOf(ctx, { ...profile, pac: reserved.pac });
  let stamped: Stamped;
  try {
    stamped = await pac.stamp({ document, xml: buildCfdiXml(document), idempotencyKey: reserved.stampKey });
  } catch (error) {
    if (error instanceof PacError && error.code !== "invoice_pac_failed") {
      await ctx.db.delete(invoices).where(and(eq(invoices.id, reserved.id), eq(invoices.state, "stamping")));
      throw new AppError(error.code, { status: 422 });
    }
    ctx.log.warn({ err: error, invoice: reserved.id }, "stamp unanswered; the sweep asks the PAC again");
    throw new AppError("invoice_pac_failed", { status: 502 });
  }
  const read = readCfdiXml(stamped.xml);
  const stamp: InvoiceStamp = {
    satSeal: stamped.satSeal,
    satCertificate: stamped.satCertificate,
    issuerSeal: stamped.issuerSeal,
    pacRef: stamped.pacRef,
    pac: pac.name,
    paymentForm: document.paymentForm,
  };
  const [row] = await ctx.db
    .update(invoices)
    .set({
      state: "valid",
      uuid: stamped.uuid,
      xml: stamped.xml,
      stamp,
      document: null,
      stampedAt: stamped.stampedAt,
      // A payment CFDI's totals are 0 by SAT's rule; its row keeps the amount paid.
      ...(reserved.kind === "P"
        ? {}
        : { subtotal: read?.subtotal ?? document.subtotal, tax: read?.totalTax ?? document.tax, total: read?.total ?? document.total }),
    })
    .where(and(eq(invoices.id, reserved.id), eq(invoices.state, "stamping")))
    .returning();
  if (row) return { row, recorded: true };
  const [current] = await ctx.db.select().from(invoices).where(eq(invoices.id, reserved.id));
  if (!current) throw new AppError("invoice_not_found", { status: 404 });
  return { row: current, recorded: false };
}

/** Tells the desk and the customer of a stamped invoice, and e-mails it. */
async function announce(ctx: AppContext, row: InvoiceRow) {
  await ctx.db.transaction(async (tx) => alertIssued(tx, row, ctx.clock.now()));
  await emailInvoice(ctx, row);
}

/** Stamps a draft: the invoice row, valid, with the PAC's XML and the totals as stamped. */
async function issue(ctx: AppContext, draft: Draft): Promise<InvoiceRow> {
  const profile = requireProfile(await selectProfile(ctx.db, draft.shopId));
  const totals = invoiceTotals(draft.lines, profile.taxRate as TaxRate);
  const pac = pacOf(ctx, profile);
  const reserved = await reserveInvoice(ctx, draft, totals, pac.name);
  const { row, recorded } = await stampReserved(ctx, reserved);
  if (recorded) await announce(ctx, row);
  return row;
}

/**
 * The sweep of one invoice (STAMP_SWEEP_JOB, queued with its reservation): still 'stamping' this long after, the request
 * that reserved it died or lost the PAC's answer. The PAC is asked again by the invoice's key: the stamp it made is
 * recorded (or, when it never got the first request, it stamps now, once); a refusal takes the row back and tells the
 * shop; an unreachable PAC fails the job, which the runner retries.
 */
export async function sweepStamping(ctx: AppContext, invoiceId: string) {
  const [reserved] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (reserved?.state !== "stamping") return;
  try {
    const { row, recorded } = await stampReserved(ctx, reserved);
    if (recorded) await announce(ctx, row);
  } catch (error) {
    if (retriable(error)) throw error;
    ctx.log.warn({ err: error, invoice: invoiceId }, "swept stamp refused");
    const order = reserved.orderId ? await selectInvoiceOrder(ctx.db, reserved.orderId) : null;
    if (order) await alertFailed(ctx, reserved.shopId, order.number);
  }
}

/**
 * How an order is invoiced now: PUE with how it was paid once it is paid; PPD 'por definir' (99) while it awaits an
 * offline payment the customer started (its payment then gets a complement); never otherwise.
 */
function orderPayment(order: InvoiceOrder, now: Date): { paymentMethod: PaymentMethod; paymentForm: string } {
  if (isPaidOrder(order.state)) return { paymentMethod: "PUE", paymentForm: paymentForm(order.paymentMethod) };
  if (awaitsPayment(order, now)) return { paymentMethod: "PPD", paymentForm: FORM_TO_BE_DEFINED };
  throw new AppError("invoice_order_not_paid");
}

/** The customer's data as the receiver, or why there is none. */
function orderReceiver(order: InvoiceOrder): CfdiDocument["receiver"] {
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

/** An order's concepts: each line with its product's SAT keys (or the defaults for goods or services), and shipping. */
async function orderLines(db: DbOrTx, order: InvoiceOrder, locale: Locale): Promise<PaidLine[]> {
  const lines: PaidLine[] = (await selectOrderLines(db, order.id)).map((line) => {
    const defaults = defaultSatKeys(serviceTypes.has(line.type));
    return {
      description: line.name,
      quantity: line.quantity,
      gross: line.total,
      productKey: line.productKey ?? defaults.productKey,
      unitKey: line.unitKey ?? defaults.unitKey,
    };
  });
  if (order.shippingCost > 0)
    lines.push({ description: translate(locale, "invoice_concept_shipping"), quantity: 1, gross: order.shippingCost, ...SHIPPING });
  return lines;
}

/** The draft of an order's invoice with its customer's current data (a replacement carries the corrections). */
async function orderDraft(ctx: AppContext, shopId: string, order: InvoiceOrder): Promise<Draft> {
  const payment = orderPayment(order, ctx.clock.now());
  return {
    shopId,
    orderId: order.id,
    kind: "I",
    receiver: orderReceiver(order),
    customerId: order.customerId,
    customerEmail: order.email,
    lines: await orderLines(ctx.db, order, "es"),
    currency: order.currency,
    exchangeRate: await exchangeRateOf(ctx, order.currency, ctx.clock.now()),
    ...payment,
  };
}

/** Invoices one of the shop's orders with its customer's data (the seller's click, the automatic job, the demo seed). */
export async function invoiceOrder(ctx: AppContext, shopId: string, orderId: string): Promise<InvoiceRow> {
  const order = await selectInvoiceOrder(ctx.db, orderId);
  if (!order || order.supplierId !== shopId) throw new AppError("order_not_found", { status: 404 });
  requireProfile(await selectProfile(ctx.db, shopId));
  // A replacement (related to the invoice it replaced) is the order's invoice too.
  if (await selectValidOrderInvoice(ctx.db, orderId)) throw new AppError("invoice_already_issued", { status: 409 });
  return issue(ctx, await orderDraft(ctx, shopId, order));
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
  const awaiting = awaitsPayment(order, ctx.clock.now());
  const payable = isPaidOrder(order.state) || awaiting;
  const canInvoice = Boolean(profile && order.invoicing && payable) && !views.some((one) => one.kind === "I" && one.state === "valid");
  return {
    invoice,
    credit_notes: views.filter((one) => one.kind === "E"),
    payment_complements: views.filter((one) => one.kind === "P").reverse(),
    can_invoice: canInvoice,
    awaiting_payment: awaiting,
  };
}

/** A global invoice's draft: one concept per sale, to the public (XAXX010101000, 616, S01), with its period. */
async function globalDraft(
  ctx: AppContext,
  profile: ProfileRow,
  sales: { id: string; number: number; total: number; currency: string }[],
  period: { month: number; year: number },
): Promise<Draft> {
  return {
    shopId: profile.shopId,
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
    exchangeRate: await exchangeRateOf(ctx, sales[0].currency, ctx.clock.now()),
    paymentForm: "31",
    global: period,
  };
}

/** POST /shops/{slug}/invoices/global: one invoice to the public for a period's paid, un-invoiced orders. */
export async function issueGlobalInvoice(ctx: AppContext, slug: string, user: SessionUser | null, period: { from: string; to: string }) {
  const { shop } = await requireInvoiceDesk(ctx, slug, user);
  const profile = requireProfile(await selectProfile(ctx.db, shop.id));
  const to = new Date(`${period.to}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  const found = await selectUninvoicedOrders(ctx.db, shop.id, new Date(`${period.from}T00:00:00Z`), to);
  if (found.length === 0) throw new AppError("invoice_global_empty");
  // One currency per CFDI: the period's sales in the first one found; asking again covers those in another.
  const sales = found.filter((sale) => sale.currency === found[0].currency);
  const month = new Date(`${period.to}T00:00:00Z`);
  const row = await issue(ctx, await globalDraft(ctx, profile, sales, { month: month.getUTCMonth() + 1, year: month.getUTCFullYear() }));
  return listedView(ctx, row.id);
}

// ---------------------------------------------------------------------------------------------------------------
// Cancelling
// ---------------------------------------------------------------------------------------------------------------

/** The PAC an invoice was stamped by, to cancel it there. */
function stampingPac(ctx: AppContext, profile: ProfileRow, invoice: InvoiceRow): Pac {
  return pacOf(ctx, { ...profile, pac: invoice.stamp?.pac === "facturapi" ? "facturapi" : "sandbox" });
}

/** Cancels a valid invoice with SAT's reason: the PAC first, then the row from 'valid' once; alerts both sides. */
async function cancelStamped(ctx: AppContext, invoice: InvoiceRow, reason: CancellationReason, replacementUuid?: string) {
  const profile = requireProfile(await selectProfile(ctx.db, invoice.shopId));
  try {
    await stampingPac(ctx, profile, invoice).cancel({
      uuid: invoice.uuid ?? "",
      pacRef: invoice.stamp?.pacRef ?? null,
      reason,
      replacementUuid,
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
      .set({ state: "cancelled", cancelReason: reason, cancelledAt: now })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.state, "valid")))
      .returning();
    if (row) await alertCancelled(tx, row, now);
    return row;
  });
  if (!cancelled) throw new AppError("invoice_already_cancelled", { status: 409 });
}

async function validShopInvoice(ctx: AppContext, shopId: string, id: string): Promise<InvoiceRow> {
  const [listed] = await selectInvoices(ctx.db, and(byInvoiceId(id), eq(invoices.shopId, shopId)));
  if (!listed) throw new AppError("invoice_not_found", { status: 404 });
  if (listed.invoice.state !== "valid") throw new AppError("invoice_already_cancelled", { status: 409 });
  return listed.invoice;
}

/** SAT cancels a PPD invoice's payment complements before the invoice: one with complements is refused. */
async function requireNoPayments(ctx: AppContext, invoice: InvoiceRow) {
  if (invoice.paymentMethod === "PPD" && (await selectPaymentComplements(ctx.db, invoice.id)).length > 0)
    throw new AppError("invoice_has_payments", { status: 409 });
}

/**
 * POST /shops/{slug}/invoices/{id}/cancel: with SAT's reason. Reason 01 ('issued with errors, with a relation') names
 * the invoice's substitute: the valid invoice of this shop that relates it by TipoRelacion 04 (issued by
 * POST …/replace), as SAT's FolioSustitucion.
 */
export async function cancelInvoice(ctx: AppContext, slug: string, user: SessionUser | null, id: string, body: CancelInvoiceBody) {
  const { shop } = await requireInvoiceDesk(ctx, slug, user);
  const invoice = await validShopInvoice(ctx, shop.id, id);
  await requireNoPayments(ctx, invoice);
  if (body.reason === "01") {
    const substitute = await selectReplacement(ctx.db, invoice.id);
    if (!substitute?.uuid || substitute.uuid !== body.replacement_uuid?.toUpperCase())
      throw new AppError("validation_failed", { fields: { replacement_uuid: "invoice_replacement_required" } });
  }
  await cancelStamped(ctx, invoice, body.reason, body.reason === "01" ? (body.replacement_uuid?.toUpperCase() ?? undefined) : undefined);
  return listedView(ctx, id);
}

/**
 * The substitute's draft of a CFDI cancelled for errors (SAT's reason 01): an order's invoice again with the customer's
 * current data; a global invoice again for the orders it covers and its period; both related to the original by
 * TipoRelacion 04. A credit note again for the same amount, related to its order's valid invoice (01) and to the note it
 * replaces (04).
 */
async function substituteDraft(ctx: AppContext, profile: ProfileRow, original: InvoiceRow & { uuid: string }): Promise<Draft> {
  const read = original.xml ? readCfdiXml(original.xml) : null;
  if (original.kind === "E") {
    const invoice = original.orderId ? await selectValidOrderInvoice(ctx.db, original.orderId) : null;
    if (!invoice?.uuid || !read) throw new AppError("invoice_replacement_unsupported");
    const invoiceRead = invoice.xml ? readCfdiXml(invoice.xml) : null;
    return {
      shopId: original.shopId,
      orderId: original.orderId,
      relatedInvoiceId: invoice.id,
      replacesId: original.id,
      kind: "E",
      receiver: invoiceRead?.receiver ?? read.receiver,
      customerId: original.customerId,
      customerEmail: original.customerEmail,
      lines: read.concepts.map((concept) => ({
        description: concept.description ?? "",
        quantity: concept.quantity,
        gross: (concept.base ?? 0) + (concept.transfers[0]?.tax ?? 0),
        productKey: concept.productKey ?? REFUND.productKey,
        unitKey: concept.unitKey ?? REFUND.unitKey,
      })),
      currency: original.currency,
      exchangeRate: original.exchangeRate ?? undefined,
      paymentForm: original.stamp?.paymentForm ?? read.paymentForm ?? "31",
      relatedUuid: invoice.uuid,
      relation: "01",
      replacedUuid: original.uuid,
    };
  }
  const related = { relatedInvoiceId: original.id, relatedUuid: original.uuid, relation: "04" as const };
  if (!original.orderId) {
    const sales = await selectCoveredOrders(ctx.db, original.coveredOrderIds ?? []);
    if (sales.length === 0 || !read?.global) throw new AppError("invoice_replacement_unsupported");
    return { ...(await globalDraft(ctx, profile, sales, read.global)), ...related };
  }
  const order = await selectInvoiceOrder(ctx.db, original.orderId);
  if (!order) throw new AppError("order_not_found", { status: 404 });
  return { ...(await orderDraft(ctx, original.shopId, order)), ...related };
}

/**
 * POST /shops/{slug}/invoices/{id}/replace: SAT's reason 01. The seller issues the substitute of an order's invoice, a
 * global invoice or a credit note (substituteDraft), then the original is cancelled with reason 01 naming the
 * substitute's folio fiscal. A substitute already stamped (the cancel failed before) is reused, never stamped twice (a
 * partial unique index holds one per invoice). A payment complement is not replaced.
 */
export async function replaceInvoice(ctx: AppContext, slug: string, user: SessionUser | null, id: string) {
  const { shop } = await requireInvoiceDesk(ctx, slug, user);
  const original = await validShopInvoice(ctx, shop.id, id);
  const uuid = original.uuid;
  if (original.kind === "P" || !uuid) throw new AppError("invoice_replacement_unsupported");
  await requireNoPayments(ctx, original);
  let substitute = await selectReplacement(ctx.db, original.id);
  if (!substitute) {
    const profile = requireProfile(await selectProfile(ctx.db, shop.id));
    substitute = await issue(ctx, await substituteDraft(ctx, profile, { ...original, uuid }));
  }
  await cancelStamped(ctx, original, "01", substitute.uuid ?? undefined);
  return listedView(ctx, substitute.id);
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

const issuedAlert = { I: "alert_invoice_issued_admin", E: "alert_credit_note_issued", P: "alert_payment_complement_issued" } as const;
const receivedAlert = { I: "alert_invoice_issued_customer", E: "alert_credit_note_issued", P: "alert_payment_complement_issued" } as const;
const mailSubject = { I: "invoice_mail_subject", E: "credit_note_mail_subject", P: "payment_complement_mail_subject" } as const;

async function alertIssued(tx: DbOrTx, invoice: InvoiceRow, now: Date) {
  const kind = invoice.kind as keyof typeof issuedAlert;
  const code = issuedAlert[kind];
  const inputs = await deskAlerts(tx, invoice, { code, vars: { number: invoice.number } });
  if (invoice.customerId) {
    inputs.push({
      recipientId: invoice.customerId,
      originApp: "invoicing",
      params: { type: "invoice", subtype: "customer-recipient", invoice: invoice.number, role: "customer" },
      message: { code: receivedAlert[kind], vars: { number: invoice.number } },
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
      subject: translate(locale, mailSubject[invoice.kind as keyof typeof mailSubject], {
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

/**
 * A purchase was paid: each of its orders invoiced PPD before the money arrived gets its payment complement (queued;
 * the job stamps it). One per payment: the key names the purchase's payment of that order.
 */
export async function queuePaymentComplements(
  tx: DbOrTx,
  purchase: { checkout_id: string; order_ids: string[]; method: string },
  now: Date,
) {
  for (const orderId of purchase.order_ids) {
    const invoice = await selectValidOrderInvoice(tx, orderId);
    if (invoice?.paymentMethod !== "PPD") continue;
    const payload = {
      order_id: orderId,
      payment_key: `purchase:${purchase.checkout_id}:${orderId}`,
      paid_at: now.toISOString(),
      method: purchase.method,
    };
    await enqueueJob(tx, PAYMENT_COMPLEMENT_JOB, payload, now);
  }
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
      exchangeRate: original.exchangeRate ?? undefined,
      paymentForm: original.stamp?.paymentForm ?? paymentForm(order.paymentMethod),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "invoice_already_issued") return;
    if (retriable(error)) throw error;
    ctx.log.warn({ err: error, refund: refund.refundId }, "credit note refused");
    await alertFailed(ctx, original.shopId, order.number);
  }
}

/**
 * The payment complement (CFDI P) of a payment of an order invoiced PPD: related to the invoice's UUID, the payment
 * settles what the invoice still owes (the last partiality, balance left 0), by the form it came in. Once per payment
 * (its key is unique); a refusal tells the shop.
 */
export async function runPaymentComplement(ctx: AppContext, payment: { orderId: string; key: string; paidAt: Date; method: string }) {
  const invoice = await selectValidOrderInvoice(ctx.db, payment.orderId);
  const order = await selectInvoiceOrder(ctx.db, payment.orderId);
  if (invoice?.paymentMethod !== "PPD" || !invoice.uuid || !order) return;
  const read = invoice.xml ? readCfdiXml(invoice.xml) : null;
  try {
    await issue(ctx, {
      shopId: invoice.shopId,
      orderId: payment.orderId,
      relatedInvoiceId: invoice.id,
      kind: "P",
      receiver: read?.receiver ?? orderReceiver(order),
      customerId: invoice.customerId,
      customerEmail: invoice.customerEmail,
      lines: [],
      currency: invoice.currency,
      paymentForm: paymentForm(payment.method),
      payment: {
        key: payment.key,
        invoice,
        amount: null,
        paidAt: payment.paidAt,
        form: paymentForm(payment.method),
        exchangeRate: await exchangeRateOf(ctx, invoice.currency, payment.paidAt),
      },
    });
  } catch (error) {
    if (error instanceof AppError && (error.code === "invoice_already_issued" || error.code === "invoice_already_paid")) return;
    if (retriable(error)) throw error;
    ctx.log.warn({ err: error, order: payment.orderId }, "payment complement refused");
    await alertFailed(ctx, invoice.shopId, order.number);
  }
}

export function registerInvoiceJobs() {
  registerJob(PAYMENT_COMPLEMENT_JOB, (ctx, payload) =>
    runPaymentComplement(ctx, {
      orderId: payload.order_id,
      key: payload.payment_key,
      paidAt: new Date(payload.paid_at),
      method: payload.method,
    }),
  );
  registerJob(INVOICE_ORDER_JOB, (ctx, payload) => runAutomaticInvoice(ctx, payload.order_id));
  registerJob(STAMP_SWEEP_JOB, (ctx, payload) => sweepStamping(ctx, payload.invoice_id));
  registerJob(CREDIT_NOTE_JOB, (ctx, payload) =>
    runCreditNote(ctx, {
      refundId: payload.refund_id,
      orderId: payload.order_id,
      amount: payload.amount ? Number(payload.amount) : undefined,
    }),
  );
}
