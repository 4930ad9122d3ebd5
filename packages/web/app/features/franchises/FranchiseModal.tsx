import { Modal, ScrollArea, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { franchiseModalListHeight } from "@tianguis/domain/rules/franchises";
import { useEffect, useRef } from "react";
import { useT } from "../../lib/i18n";
import { FranchiseRow } from "./FranchiseRow";
import { useFranchiseSearch } from "./useFranchiseSearch";
import { useFranchiseToggle } from "./useFranchiseToggle";

/**
 * The franchise modal (commerce-and-accounts §2): search by name and an infinite list of the published franchise and
 * affinity stores, 2 per page inside a 250 px high scroll area, each with add / remove-from-my-store and an undo while
 * removing. Closing the modal sends removals still waiting (usePending flushes them).
 */
export function FranchiseModal({ shopSlug, opened, onClose }: { shopSlug: string; opened: boolean; onClose: () => void }) {
  const t = useT();
  const phone = useMediaQuery("(max-width: 48em)");
  return (
    <Modal opened={opened} onClose={onClose} title={t("franchise_modal_title")} size="lg" centered fullScreen={phone}>
      <FranchiseSearch shopSlug={shopSlug} />
    </Modal>
  );
}

function FranchiseSearch({ shopSlug }: { shopSlug: string }) {
  const t = useT();
  const search = useFranchiseSearch(shopSlug);
  const toggle = useFranchiseToggle(shopSlug);
  const viewport = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { results, hasMore, loadingMore, loadMore } = search;

  // Infinite list: the next 2 load whenever the end of the list shows inside the 250 px area (also when 2 rows do
  // not fill it).
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || loadingMore) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void loadMore(), {
      root: viewport.current,
      rootMargin: "0px 0px 40px 0px",
    });
    observer.observe(target);
    return () => observer.disconnect();
  });

  return (
    <Stack gap="sm">
      <TextInput
        label={t("franchise_search")}
        placeholder={t("franchise_search")}
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search.input}
        onChange={(event) => search.setInput(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            search.applyNow();
          }
        }}
        data-autofocus
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {results === null ? " " : t("franchise_matches", { count: search.total.toLocaleString("es-MX") })}
      </Text>
      <ScrollArea
        h={franchiseModalListHeight}
        type="auto"
        offsetScrollbars
        viewportRef={viewport}
        viewportProps={{ tabIndex: 0, role: "region", "aria-label": t("franchise_list_label") }}
      >
        {results === null ? (
          [0, 1].map((index) => <Skeleton key={index} h={56} my="xs" />)
        ) : results.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t("franchise_no_results")}
          </Text>
        ) : (
          <Stack gap={0}>
            {results.map((store) => (
              <FranchiseRow key={store.id} store={store} toggle={toggle} />
            ))}
            {loadingMore && <Skeleton h={56} my="xs" role="status" aria-label={t("franchise_loading_more")} />}
            <div ref={sentinel} style={{ height: 1 }} aria-hidden />
          </Stack>
        )}
      </ScrollArea>
    </Stack>
  );
}
