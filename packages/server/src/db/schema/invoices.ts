import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CfdiDocument } from "../../adapters/invoicing/cfdi-xml";
import { users } from "./accounts";
import { orders } from "./orders";
import { shops } from "./shops";

/**
 * CFDI 4.0 invoices (issue #30 §1). Only modules/invoices writes these tables.
 * A shop's fiscal data, entered once: what its invoices are issued with, the next folio of its series, whether a
 * customer's request is invoiced on its own, and which PAC stamps (the built-in sandbox, or Facturapi with the shop's
 * own secret key, sealed like the payment keys).
 */
export const shopFiscalProfiles = pgTable("shop_fiscal_profiles", {
  shopId: uuid("shop_id")
    .primaryKey()
    .references(() => shops.id, { onDelete: "cascade" }),
  rfc: text("rfc").notNull(),
  legalName: text("legal_name").notNull(),
  taxRegime: text("tax_regime").notNull(),
  postalCode: text("postal_code").notNull(),
  series: text("series").notNull(),
  /** The folio the next invoice takes; moved on under the row's lock, so two invoices never share one. */
  nextFolio: integer("next_folio").notNull().default(1),
  /** iva16, iva8, iva0 or exempt (rules/cfdi.ts). */
  taxRate: text("tax_rate").notNull().default("iva16"),
  autoInvoice: boolean("auto_invoice").notNull().default(false),
  /** sandbox or facturapi. */
  pac: text("pac").notNull().default("sandbox"),
  /** The Facturapi secret key, AES-256-GCM sealed with the shop as associated data; null when none was given. */
  pacKeySealed: text("pac_key_sealed"),
  pacKeyHint: text("pac_key_hint"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export interface InvoiceStamp {
  satSeal: string;
  satCertificate: string;
  issuerSeal: string;
  /** The PAC's own id of the invoice (Facturapi's), to cancel it there. */
  pacRef: string | null;
  pac: string;
  paymentForm: string;
}

/** A payment complement's (kind P) payment: which one it is and its partiality of the PPD invoice it relates. */
export interface InvoicePayment {
  partiality: number;
  previousBalance: number;
  paid: number;
  remaining: number;
  /** When the money arrived (ISO) and its c_FormaPago. */
  paidAt: string;
  form: string;
}

/**
 * A stamped CFDI: an order's invoice (I, PUE when paid or PPD when issued before its money arrived), a payment
 * complement of a PPD invoice (P, related to it: one per payment received, `payment_key`), a refund's credit note (E, related to its invoice), an invoice that replaces a
 * cancelled one (I, related to it: SAT's TipoRelacion 04) or a global invoice to the public (I, no order: it covers
 * `covered_order_ids`). 'stamping' from before the PAC is asked until it answers: the row holds the order's one
 * invoice (a double click stamps once), the document sent and the idempotency key it was sent with, so a crash
 * mid-call is finished by the sweep (modules/invoices: it asks the PAC again by the key, which never stamps twice); a
 * refused stamp deletes the row again.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** A credit note's refund: a refund is credited once. */
    refundId: uuid("refund_id").unique(),
    /** A credit note's invoice (kind E), a payment complement's (P), or the cancelled invoice this one replaces (kind I). */
    relatedInvoiceId: uuid("related_invoice_id"),
    /** The credit note a substitute credit note replaces (TipoRelacion 04 beside its invoice's 01). */
    replacesId: uuid("replaces_id"),
    kind: text("kind").notNull(),
    state: text("state").notNull().default("stamping"),
    series: text("series").notNull(),
    folio: integer("folio").notNull(),
    /** "A-17", kept for the prefix filter. */
    number: text("number").notNull(),
    uuid: text("uuid"),
    issuerRfc: text("issuer_rfc").notNull(),
    issuerName: text("issuer_name").notNull(),
    receiverRfc: text("receiver_rfc").notNull(),
    receiverName: text("receiver_name").notNull(),
    cfdiUse: text("cfdi_use").notNull(),
    /** The customer who may read it as receiver (null for a guest or the public). */
    customerId: uuid("customer_id").references(() => users.id, { onDelete: "set null" }),
    customerEmail: text("customer_email"),
    subtotal: integer("subtotal").notNull(),
    tax: integer("tax").notNull(),
    total: integer("total").notNull(),
    currency: text("currency").notNull(),
    /** TipoCambio (pesos per unit) of an invoice in another currency; null for MXN. */
    exchangeRate: text("exchange_rate"),
    /** c_MetodoPago of an ingreso: PUE, or PPD when issued before it was paid (its payments get complements). */
    paymentMethod: text("payment_method").notNull().default("PUE"),
    /** A payment complement's payment (kind P); `total` is then the amount paid. */
    payment: jsonb("payment").$type<InvoicePayment>(),
    /** The payment a complement records (one complement per payment received). */
    paymentKey: text("payment_key").unique(),
    xml: text("xml"),
    stamp: jsonb("stamp").$type<InvoiceStamp>(),
    /** The PAC asked (sandbox or facturapi): the sweep asks the same one again. */
    pac: text("pac").notNull().default("sandbox"),
    /** The idempotency key the PAC is asked with (every ask of one invoice sends the same key and document). */
    stampKey: uuid("stamp_key").notNull().defaultRandom().unique(),
    /** The document sent to the PAC while 'stamping', for the sweep to send again; cleared once stamped. */
    document: jsonb("document").$type<CfdiDocument>(),
    coveredOrderIds: jsonb("covered_order_ids").$type<string[]>(),
    cancelReason: text("cancel_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    stampedAt: timestamp("stamped_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (table) => [
    unique("invoices_shop_series_folio").on(table.shopId, table.series, table.folio),
    uniqueIndex("invoices_one_per_order")
      .on(table.orderId)
      .where(sql`${table.kind} = 'I' and ${table.relatedInvoiceId} is null and ${table.state} in ('stamping', 'valid')`),
    /** An invoice is replaced once (the substitute, while stamping or valid). */
    uniqueIndex("invoices_one_replacement")
      .on(table.relatedInvoiceId)
      .where(sql`${table.kind} = 'I' and ${table.state} in ('stamping', 'valid')`),
    /** A credit note is replaced once. */
    uniqueIndex("invoices_one_note_replacement")
      .on(table.replacesId)
      .where(sql`${table.state} in ('stamping', 'valid')`),
    index("invoices_shop_created_idx").on(table.shopId, table.createdAt),
    index("invoices_customer_idx").on(table.customerId, table.createdAt),
    check("invoices_kind_known", sql`${table.kind} in ('I', 'E', 'P')`),
    check("invoices_payment_method_known", sql`${table.paymentMethod} in ('PUE', 'PPD')`),
    check("invoices_state_known", sql`${table.state} in ('stamping', 'valid', 'cancelled')`),
  ],
);
