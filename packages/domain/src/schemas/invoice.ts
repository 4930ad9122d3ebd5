import { z } from "zod";
import { cancellationReasons, invoiceKinds, invoiceStates, taxRates } from "../rules/cfdi";
import { paymentMethods } from "../rules/cfdi-payments";
import { RFC_PATTERN, cfdiUses, taxRegimes } from "./order";

/**
 * CFDI 4.0 invoices (issue #30 §1): a shop's fiscal data, its invoices and credit notes, the lists of /admin/facturas
 * (with the spec's invoice-number prefix filter) and /facturas. Money is integer minor units.
 */

/** Invoices per page on both lists. */
export const INVOICES_PAGE_SIZE = 10;

export const pacNames = ["sandbox", "facturapi"] as const;

const rfc = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(RFC_PATTERN, { message: "invalid_rfc" }));

/** PUT /shops/{slug}/fiscal-profile: entered once; the Facturapi key is written only, never read back. */
export const fiscalProfileBody = z.object({
  rfc,
  legal_name: z.string().trim().min(1, { message: "required" }).max(300),
  tax_regime: z.enum(taxRegimes, { message: "required" }),
  postal_code: z.string().regex(/^\d{5}$/, { message: "invalid_postal_code" }),
  series: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,10}$/, { message: "invoice_series_invalid" }),
  tax_rate: z.enum(taxRates),
  auto_invoice: z.boolean(),
  pac: z.enum(pacNames),
  /** A new Facturapi secret key (sk_test_… or sk_live_…); left out to keep the one saved. */
  pac_key: z
    .string()
    .trim()
    .regex(/^sk_(test|live)_[A-Za-z0-9]{8,100}$/, { message: "invoice_pac_key_invalid" })
    .optional(),
});
export type FiscalProfileBody = z.infer<typeof fiscalProfileBody>;

export const fiscalProfileView = z.object({
  rfc: z.string(),
  legal_name: z.string(),
  tax_regime: z.enum(taxRegimes),
  postal_code: z.string(),
  series: z.string(),
  next_folio: z.number().int(),
  tax_rate: z.enum(taxRates),
  auto_invoice: z.boolean(),
  pac: z.enum(pacNames),
  /** The saved key's last 4 characters, or null. */
  pac_key_hint: z.string().nullable(),
});
export type FiscalProfileView = z.infer<typeof fiscalProfileView>;

export const fiscalProfileAnswer = z.object({ profile: fiscalProfileView.nullable() });

export const invoiceView = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(invoiceKinds),
  state: z.enum(invoiceStates),
  uuid: z.string(),
  order_id: z.string().nullable(),
  order_number: z.number().int().nullable(),
  checkout_id: z.string().nullable(),
  /** A credit note's invoice, or the invoice a substitute replaces (TipoRelacion 04). */
  related_uuid: z.string().nullable(),
  /** The number of the valid invoice that replaces this one (SAT's reason 01), or null. */
  replaced_by: z.string().nullable(),
  issuer_rfc: z.string(),
  issuer_name: z.string(),
  shop_slug: z.string(),
  receiver_rfc: z.string(),
  receiver_name: z.string(),
  cfdi_use: z.string(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  /** A payment complement's total is the amount its payment paid (its XML's Total is 0 by SAT's rule). */
  total: z.number().int(),
  currency: z.string(),
  /** TipoCambio (pesos per unit) of an invoice in another currency; null for MXN. */
  exchange_rate: z.string().nullable(),
  /** c_MetodoPago: PUE, or PPD when issued before its money arrived (its payments get complements). */
  payment_method: z.enum(paymentMethods),
  /** A payment complement's partiality of its PPD invoice (related_uuid), or null. */
  payment: z
    .object({
      partiality: z.number().int(),
      previous_balance: z.number().int(),
      paid: z.number().int(),
      remaining: z.number().int(),
      paid_at: z.string(),
      form: z.string(),
    })
    .nullable(),
  cancel_reason: z.enum(cancellationReasons).nullable(),
  stamped_at: z.string(),
  cancelled_at: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

const page = {
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(INVOICES_PAGE_SIZE).default(INVOICES_PAGE_SIZE),
};

/** The spec's filter: invoices whose number ("A-17") starts with the prefix typed. */
const numberPrefix = z
  .string()
  .trim()
  .max(30)
  .regex(/^[A-Za-z0-9-]*$/, { message: "invoice_prefix_invalid" })
  .optional();

export const invoiceListQuery = z.object({ ...page, number: numberPrefix, state: z.enum(invoiceStates).optional() });
export const myInvoiceListQuery = z.object({ ...page, number: numberPrefix });

/**
 * POST /shops/{slug}/invoices/{id}/cancel: SAT's reason; 01 names the folio fiscal of the invoice's substitute (issued
 * by POST …/replace, which cancels with 01 itself).
 */
export const cancelInvoiceBody = z
  .object({
    reason: z.enum(cancellationReasons),
    replacement_uuid: z.string().uuid().optional(),
  })
  .refine((body) => body.reason !== "01" || body.replacement_uuid, {
    message: "invoice_replacement_required",
    path: ["replacement_uuid"],
  });
export type CancelInvoiceBody = z.infer<typeof cancelInvoiceBody>;

/** POST /shops/{slug}/invoices/global: the un-invoiced paid sales of a period, to the public (XAXX010101000). */
export const globalInvoiceBody = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((body) => body.from <= body.to, { message: "invalid_date_range", path: ["to"] });

/** The invoice of an order, for the order's pages (null when it has none yet). */
export const orderInvoiceAnswer = z.object({
  invoice: invoiceView.nullable(),
  credit_notes: z.array(invoiceView),
  /** The payment complements (CFDI P) of its PPD invoice, by partiality. */
  payment_complements: z.array(invoiceView),
  /** The order awaits an offline payment: invoicing it now issues a PPD invoice (form 99). */
  awaiting_payment: z.boolean(),
  /**
   * Whether the shop can invoice it now (fiscal data saved, the customer's data entered, not invoiced, and paid or
   * awaiting an offline payment: then PPD).
   */
  can_invoice: z.boolean(),
});
