import { useCallback, useEffect, useState } from "react";
import { apiCall } from "../../lib/api.client";

/** Loads an admin list (offset 0, limit 10) while `enabled`; reload() refetches. */
export function useAdminList<T>(path: string, enabled: boolean) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(async () => {
    try {
      const data = await apiCall<{ results: T[] }>("GET", `${path}?offset=0&limit=10`);
      setItems(data.results);
      setError(null);
    } catch (failure) {
      setError(failure);
      setItems([]);
    }
  }, [path]);
  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);
  return { items, error, reload };
}
