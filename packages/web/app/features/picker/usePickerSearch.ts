import { useDebouncedValue } from "@mantine/hooks";
import { resellerApi } from "@tianguis/domain/routes/reseller";
import type { ProductType } from "@tianguis/domain/schemas/product";
import type { DssupplierView, ResaleProduct, ResaleScope } from "@tianguis/domain/schemas/reseller";
import { pickerPageSize } from "@tianguis/domain/rules/reseller";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../lib/api/client";

export interface PickerFilters {
  /** The applied search text (after 400 ms or Enter). */
  text: string;
  category: string | null;
  supplier: DssupplierView | null;
  scope: ResaleScope;
}

export const noFilters: PickerFilters = { text: "", category: null, supplier: null, scope: "others" };

/**
 * The picker's list (spec §4, §9): the typed text applies 400 ms after the last key or at once on Enter; results come
 * 10 at a time, sorted by contribution margin descending; a failed load shows an empty list with zero matches.
 */
export function usePickerSearch(shopSlug: string, type: ProductType, opened: boolean) {
  const [input, setInput] = useState("");
  const [debounced] = useDebouncedValue(input, 400);
  const [filters, setFilters] = useState<PickerFilters>(noFilters);
  const [results, setResults] = useState<ResaleProduct[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const request = useRef(0);

  useEffect(() => {
    setFilters((current) => (current.text === debounced.trim() ? current : { ...current, text: debounced.trim() }));
  }, [debounced]);

  const fetchPage = useCallback(
    (offset: number) =>
      api(resellerApi.search, {
        params: { slug: shopSlug },
        query: {
          type,
          scope: filters.scope,
          text: filters.text || undefined,
          category: filters.category ?? undefined,
          dssupplier: filters.scope === "others" ? filters.supplier?.id : undefined,
          offset,
          limit: pickerPageSize,
        },
      }).catch(() => ({ results: [] as ResaleProduct[], matches_estimated: 0, shop_id: "" })),
    [shopSlug, type, filters],
  );

  const reload = useCallback(async () => {
    const id = ++request.current;
    setResults(null);
    const page = await fetchPage(0);
    if (id !== request.current) return;
    setResults(page.results);
    setTotal(page.matches_estimated);
  }, [fetchPage]);

  useEffect(() => {
    if (opened) void reload();
  }, [opened, reload]);

  const loadMore = async () => {
    if (!results || loadingMore || results.length >= total) return;
    const id = request.current;
    setLoadingMore(true);
    const page = await fetchPage(results.length);
    setLoadingMore(false);
    if (id !== request.current) return;
    setResults((current) => [...(current ?? []), ...page.results]);
  };

  return {
    input,
    setInput,
    /** Enter: apply the typed text now. */
    applyNow: () => setFilters((current) => ({ ...current, text: input.trim() })),
    filters,
    setFilters,
    /** 'See all': every filter off. */
    reset: () => {
      setInput("");
      setFilters((current) => ({ ...noFilters, scope: current.scope }));
    },
    results,
    total,
    hasMore: !!results && results.length < total,
    loadMore,
    loadingMore,
    reload,
  };
}
