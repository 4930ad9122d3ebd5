import { centsText, rateMillionths } from "@tianguis/domain/rules/cfdi";
import { paymentTax } from "@tianguis/domain/rules/cfdi-payments";
import Facturapi, { type CancellationMotive, FacturapiError } from "facturapi";
import type { CfdiDocument } from "./cfdi-xml";
import { type Pac, PacError } from "./pac";

/**
 * The real PAC on Facturapi's official SDK (`facturapi` on npm, Node 18+), with one shop's own secret key (issue #30
 * §1): Facturapi builds, seals with the shop's CSD (uploaded to its Facturapi organization) and stamps the CFDI from
 * the document; the stamped XML is downloaded to be kept beside the invoice. `baseUrl` points it at a local fake
 * (tests, fakes/facturapi-fake.ts) or Facturapi's host.
 */
export const FACTURAPI_URL = "https://www.facturapi.io/v2";

/**
 * Facturapi's invoice body for our document: unit prices before tax, the shop's IVA rate, the series and folio, and
 * the invoice's idempotency key (a second create with it answers the invoice already stamped).
 */
export function facturapiInvoiceBody(doc: CfdiDocument, idempotencyKey: string) {
  const millionths = rateMillionths[doc.rate];
  const taxes = millionths === null ? [{ type: "IVA", factor: "Exento" }] : [{ type: "IVA", rate: millionths / 1_000_000 }];
  if (doc.kind === "P") return facturapiPaymentBody(doc, idempotencyKey);
  return {
    type: doc.kind,
    customer: {
      legal_name: doc.receiver.name,
      tax_id: doc.receiver.rfc,
      tax_system: doc.receiver.regime,
      address: { zip: doc.receiver.postalCode },
    },
    items: doc.concepts.map((concept) => ({
      quantity: concept.quantity,
      product: {
        description: concept.description,
        product_key: concept.productKey,
        unit_key: concept.unitKey,
        price: Number(concept.unitValue),
        tax_included: false,
        taxes,
      },
    })),
    use: doc.receiver.use,
    payment_form: doc.paymentForm,
    payment_method: doc.paymentMethod ?? "PUE",
    currency: doc.currency,
    ...(doc.exchangeRate ? { exchange: Number(doc.exchangeRate) } : {}),
    series: doc.series,
    folio_number: doc.folio,
    idempotency_key: idempotencyKey,
    ...(doc.relatedUuid
      ? {
          related_documents: [
            { relationship: doc.relation ?? "01", documents: [doc.relatedUuid] },
            ...(doc.replacedUuid ? [{ relationship: "04", documents: [doc.replacedUuid] }] : []),
          ],
        }
      : {}),
    ...(doc.global ? { global: { periodicity: "month", months: String(doc.global.month).padStart(2, "0"), year: doc.global.year } } : {}),
  };
}

/**
 * Facturapi's payment CFDI (type "P"): the customer and a "pago" complement with the payment's form, date, currency and
 * exchange, relating the PPD invoice by UUID with the installment, the balance before it (last_balance), the amount
 * paid and the IVA base it carries (Facturapi works the tax out from the base and rate).
 */
function facturapiPaymentBody(doc: CfdiDocument, idempotencyKey: string) {
  const payment = doc.payment;
  if (!payment) throw new PacError("invoice_xml_invalid", "a payment CFDI needs its payment");
  const millionths = rateMillionths[doc.rate];
  const { base } = paymentTax(payment.partiality.paid, doc.rate);
  const tax =
    millionths === null
      ? { base: Number(centsText(base)), type: "IVA", factor: "Exento" }
      : { base: Number(centsText(base)), type: "IVA", rate: millionths / 1_000_000 };
  return {
    type: "P",
    customer: {
      legal_name: doc.receiver.name,
      tax_id: doc.receiver.rfc,
      tax_system: doc.receiver.regime,
      address: { zip: doc.receiver.postalCode },
    },
    series: doc.series,
    folio_number: doc.folio,
    idempotency_key: idempotencyKey,
    complements: [
      {
        type: "pago",
        data: [
          {
            payment_form: payment.form,
            date: payment.paidAt,
            currency: payment.currency,
            exchange: Number(payment.exchangeRate),
            related_documents: [
              {
                uuid: payment.invoice.uuid,
                series: payment.invoice.series,
                folio_number: payment.invoice.folio,
                currency: payment.currency,
                installment: payment.partiality.number,
                last_balance: Number(centsText(payment.partiality.previousBalance)),
                amount: Number(centsText(payment.partiality.paid)),
                taxes: [tax],
              },
            ],
          },
        ],
      },
    ],
  };
}

function pacError(error: unknown): PacError {
  if (error instanceof PacError) return error;
  if (error instanceof FacturapiError) {
    if (error.status === 401 || error.status === 403) return new PacError("invoice_pac_key_invalid", error.message);
    if (error.status === 404) return new PacError("invoice_not_found", error.message);
    if (error.status === 400 || error.status === 409 || error.status === 422) {
      const path = `${error.path ?? ""}`;
      if (path === "status") return new PacError("invoice_already_cancelled", error.message);
      if (/last_balance|amount/.test(path)) return new PacError("invoice_payment_exceeds_balance", error.message);
      if (/product_key/.test(path)) return new PacError("invoice_product_key_invalid", error.message);
      if (/unit_key/.test(path)) return new PacError("invoice_unit_key_invalid", error.message);
      if (/tax_id/.test(path)) return new PacError("invoice_rfc_invalid", error.message);
      if (/use|tax_system/.test(path)) return new PacError("invoice_use_mismatch", error.message);
      return new PacError("invoice_xml_invalid", error.message);
    }
  }
  return new PacError("invoice_pac_failed", error instanceof Error ? error.message : String(error));
}

async function text(body: unknown): Promise<string> {
  if (typeof body === "string") return body;
  if (body && typeof (body as AsyncIterable<Buffer>)[Symbol.asyncIterator] === "function") {
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString("utf8");
  }
  if (body && typeof (body as Blob).text === "function") return (body as Blob).text();
  throw new PacError("invoice_pac_failed", "unreadable XML download");
}

export function createFacturapiPac(options: { secretKey: string; baseUrl?: string }): Pac {
  const client = new Facturapi(options.secretKey);
  if (options.baseUrl) client.BASE_URL = options.baseUrl;
  return {
    name: "facturapi",
    async stamp({ document, idempotencyKey }) {
      try {
        const invoice = await client.invoices.create(facturapiInvoiceBody(document, idempotencyKey));
        if (invoice.status !== "valid" || !invoice.uuid || !invoice.stamp)
          throw new PacError("invoice_pac_failed", `status ${invoice.status}`);
        const xml = await text(await client.invoices.downloadXml(invoice.id));
        return {
          uuid: invoice.uuid.toUpperCase(),
          xml,
          stampedAt: new Date(invoice.stamp.date),
          satSeal: invoice.stamp.sat_signature,
          satCertificate: invoice.stamp.sat_cert_number,
          issuerSeal: invoice.stamp.signature,
          pacRef: invoice.id,
        };
      } catch (error) {
        throw pacError(error);
      }
    },
    async cancel({ pacRef, reason, replacementUuid }) {
      if (!pacRef) throw new PacError("invoice_not_found");
      try {
        const invoice = await client.invoices.cancel(pacRef, {
          motive: reason as CancellationMotive,
          ...(replacementUuid ? { substitution: replacementUuid } : {}),
        });
        if (invoice.status !== "canceled" && invoice.cancellation_status !== "pending")
          throw new PacError("invoice_pac_failed", `cancellation ${invoice.cancellation_status}`);
        return { cancelledAt: new Date() };
      } catch (error) {
        throw pacError(error);
      }
    },
  };
}
