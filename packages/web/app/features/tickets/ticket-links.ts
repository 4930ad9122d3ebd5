import { ticketsApi } from "@tianguis/domain/routes/tickets";
import { urlOf } from "../../lib/api/client";

/** The tickets' files (spec §7 attendants/{id}.pdf, attendants/pdf, attendants/zip); a guest's links carry its token. */
export function ticketFileUrls(orderId: string, token: string | null) {
  const query = token ? { token } : undefined;
  return {
    pdf: urlOf(ticketsApi.orderPdf, { params: { id: orderId }, query }),
    zip: urlOf(ticketsApi.orderZip, { params: { id: orderId }, query }),
    one: (ticketId: string) => urlOf(ticketsApi.pdf, { params: { id: ticketId }, query }),
  };
}
