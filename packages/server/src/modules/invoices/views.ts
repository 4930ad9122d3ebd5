import type { CancellationReason, InvoiceKind, InvoiceState } from "@tianguis/domain/rules/cfdi";
import type { FiscalProfileView, InvoiceView } from "@tianguis/domain/schemas/invoice";
import type { InvoiceListRow, ProfileRow } from "./queries";

export function invoiceView(row: InvoiceListRow): InvoiceView {
  const { invoice } = row;
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind as InvoiceKind,
    state: invoice.state as InvoiceState,
    uuid: invoice.uuid ?? "",
    order_id: invoice.orderId,
    order_number: row.orderNumber ?? null,
    checkout_id: row.checkoutId ?? null,
    related_uuid: row.relatedUuid,
    replaced_by: row.replacedBy,
    issuer_rfc: invoice.issuerRfc,
    issuer_name: invoice.issuerName,
    shop_slug: row.shopSlug,
    receiver_rfc: invoice.receiverRfc,
    receiver_name: invoice.receiverName,
    cfdi_use: invoice.cfdiUse,
    subtotal: invoice.subtotal,
    tax: invoice.tax,
    total: invoice.total,
    currency: invoice.currency,
    exchange_rate: invoice.exchangeRate,
    payment_method: invoice.paymentMethod as InvoiceView["payment_method"],
    payment: invoice.payment
      ? {
          partiality: invoice.payment.partiality,
          previous_balance: invoice.payment.previousBalance,
          paid: invoice.payment.paid,
          remaining: invoice.payment.remaining,
          paid_at: invoice.payment.paidAt,
          form: invoice.payment.form,
        }
      : null,
    cancel_reason: (invoice.cancelReason as CancellationReason | null) ?? null,
    stamped_at: (invoice.stampedAt ?? invoice.createdAt).toISOString(),
    cancelled_at: invoice.cancelledAt?.toISOString() ?? null,
  };
}

export function profileView(row: ProfileRow): FiscalProfileView {
  return {
    rfc: row.rfc,
    legal_name: row.legalName,
    tax_regime: row.taxRegime as FiscalProfileView["tax_regime"],
    postal_code: row.postalCode,
    series: row.series,
    next_folio: row.nextFolio,
    tax_rate: row.taxRate as FiscalProfileView["tax_rate"],
    auto_invoice: row.autoInvoice,
    pac: row.pac as FiscalProfileView["pac"],
    pac_key_hint: row.pacKeyHint,
  };
}
