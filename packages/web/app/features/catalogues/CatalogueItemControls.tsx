import { Badge, Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { positionOptions } from "@tianguis/domain/rules/catalogue-position";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import { ApiRequestError, api } from "../../lib/api/client";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { notifyError, notifySuccess, notifyWarning } from "../../ui/notify";
import { hideRemovalWarning, showRemovalWarning } from "../../ui/removal-warning";
import { useMutation } from "../../ui/useMutation";

export interface ItemActions {
  pendingRemoval: (key: string) => boolean;
  schedule: (key: string, run: () => unknown) => void;
  undo: (key: string) => void;
  startUpdating: () => void;
  onRemoved: (productId: string) => void;
  onStoreChange: (productId: string, inStore: boolean) => void;
}

/**
 * Admin controls under a catalogue item: position dropdown (one zero-based option per item; not on proxy
 * shops), remove from catalogue with a 5 s undo and a 4 s warning toast, and the in-store state of resold items.
 */
export function CatalogueItemControls({
  shopSlug,
  shopId,
  catalogueId,
  product,
  total,
  isProxy,
  actions,
}: {
  shopSlug: string;
  shopId: string;
  catalogueId: string;
  product: ProductView;
  total: number;
  isProxy: boolean;
  actions: ItemActions;
}) {
  const t = useT();
  const removalKey = `catalogue:${product.id}`;
  const storeKey = `store:${product.id}`;
  const resold = product.owner !== shopId;
  const { run } = useMutation();
  const change = (call: () => Promise<unknown>, success: MessageCode, onSuccess: () => void) =>
    run(call, { success, failure: "product_error", revalidate: false, onSuccess });

  const move = async (position: number) => {
    actions.startUpdating();
    try {
      await api(cataloguesApi.moveProduct, {
        params: { slug: shopSlug, id: catalogueId },
        body: { product: product.id, queue_position: position },
      });
      notifySuccess(t("success_title"), t("ProductLocationUpdated"));
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 400 && failure.body.code === "updating_position_error")
        notifyWarning(t("error_title"), t("ProductLocationUpdatedFailTryLater"), 5000);
      else if (failure instanceof ApiRequestError && failure.status === 400)
        notifyError(t("error_title"), null, t("ProductLocationUpdatedFail"));
      else notifyError(t("error_title"), null, t("TryAgainError"));
    }
  };
  const warn = (key: string, message: MessageCode) =>
    showRemovalWarning({ id: key, message: t(message), cancelLabel: t("cancel"), onCancel: () => actions.undo(key) });
  const undo = (key: string) => {
    actions.undo(key);
    hideRemovalWarning(key);
  };
  const removeFromCatalogue = () => {
    warn(removalKey, "removal_warning_catalogue");
    actions.schedule(removalKey, () =>
      change(
        () => api(cataloguesApi.removeProduct, { params: { slug: shopSlug, id: catalogueId, productId: product.id } }),
        "product_removed_from_catalogue",
        () => actions.onRemoved(product.id),
      ),
    );
  };
  const removeFromStore = () => {
    warn(storeKey, "removal_warning_store");
    actions.schedule(storeKey, () =>
      change(
        () => api(cataloguesApi.removeFromShop, { params: { slug: shopSlug, productId: product.id } }),
        "product_removed_from_store",
        () => actions.onStoreChange(product.id, false),
      ),
    );
  };
  const addToStore = () =>
    change(
      () => api(cataloguesApi.addToShop, { params: { slug: shopSlug }, body: { product_id: product.id } }),
      "product_added_to_store",
      () => actions.onStoreChange(product.id, true),
    );
  const pendingUndo = (key: string) => (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" c="red" fw={500}>
        {t("removed")}
      </Text>
      <Button size="compact-xs" variant="outline" onClick={() => undo(key)}>
        {t("undo")}
      </Button>
    </Group>
  );

  return (
    <Stack gap={6} mt={6}>
      {!isProxy && (
        <NativeSelect
          size="xs"
          label={t("position")}
          value={String(product.queue_position)}
          onChange={(event) => move(Number(event.currentTarget.value))}
          data={positionOptions(total).map((position) => ({ value: String(position), label: String(position + 1) }))}
        />
      )}
      {actions.pendingRemoval(removalKey) ? (
        pendingUndo(removalKey)
      ) : (
        <Button size="compact-xs" variant="subtle" color="red" onClick={removeFromCatalogue}>
          {t("remove_from_catalogue")}
        </Button>
      )}
      {resold &&
        (actions.pendingRemoval(storeKey) ? (
          pendingUndo(storeKey)
        ) : product.in_store ? (
          <Group gap={4} wrap="nowrap" justify="space-between">
            <Badge size="sm" color="teal" variant="light">
              {t("in_store")}
            </Badge>
            <Button size="compact-xs" variant="subtle" onClick={removeFromStore}>
              {t("remove_from_store")}
            </Button>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap" justify="space-between">
            <Badge size="sm" color="gray" variant="light">
              {t("not_in_store")}
            </Badge>
            <Button size="compact-xs" variant="light" onClick={addToStore}>
              {t("add_to_store")}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}
