import type { SearchResult } from "@tianguis/domain/schemas/search";
import { useDebouncedValue } from "@mantine/hooks";
import type { ProductType } from "@tianguis/domain/schemas/product";
import { useEffect, useState } from "react";
import { catalogApi } from "@tianguis/domain/routes/catalog";
import { api } from "../../lib/api/client";

/** Spec §9: search debounce 400 ms. */
export const searchDebounceMs = 400;

/** Suggestions for the typed text after 400 ms of quiet; failures are ignored silently (spec §8). */
export function useAutocomplete(text: string, type: ProductType, shopSlug: string) {
  const [debounced] = useDebouncedValue(text.trim(), searchDebounceMs);
  const [state, setState] = useState<{ query: string; results: SearchResult[]; loading: boolean }>({
    query: "",
    results: [],
    loading: false,
  });
  useEffect(() => {
    if (!debounced) {
      setState({ query: "", results: [], loading: false });
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true }));
    api(catalogApi.autocomplete, { query: { type, q: debounced, shop: shopSlug }, signal: controller.signal })
      .then((data) => setState({ query: debounced, results: data.results, loading: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ query: debounced, results: [], loading: false });
      });
    return () => controller.abort();
  }, [debounced, type, shopSlug]);
  return { ...state, pending: text.trim() !== debounced || state.loading };
}
