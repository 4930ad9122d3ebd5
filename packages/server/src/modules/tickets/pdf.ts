import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import type { TicketView } from "@tianguis/domain/schemas/ticket";
import PDFDocument from "pdfkit";
import { qrPng } from "./views";

/**
 * Tickets as a PDF (commerce-and-accounts §7 attendants/{id}.pdf and attendants/pdf): one page per ticket with the
 * experience, its date, the holder, the QR and the code printed under it for the door to type when a camera fails.
 */
export async function renderTicketsPdf(tickets: TicketView[], locale: Locale): Promise<Buffer> {
  const t = (code: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(locale, code, vars);
  const dateTime = (iso: string) =>
    new Date(iso).toLocaleString(locale === "en" ? "en-US" : "es-MX", {
      dateStyle: "full",
      timeStyle: "short",
      timeZone: "America/Mexico_City",
    });
  const doc = new PDFDocument({ size: "A6", margin: 24, autoFirstPage: false, info: { Title: t("tickets_title") } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  for (const ticket of tickets) {
    doc.addPage();
    const width = doc.page.width - 48;
    doc.font("Helvetica").fontSize(8).fillColor("#555").text(ticket.shop_name.toUpperCase(), { width });
    doc.font("Helvetica-Bold").fontSize(14).fillColor("#000").text(ticket.product_name, { width });
    if (ticket.experience_date) doc.font("Helvetica").fontSize(9).text(dateTime(ticket.experience_date), { width });
    doc.moveDown(0.4);
    doc
      .fontSize(9)
      .font("Helvetica-Bold")
      .text(`${t("ticket_holder")}: `, { continued: true })
      .font("Helvetica")
      .text(ticket.holder_name || t("ticket_holder_missing"));
    doc
      .font("Helvetica")
      .fillColor("#555")
      .text(`${t(`ticket_type_${ticket.type}`)}${ticket.order_number ? ` · #${ticket.order_number}` : ""}`);
    if (ticket.state !== "valid")
      doc
        .font("Helvetica-Bold")
        .fillColor("#b00")
        .text(t(`ticket_state_${ticket.state}`).toUpperCase());
    const size = 170;
    const top = doc.y + 8;
    doc.image(await qrPng(ticket.code.replaceAll("-", "")), (doc.page.width - size) / 2, top, { width: size, height: size });
    doc.y = top + size + 6;
    doc.font("Courier-Bold").fontSize(12).fillColor("#000").text(ticket.code, 24, doc.y, { width, align: "center" });
    doc.moveDown(0.5).font("Helvetica").fontSize(7).fillColor("#555").text(t("ticket_pdf_footer"), { width, align: "center" });
  }
  doc.end();
  return done;
}
