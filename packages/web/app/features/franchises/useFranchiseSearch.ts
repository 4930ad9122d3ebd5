import { useDebouncedValue } from "@mantine/hooks";
import { franchisesApi } from "@tianguis/domain/routes/franchises";
import { franchiseModalPageSize } from "@tianguis/domain/rules/franchises";
import type { FranchiseView } from "@tianguis/domain/schemas/franchise";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../lib/api/client";

/**
 * The franchise modal's list (commerce-and-accounts §2, §9): the name typed applies 400 ms after the last key or at once
 * on Enter; stores come 2 at a time as the list scrolls. A failed load ends the loading with what is there (§8: no
 * message).
 */
export function useFranchiseSearch(shopSlug: string) {
  const [input, setInput] = useState("");
  const [debounced] = useDebouncedValue(input, 400);
  const [text, setText] = useState("");
  const [results, setResults] = useState<FranchiseView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const request = useRef(0);

  useEffect(() => setText(debounced.trim()), [debounced]);

  const fetchPage = useCallback(
    (offset: number) =>
      api(franchisesApi.published, {
        params: { slug: shopSlug },
        query: { text: text || undefined, offset, limit: franchiseModalPageSize },
      }).catch(() => null),
    [shopSlug, text],
  );

  useEffect(() => {
    const id = ++request.current;
    setResults(null);
    void fetchPage(0).then((page) => {
      if (id !== request.current) return;
      setResults(page?.results ?? []);
      setTotal(page?.matches_estimated ?? 0);
    });
  }, [fetchPage]);

  const hasMore = !!results && results.length < total;
  const loadMore = async () => {
    if (!results || loadingMore || !hasMore) return;
    const id = request.current;
    setLoadingMore(true);
    const page = await fetchPage(results.length);
    setLoadingMore(false);
    if (id !== request.current) return;
    if (!page) {
      setTotal(results.length);
      return;
    }
    setResults((current) => [...(current ?? []), ...page.results.filter((store) => !current?.some((seen) => seen.id === store.id))]);
    if (page.results.length === 0) setTotal(results.length);
  };

  return { input, setInput, applyNow: () => setText(input.trim()), text, results, total, hasMore, loadMore, loadingMore };
}
