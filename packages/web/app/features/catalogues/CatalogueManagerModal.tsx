import { DragDropContext, Draggable, type DropResult, Droppable } from "@hello-pangea/dnd";
import { Button, Group, Modal, ScrollArea, Skeleton, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { moveItem } from "@tianguis/domain/rules/catalogue-position";
import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { notifyError, notifySuccess, notifyWarning } from "../../ui/notify";
import { useMutation } from "../../ui/useMutation";
import { usePending } from "../../lib/usePending";
import { DialogActions } from "../../ui/DialogActions";
import { CatalogueForm } from "./CatalogueForm";
import { CatalogueRow } from "./CatalogueRow";

const pageSize = 30;
type View = { kind: "list" } | { kind: "form"; catalogue: CatalogueView | null };

/**
 * My-catalogues manager: new, edit, inline rename, delete with undo (forced after a confirm when it still has products),
 * drag-to-reorder, infinite scroll (spec §2, §4).
 */
export function CatalogueManagerModal({ shopSlug, opened, onClose }: { shopSlug: string; opened: boolean; onClose: () => void }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<CatalogueView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [view, setView] = useState<View>({ kind: "list" });
  const loading = useRef(false);
  const { isPending, schedule, undo } = usePending(5000);
  const { run, busy } = useMutation();
  const [forcing, setForcing] = useState<CatalogueView | null>(null);

  const load = useCallback(
    async (offset: number) => {
      if (loading.current) return;
      loading.current = true;
      try {
        const page = await api(cataloguesApi.list, { params: { slug: shopSlug }, query: { offset, limit: pageSize } });
        setItems((current) => (offset === 0 ? page.results : [...(current ?? []), ...page.results]));
        setTotal(page.matches_estimated);
      } catch (failure) {
        notifyError(t("error_title"), failure, t("generic_error"));
      } finally {
        loading.current = false;
      }
    },
    [shopSlug, t],
  );
  useEffect(() => {
    if (opened) void load(0);
  }, [opened, load]);

  const close = () => {
    setView({ kind: "list" });
    onClose();
  };

  /** DELETE; a catalogue that still has products is refused (product_catalogue_has_products) and a dialog offers the forced delete. */
  const deleteNow = (catalogue: CatalogueView, force: boolean) =>
    run(() => api(cataloguesApi.remove, { params: { slug: shopSlug, id: catalogue.id }, query: force ? { force: "true" } : {} }), {
      success: "catalogue_deleted",
      failure: "catalogue_delete_failed",
      apiMessage: false,
      onError: (failure) => {
        if (!(failure instanceof ApiRequestError && failure.body.code === "product_catalogue_has_products")) return false;
        setForcing(catalogue);
        return true;
      },
      onSuccess: () => {
        setForcing(null);
        setItems((current) => (current ?? []).filter((item) => item.id !== catalogue.id));
        setTotal((count) => count - 1);
      },
    });
  const remove = (catalogue: CatalogueView) => schedule(catalogue.id, () => deleteNow(catalogue, false));

  const rename = (catalogue: CatalogueView, name: string): Promise<boolean> =>
    run(() => api(cataloguesApi.update, { params: { slug: shopSlug, id: catalogue.id }, body: { name } }), {
      failure: (failure) => (failure instanceof ApiRequestError && failure.body.fields?.name ? "invalid_name" : "generic_error"),
      onSuccess: (saved) => setItems((current) => (current ?? []).map((item) => (item.id === saved.id ? saved : item))),
    });

  const reorder = async (result: DropResult) => {
    if (!items || !result.destination || result.destination.index === result.source.index) return;
    const previous = items;
    const moved = items[result.source.index];
    const position = result.destination.index;
    setItems(moveItem(items, result.source.index, position));
    notifyWarning("", t("updating_position"), 2500);
    await run(() => api(cataloguesApi.move, { params: { slug: shopSlug, id: moved.id }, body: { position } }), {
      failure: "catalogue_reorder_failed",
      apiMessage: false,
      onError: () => setItems(previous),
    });
  };

  const saved = (catalogue: CatalogueView) => {
    setView({ kind: "list" });
    notifySuccess(t("success_title"), t(view.kind === "form" && view.catalogue ? "catalogue_renamed" : "catalogue_created"));
    void load(0);
    revalidator.revalidate();
    return catalogue;
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={view.kind === "form" ? t(view.catalogue ? "edit_catalogue" : "new_catalogue") : `${t("my_catalogues")} (${total})`}
      size="lg"
    >
      {view.kind === "form" ? (
        <CatalogueForm shopSlug={shopSlug} catalogue={view.catalogue} onSaved={saved} onCancel={() => setView({ kind: "list" })} />
      ) : (
        <Stack>
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setView({ kind: "form", catalogue: null })}>
              {t("new_catalogue")}
            </Button>
          </Group>
          {items === null ? (
            <Stack gap="xs">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} h={48} />
              ))}
            </Stack>
          ) : items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t("no_catalogues")}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={400} onBottomReached={() => items.length < total && void load(items.length)} type="auto">
              <DragDropContext onDragEnd={reorder}>
                <Droppable droppableId="catalogues">
                  {(droppable) => (
                    <div ref={droppable.innerRef} {...droppable.droppableProps} role="list" aria-label={t("my_catalogues")}>
                      {items.map((catalogue, index) => (
                        <Draggable key={catalogue.id} draggableId={catalogue.id} index={index} isDragDisabled={isPending(catalogue.id)}>
                          {(provided) => (
                            <CatalogueRow
                              catalogue={catalogue}
                              provided={provided}
                              deleting={isPending(catalogue.id)}
                              onRename={(name) => rename(catalogue, name)}
                              onEdit={() => setView({ kind: "form", catalogue })}
                              onDelete={() => remove(catalogue)}
                              onUndo={() => undo(catalogue.id)}
                            />
                          )}
                        </Draggable>
                      ))}
                      {droppable.placeholder}
                    </div>
                  )}
                </Droppable>
              </DragDropContext>
              {items.length < total && (
                <Group justify="center" py="xs">
                  <Button variant="subtle" size="xs" onClick={() => load(items.length)}>
                    {t("load_more")}
                  </Button>
                </Group>
              )}
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
      <Modal opened={!!forcing} onClose={() => setForcing(null)} title={t("product_catalogue_has_products")} zIndex={400} centered>
        <Text size="sm">{t("catalogue_force_delete_question")}</Text>
        <DialogActions
          mt="md"
          cancelLabel={t("cancel")}
          onCancel={() => setForcing(null)}
          confirmLabel={t("catalogue_force_delete")}
          onConfirm={() => forcing && void deleteNow(forcing, true)}
          busy={busy}
          color="red"
        />
      </Modal>
    </Modal>
  );
}
