import { Badge, Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { positionOptions } from "@tianguis/domain/rules/catalogue-position";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { ApiRequestError, apiCall } from "../../lib/api.client";
import { useT } from "../../lib/i18n";
import { notifyError, notifySuccess, notifyWarning } from "../admin/notify";

export interface ItemActions {
  pendingRemoval: (key: string) => boolean;
  schedule: (key: string, run: () => Promise<void>) => void;
  undo: (key: string) => void;
  startUpdating: () => void;
  onRemoved: (productId: string) => void;
  onStoreChange: (productId: string, inStore: boolean) => void;
}

/**
 * Admin controls under a catalogue item: position dropdown (one zero-based option per item; not on proxy
 * shops), remove from catalogue with a 5 s undo, and the in-store state of resold items.
 */
export function CatalogueItemControls({ shopSlug, shopId, catalogueId, product, total, isProxy, actions }: { shopSlug: string; shopId: string; catalogueId: string; product: ProductView; total: number; isProxy: boolean; actions: ItemActions }) {
  const t = useT();
  const removalKey = `catalogue:${product.id}`;
  const storeKey = `store:${product.id}`;
  const resold = product.owner !== shopId;

  const move = async (position: number) => {
    actions.startUpdating();
    try {
      await apiCall("POST", `/shops/${shopSlug}/catalogues/${catalogueId}/products/move`, { product: product.id, queue_position: position });
      notifySuccess(t("success_title"), t("ProductLocationUpdated"));
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 400 && failure.body.code === "updating_position_error") notifyWarning(t("error_title"), t("ProductLocationUpdatedFailTryLater"), 5000);
      else if (failure instanceof ApiRequestError && failure.status === 400) notifyError(t("error_title"), null, t("ProductLocationUpdatedFail"));
      else notifyError(t("error_title"), null, t("TryAgainError"));
    }
  };
  const removeFromCatalogue = () =>
    actions.schedule(removalKey, async () => {
      try {
        await apiCall("DELETE", `/shops/${shopSlug}/catalogues/${catalogueId}/products/${product.id}`);
        notifySuccess(t("success_title"), t("product_removed_from_catalogue"));
        actions.onRemoved(product.id);
      } catch (failure) {
        notifyError(t("error_title"), failure, t("product_error"));
      }
    });
  const removeFromStore = () =>
    actions.schedule(storeKey, async () => {
      try {
        await apiCall("DELETE", `/shops/${shopSlug}/store-products/${product.id}`);
        notifySuccess(t("success_title"), t("product_removed_from_store"));
        actions.onStoreChange(product.id, false);
      } catch (failure) {
        notifyError(t("error_title"), failure, t("product_error"));
      }
    });
  const addToStore = async () => {
    try {
      await apiCall("POST", `/shops/${shopSlug}/store-products`, { product_id: product.id });
      notifySuccess(t("success_title"), t("product_added_to_store"));
      actions.onStoreChange(product.id, true);
    } catch (failure) {
      notifyError(t("error_title"), failure, t("product_error"));
    }
  };
  const pendingUndo = (key: string) => (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" c="red" fw={500}>{t("removed")}</Text>
      <Button size="compact-xs" variant="outline" onClick={() => actions.undo(key)}>{t("undo")}</Button>
    </Group>
  );

  return (
    <Stack gap={6} mt={6}>
      {!isProxy && (
        <NativeSelect size="xs" label={t("position")} value={String(product.queue_position)} onChange={(event) => move(Number(event.currentTarget.value))} data={positionOptions(total).map((position) => ({ value: String(position), label: String(position + 1) }))} />
      )}
      {actions.pendingRemoval(removalKey) ? pendingUndo(removalKey) : (
        <Button size="compact-xs" variant="subtle" color="red" onClick={removeFromCatalogue}>{t("remove_from_catalogue")}</Button>
      )}
      {resold &&
        (actions.pendingRemoval(storeKey) ? pendingUndo(storeKey) : product.in_store ? (
          <Group gap={4} wrap="nowrap" justify="space-between">
            <Badge size="sm" color="teal" variant="light">{t("in_store")}</Badge>
            <Button size="compact-xs" variant="subtle" onClick={removeFromStore}>{t("remove_from_store")}</Button>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap" justify="space-between">
            <Badge size="sm" color="gray" variant="light">{t("not_in_store")}</Badge>
            <Button size="compact-xs" variant="light" onClick={addToStore}>{t("add_to_store")}</Button>
          </Group>
        ))}
    </Stack>
  );
}
