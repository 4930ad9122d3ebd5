import { packingApi } from "@tianguis/domain/routes/packing";
import type { BinsPage, NotPackedPage } from "@tianguis/domain/schemas/packing";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api/client";

export interface PackingView {
  notPacked: NotPackedPage;
  bins: BinsPage;
}

/** Up to 100 lines and boxes: an order's page shows them all (an order of more would page; none of the demo's do). */
const page = { offset: 0, limit: 100 };

/**
 * An order's packing, read in the browser so the order page paints first: undefined while loading, null when the
 * viewer may not see it (roles without packing) or it could not be read. `reload` reads it again after a change.
 */
export function usePacking(slug: string, orderId: string) {
  const [view, setView] = useState<PackingView | null | undefined>(undefined);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const params = { slug, id: orderId };
    Promise.all([
      api(packingApi.notPacked, { params, query: page, signal: controller.signal }),
      api(packingApi.bins, { params, query: page, signal: controller.signal }),
    ])
      .then(([notPacked, bins]) => setView({ notPacked, bins }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setView(null);
        return error;
      });
    return () => controller.abort();
  }, [slug, orderId, version]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { view, reload };
}
