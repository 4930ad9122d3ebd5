import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import { formatMoney } from "@tianguis/domain/money";
import { sellerStateLabel } from "@tianguis/domain/rules/order-progress";
import type { SellerOrderView } from "@tianguis/domain/schemas/order";
import PDFDocument from "pdfkit";

/**
 * The purchase order as a PDF (spec §2 'purchase order detail and print'): what the supplier packs and files. Built
 * from the same view the detail page shows, with PDF's standard Helvetica (it covers Spanish accents and ñ).
 */
export function renderPurchaseOrderPdf(order: SellerOrderView, shopName: string, locale: Locale): Promise<Buffer> {
  const t = (code: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(locale, code, vars);
  const money = (amount: number) => formatMoney({ amount, currency: order.currency }, locale);
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(locale === "en" ? "en-US" : "es-MX", { dateStyle: "medium" }) : "—";
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 50,
    info: { Title: t("purchase_order_number", { number: order.number }), Author: shopName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.fontSize(18).font("Helvetica-Bold").text(shopName);
  doc
    .moveDown(0.3)
    .fontSize(14)
    .text(t("purchase_order_number", { number: order.number }));
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor("#444")
    .text(t(sellerStateLabel(order.state, order.path)));
  // Paid through the sandbox: the purchase order says it moved no money (issue #32).
  if (order.test)
    doc.moveDown(0.3).font("Helvetica-Bold").fillColor("#b45309").text(t("order_test_hint")).font("Helvetica").fillColor("#444");
  doc.moveDown();

  const row = (label: string, value: string | null) => {
    if (!value) return;
    doc.font("Helvetica-Bold").fillColor("#000").text(`${label}: `, { continued: true }).font("Helvetica").text(value);
  };
  row(t("order_customer"), order.customer_name);
  row("E-mail", order.customer_email);
  row(t("created_date"), date(order.created_at));
  row(t("paid_date"), date(order.paid_at));
  row(t("estimated_delivery_date"), order.estimated_delivery_date);
  row(t("delivered_date"), date(order.delivered_at));
  if (order.courier || order.tracking_number) row(t("order_shipment"), [order.courier, order.tracking_number].filter(Boolean).join(" · "));
  if (order.address) {
    const address = order.address;
    row(
      t("order_address"),
      [
        address.address_name,
        address.street_address,
        address.sublocality,
        address.locality,
        address.administrative_area_level_1,
        address.postal_code,
      ]
        .filter(Boolean)
        .join(", "),
    );
  }
  if (order.cancel_reason) row(t("cancel_reason"), order.cancel_reason);
  doc.moveDown();

  const columns = { name: 50, quantity: 330, unit: 390, total: 480 };
  const top = doc.y;
  doc.font("Helvetica-Bold").text(t("order_items"), columns.name, top);
  doc.text("#", columns.quantity, top).text(t("unit_price"), columns.unit, top).text("Total", columns.total, top);
  doc
    .moveTo(50, doc.y + 2)
    .lineTo(562, doc.y + 2)
    .stroke("#999");
  doc.font("Helvetica");
  for (const item of order.items) {
    const y = doc.y + 6;
    doc.text(item.name, columns.name, y, { width: 270 });
    const after = doc.y;
    doc
      .text(String(item.quantity), columns.quantity, y)
      .text(money(item.unit_price), columns.unit, y)
      .text(money(item.total), columns.total, y);
    doc.y = Math.max(after, doc.y);
  }
  doc.moveDown();
  for (const [label, amount] of [
    [t("subtotal"), order.subtotal],
    [t("order_shipping_cost"), order.shipping_cost],
    ["Total", order.total],
  ] as const) {
    const y = doc.y;
    doc
      .font(label === "Total" ? "Helvetica-Bold" : "Helvetica")
      .text(label, columns.unit, y)
      .text(money(amount), columns.total, y);
  }
  if (order.invoicing) {
    doc.moveDown().font("Helvetica-Bold").text(t("invoicing_data"), 50);
    doc.font("Helvetica").text(`${order.invoicing.rfc} · ${order.invoicing.legal_name} · CP ${order.invoicing.postal_code}`);
    doc.text(`${t("tax_regime")}: ${order.invoicing.tax_regime} · ${t("cfdi_use")}: ${order.invoicing.cfdi_use}`);
  }
  doc.end();
  return done;
}
