import type { ResponseOf } from "@tianguis/domain/api/endpoint";
import type { merchandisingApi as contracts } from "@tianguis/domain/api/merchandising";
import { merchandisingApi } from "@tianguis/domain/routes/merchandising";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api/client";

type Kind = keyof typeof contracts;
type Item<K extends Kind> = ResponseOf<(typeof contracts)[K]["adminList"]>["results"][number];

/** Loads a shop's admin list of one kind of merchandising (offset 0, limit 10) while `enabled`; reload() refetches. */
export function useAdminList<K extends Kind>(kind: K, shopSlug: string, enabled: boolean) {
  const [items, setItems] = useState<Item<K>[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(async () => {
    try {
      const route = merchandisingApi[kind as Kind].adminList;
      const data = await api(route, { params: { slug: shopSlug }, query: { offset: 0, limit: 10 } });
      setItems(data.results as Item<K>[]);
      setError(null);
    } catch (failure) {
      setError(failure);
      setItems([]);
    }
  }, [kind, shopSlug]);
  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);
  return { items, error, reload };
}
