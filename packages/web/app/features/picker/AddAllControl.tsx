import { Button, Group, Menu, Modal, Progress, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconChevronDown, IconPlaylistAdd } from "@tabler/icons-react";
import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import { resellerApi } from "@tianguis/domain/routes/reseller";
import { bulkAddPercent } from "@tianguis/domain/rules/reseller";
import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import type { BulkAddView, ResaleFilters } from "@tianguis/domain/schemas/reseller";
import { useEffect, useRef, useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../ui/notify";

type Target = { kind: "store" } | { kind: "catalogue"; catalogueId: string | null } | { kind: "new"; name: string };

/** Spec §4 'Bulk add': after the call a forking state; about 3.5 s (5 s for a new catalogue) later, reload and clear filters. */
const SETTLE_MS = { store: 3500, catalogue: 3500, new: 5000 } as const;
const POLL_MS = 700;

/**
 * 'Add all' the picker's filtered items to the store, an existing catalogue or a new one. The call carries a key
 * chosen once per choice, so pressing again after a failure retries the same bulk add (no duplicates); progress
 * is polled until done, then the picker reloads with its filters cleared.
 */
export function AddAllControl({
  shopSlug,
  filters,
  total,
  defaultCatalogueId,
  onDone,
}: {
  shopSlug: string;
  filters: ResaleFilters;
  total: number;
  defaultCatalogueId?: string;
  onDone: () => void;
}) {
  const t = useT();
  const [target, setTarget] = useState<Target | null>(null);
  const [catalogues, setCatalogues] = useState<CatalogueView[] | null>(null);
  const [progress, setProgress] = useState<BulkAddView | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const key = useRef<string | null>(null);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const choose = (next: Target) => {
    key.current = null;
    setTarget(next);
    if (next.kind === "catalogue" && catalogues === null)
      api(cataloguesApi.list, { params: { slug: shopSlug }, query: { limit: 100 } })
        .then((page) => setCatalogues(page.results))
        .catch(() => setCatalogues([]));
  };

  const body = () => {
    if (!target) return null;
    const base = { key: (key.current ??= crypto.randomUUID()), filters };
    if (target.kind === "catalogue") return target.catalogueId ? { ...base, catalogue_id: target.catalogueId } : null;
    if (target.kind === "new") return target.name.trim() ? { ...base, new_catalogue_name: target.name.trim() } : null;
    return base;
  };

  const submit = async () => {
    const payload = body();
    if (!payload || !target) return;
    setSubmitting(true);
    const started = Date.now();
    try {
      let view = await api(resellerApi.bulkAdd, { params: { slug: shopSlug }, body: payload });
      setProgress(view);
      while (view.state === "running" && alive.current) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        view = await api(resellerApi.bulkAddStatus, { params: { slug: shopSlug, id: view.id } });
        setProgress(view);
      }
      if (view.state === "failed") throw new Error("bulk add failed");
      const rest = SETTLE_MS[target.kind] - (Date.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      notifySuccess(t("success_title"), t(target.kind === "store" ? "picker_products_added_to_store" : "catalogue_products_added"));
      key.current = null;
      setTarget(null);
      onDone();
    } catch (error) {
      const fallback = target.kind === "store" ? t("product_error") : t("catalogue_products_add_error");
      notifyError(t("error_title"), error instanceof ApiRequestError ? error : null, fallback);
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  };

  const ready =
    target?.kind === "store" ||
    (target?.kind === "catalogue" && !!target.catalogueId) ||
    (target?.kind === "new" && target.name.trim().length > 0);
  const percent = progress ? bulkAddPercent(progress) : 0;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button leftSection={<IconPlaylistAdd size={16} />} rightSection={<IconChevronDown size={14} />} disabled={total === 0}>
            {t("picker_add_all")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => choose({ kind: "store" })}>{t("picker_add_all_store")}</Menu.Item>
          <Menu.Item onClick={() => choose({ kind: "catalogue", catalogueId: defaultCatalogueId ?? null })}>
            {t("picker_add_all_catalogue")}
          </Menu.Item>
          <Menu.Item onClick={() => choose({ kind: "new", name: "" })}>{t("picker_add_all_new_catalogue")}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={target !== null}
        onClose={() => !submitting && setTarget(null)}
        title={t("picker_add_all")}
        centered
        closeOnClickOutside={!submitting}
        withCloseButton={!submitting}
      >
        {submitting ? (
          <Stack gap="sm" role="status" aria-live="polite">
            <Text fw={600}>{t("picker_forking")}</Text>
            <Progress value={percent} animated aria-label={t("picker_forking")} />
            {progress && (
              <Text size="sm" c="dimmed">
                {t("picker_forking_progress", { processed: progress.processed, total: progress.total })}
              </Text>
            )}
          </Stack>
        ) : (
          <Stack gap="md">
            <Text size="sm">{t("picker_add_all_confirm", { count: total })}</Text>
            {target?.kind === "catalogue" && (
              <Select
                label={t("picker_choose_catalogue")}
                data={(catalogues ?? []).map((catalogue) => ({ value: catalogue.id, label: catalogue.name }))}
                value={target.catalogueId}
                onChange={(value) => setTarget({ kind: "catalogue", catalogueId: value })}
                searchable
                nothingFoundMessage={t("empty_table")}
                disabled={catalogues === null}
                data-autofocus
              />
            )}
            {target?.kind === "new" && (
              <TextInput
                label={t("picker_new_catalogue_name")}
                value={target.name}
                maxLength={150}
                onChange={(event) => setTarget({ kind: "new", name: event.currentTarget.value })}
                onKeyDown={(event) => event.key === "Enter" && void submit()}
                data-autofocus
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setTarget(null)}>
                {t("cancel")}
              </Button>
              <Button onClick={() => void submit()} disabled={!ready}>
                {t(
                  target?.kind === "store"
                    ? "picker_add_all_store"
                    : target?.kind === "new"
                      ? "picker_add_all_new_catalogue"
                      : "picker_add_all_catalogue",
                )}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
