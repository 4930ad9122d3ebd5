import { DragDropContext, Draggable, type DropResult, Droppable } from "@hello-pangea/dnd";
import { Button, Group, Modal, ScrollArea, Skeleton, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { moveItem } from "@tianguis/domain/rules/catalogue-position";
import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ApiRequestError, apiCall } from "../../lib/api.client";
import { useT } from "../../lib/i18n";
import { notifyError, notifySuccess, notifyWarning } from "../admin/notify";
import { usePending } from "../admin/usePending";
import { CatalogueForm } from "./CatalogueForm";
import { CatalogueRow } from "./CatalogueRow";

const pageSize = 30;
type View = { kind: "list" } | { kind: "form"; catalogue: CatalogueView | null };

/** My-catalogues manager: new, edit, inline rename, delete with undo, drag-to-reorder, infinite scroll (spec §2, §4). */
export function CatalogueManagerModal({ shopSlug, opened, onClose }: { shopSlug: string; opened: boolean; onClose: () => void }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<CatalogueView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [view, setView] = useState<View>({ kind: "list" });
  const loading = useRef(false);
  const { isPending, schedule, undo } = usePending(5000);

  const load = useCallback(
    async (offset: number) => {
      if (loading.current) return;
      loading.current = true;
      try {
        const page = await apiCall<{ results: CatalogueView[]; matches_estimated: number }>("GET", `/shops/${shopSlug}/catalogues?offset=${offset}&limit=${pageSize}`);
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

  const remove = (catalogue: CatalogueView) =>
    schedule(catalogue.id, async () => {
      try {
        await apiCall("DELETE", `/shops/${shopSlug}/catalogues/${catalogue.id}`);
        setItems((current) => (current ?? []).filter((item) => item.id !== catalogue.id));
        setTotal((count) => count - 1);
        notifySuccess(t("success_title"), t("catalogue_deleted"));
        revalidator.revalidate();
      } catch {
        notifyError(t("error_title"), null, t("catalogue_delete_failed"));
      }
    });

  const rename = async (catalogue: CatalogueView, name: string): Promise<boolean> => {
    try {
      const saved = await apiCall<CatalogueView>("PATCH", `/shops/${shopSlug}/catalogues/${catalogue.id}`, { name });
      setItems((current) => (current ?? []).map((item) => (item.id === saved.id ? saved : item)));
      revalidator.revalidate();
      return true;
    } catch (failure) {
      notifyError(t("error_title"), failure, failure instanceof ApiRequestError && failure.body.fields?.name ? t("invalid_name") : t("generic_error"));
      return false;
    }
  };

  const reorder = async (result: DropResult) => {
    if (!items || !result.destination || result.destination.index === result.source.index) return;
    const previous = items;
    const moved = items[result.source.index];
    setItems(moveItem(items, result.source.index, result.destination.index));
    notifyWarning("", t("updating_position"), 2500);
    try {
      await apiCall("POST", `/shops/${shopSlug}/catalogues/${moved.id}/move`, { position: result.destination.index });
      revalidator.revalidate();
    } catch {
      setItems(previous);
      notifyError(t("error_title"), null, t("catalogue_reorder_failed"));
    }
  };

  const saved = (catalogue: CatalogueView) => {
    setView({ kind: "list" });
    notifySuccess(t("success_title"), t(view.kind === "form" && view.catalogue ? "catalogue_renamed" : "catalogue_created"));
    void load(0);
    revalidator.revalidate();
    return catalogue;
  };

  return (
    <Modal opened={opened} onClose={close} title={view.kind === "form" ? t(view.catalogue ? "edit_catalogue" : "new_catalogue") : `${t("my_catalogues")} (${total})`} size="lg">
      {view.kind === "form" ? (
        <CatalogueForm shopSlug={shopSlug} catalogue={view.catalogue} onSaved={saved} onCancel={() => setView({ kind: "list" })} />
      ) : (
        <Stack>
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setView({ kind: "form", catalogue: null })}>{t("new_catalogue")}</Button>
          </Group>
          {items === null ? (
            <Stack gap="xs">{[0, 1, 2].map((index) => <Skeleton key={index} h={48} />)}</Stack>
          ) : items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">{t("no_catalogues")}</Text>
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
                  <Button variant="subtle" size="xs" onClick={() => load(items.length)}>{t("load_more")}</Button>
                </Group>
              )}
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
    </Modal>
  );
}
