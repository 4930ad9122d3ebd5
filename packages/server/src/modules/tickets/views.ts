import { formatTicketCode } from "@tianguis/domain/rules/ticket";
import type { TicketView } from "@tianguis/domain/schemas/ticket";
import QRCode from "qrcode";
import type { TicketRow } from "./queries";

/** The QR of a code as an SVG data: URL. The QR carries the bare code: any scanner reads it, nothing else is disclosed. */
export async function qrDataUrl(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** The QR as PNG bytes for the PDF (pdfkit draws PNG and JPEG). */
export function qrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 360 });
}

export async function ticketView(row: TicketRow): Promise<TicketView> {
  const { ticket } = row;
  return {
    id: ticket.id,
    code: formatTicketCode(ticket.code),
    type: ticket.type as TicketView["type"],
    state: ticket.state as TicketView["state"],
    holder_name: ticket.holderName,
    product_id: ticket.productId,
    product_name: row.productName,
    experience_date: row.experienceDate?.toISOString() ?? null,
    shop_name: row.shopName,
    order_id: ticket.orderId,
    order_number: row.orderNumber ?? null,
    unit: ticket.unit,
    used_at: ticket.usedAt?.toISOString() ?? null,
    cancelled_at: ticket.cancelledAt?.toISOString() ?? null,
    created_at: ticket.createdAt.toISOString(),
    qr: await qrDataUrl(ticket.code),
  };
}
