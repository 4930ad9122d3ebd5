import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import { formatMoney, money } from "@tianguis/domain/money";
import { satQrUrl } from "@tianguis/domain/rules/cfdi";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { readCfdiXml, readPaymentXml } from "../../adapters/invoicing/cfdi-xml";
import type { InvoiceRow } from "./queries";

/**
 * The invoice's printed representation (Anexo 20: 'representación impresa'): issuer and receiver, the concepts, the
 * totals, the fiscal folio, SAT's seal and certificate, and the QR to SAT's verifier. A sandbox invoice says so.
 */
export async function renderInvoicePdf(invoice: InvoiceRow, locale: Locale): Promise<Buffer> {
  const t = (code: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(locale, code, vars);
  const amount = (cents: number) => formatMoney(money(cents, invoice.currency), locale);
  const read = invoice.xml ? readCfdiXml(invoice.xml) : null;
  const stamp = invoice.stamp;
  const qr = await QRCode.toBuffer(
    satQrUrl({
      uuid: invoice.uuid ?? "",
      issuerRfc: invoice.issuerRfc,
      receiverRfc: invoice.receiverRfc,
      // A payment CFDI's Total is 0 (what it paid is in its complement).
      total: invoice.kind === "P" ? 0 : invoice.total,
      seal: stamp?.issuerSeal ?? "",
    }),
    { type: "png", errorCorrectionLevel: "M", margin: 1, width: 300 },
  );
  const doc = new PDFDocument({ size: "LETTER", margin: 40, info: { Title: t("invoice_number", { number: invoice.number }) } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 80;
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .text(`${t(invoice.kind === "E" ? "invoice_kind_E" : invoice.kind === "P" ? "invoice_kind_P" : "invoice_kind_I")} ${invoice.number}`);
  if (stamp?.pac === "sandbox") doc.fillColor("#b00").fontSize(9).text(t("invoice_pdf_sandbox")).fillColor("#000");
  if (invoice.state === "cancelled") doc.fillColor("#b00").fontSize(12).text(t("invoice_state_cancelled").toUpperCase()).fillColor("#000");
  doc.moveDown(0.5).font("Helvetica").fontSize(9);
  doc.font("Helvetica-Bold").text(t("invoice_issuer")).font("Helvetica").text(`${invoice.issuerName} · ${invoice.issuerRfc}`);
  doc.moveDown(0.3).font("Helvetica-Bold").text(t("invoice_receiver")).font("Helvetica");
  doc.text(`${invoice.receiverName} · ${invoice.receiverRfc} · ${read?.receiver.regime ?? ""} · CFDI ${invoice.cfdiUse}`);
  doc.moveDown(0.3).text(`${t("invoice_uuid")}: ${invoice.uuid ?? ""}`);
  const payment = invoice.payment;
  if (stamp && !payment) doc.text(t("invoice_pdf_payment", { form: stamp.paymentForm, method: invoice.paymentMethod }));
  if (invoice.exchangeRate) doc.text(t("invoice_exchange_rate", { rate: invoice.exchangeRate }));
  if (read?.relatedUuids.length) doc.text(t("invoice_related", { uuid: read.relatedUuids.join(", ") }));
  if (payment) {
    const related = invoice.xml ? readPaymentXml(invoice.xml)?.payments[0]?.documents[0]?.uuid : undefined;
    if (related) doc.text(t("invoice_related", { uuid: related }));
    doc.text(t("invoice_pdf_payment_complement", { date: payment.paidAt.slice(0, 10), form: payment.form, currency: invoice.currency }));
    doc.text(
      t("invoice_partiality", {
        number: payment.partiality,
        previous: amount(payment.previousBalance),
        paid: amount(payment.paid),
        remaining: amount(payment.remaining),
      }),
    );
  }
  doc.moveDown(0.6);
  for (const concept of read?.concepts ?? []) {
    doc.text(`${concept.quantity} × ${concept.description ?? ""} (${concept.unitValue.toFixed(2)})`, { continued: true, width });
    doc.text(`   ${amount(concept.base ?? 0)}`, { align: "right" });
  }
  doc.moveDown(0.5).font("Helvetica-Bold");
  if (!payment) {
    doc.text(`${t("invoice_subtotal")}: ${amount(invoice.subtotal)}`, { align: "right" });
    doc.text(`${t("invoice_tax")}: ${amount(invoice.tax)}`, { align: "right" });
  }
  doc.fontSize(11).text(`${t("invoice_total")}: ${amount(invoice.total)}`, { align: "right" });
  const top = doc.y + 12;
  doc.image(qr, 40, top, { width: 110, height: 110 });
  doc.font("Helvetica").fontSize(7);
  doc.text(`${t("invoice_pdf_certificate")}: ${stamp?.satCertificate ?? ""}`, 160, top, { width: width - 120 });
  doc.moveDown(0.3).text(`${t("invoice_pdf_seal")}: ${stamp?.satSeal ?? ""}`, { width: width - 120 });
  doc.y = Math.max(doc.y, top + 120);
  doc.fontSize(8).fillColor("#555").text(t("invoice_pdf_footer"), 40, doc.y, { width, align: "center" });
  doc.end();
  return done;
}
