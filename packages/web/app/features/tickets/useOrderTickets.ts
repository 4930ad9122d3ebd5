import { ticketsApi } from "@tianguis/domain/routes/tickets";
import type { TicketView } from "@tianguis/domain/schemas/ticket";
import { useEffect, useState } from "react";
import { api } from "../../lib/api/client";

export const TICKETS_PAGE_SIZE = 10;

export interface TicketsPage {
  tickets: TicketView[];
  total: number;
}

/**
 * One page of an order's tickets (spec §7 GET orders/{id}/attendants, 10 per page), read in the browser so the purchase
 * page paints first. Undefined while loading, null when they could not be read. `version` re-reads after a change.
 */
export function useOrderTickets(orderId: string, token: string | null, page: number, version: number) {
  const [result, setResult] = useState<TicketsPage | null | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    const offset = (page - 1) * TICKETS_PAGE_SIZE;
    api(ticketsApi.orderAttendants, {
      params: { id: orderId },
      query: { offset, limit: TICKETS_PAGE_SIZE, ...(token ? { token } : {}) },
      signal: controller.signal,
    })
      .then((answer) => setResult({ tickets: answer.results, total: answer.matches_estimated }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setResult(null);
        return error;
      });
    return () => controller.abort();
  }, [orderId, token, page, version]);
  return result;
}
