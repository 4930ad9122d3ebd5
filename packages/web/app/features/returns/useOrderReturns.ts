import { returnsApi } from "@tianguis/domain/routes/returns";
import type { OrderReturnsView } from "@tianguis/domain/schemas/return";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api/client";

export type OrderReturnsSource =
  { side: "customer"; orderId: string; token: string | null } | { side: "supplier"; orderId: string; slug: string };

/**
 * An order's returns and refunds, read in the browser beside the page (the order pages' loaders stay as they are):
 * `reload` reads them again after a change. `failed` when the call did not answer.
 */
export function useOrderReturns(source: OrderReturnsSource) {
  const [view, setView] = useState<OrderReturnsView | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const key = source.side === "customer" ? `c:${source.orderId}:${source.token ?? ""}` : `s:${source.slug}:${source.orderId}`;
  useEffect(() => {
    const controller = new AbortController();
    const call =
      source.side === "customer"
        ? api(returnsApi.customerGet, {
            params: { id: source.orderId },
            query: source.token ? { token: source.token } : {},
            signal: controller.signal,
          })
        : api(returnsApi.sellerOrder, { params: { slug: source.slug, id: source.orderId }, signal: controller.signal });
    call
      .then((answer) => {
        setView(answer);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names the source
  }, [key, version]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { view, failed, reload };
}

/** Pesos typed by a person (two decimals) as integer minor units. */
export function toMinor(value: number | string): number {
  const number = typeof value === "number" ? value : Number.parseFloat(value);
  return Number.isFinite(number) ? Math.round(number * 100) : 0;
}
