import { Badge, Button, Group, Skeleton, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { apiCall } from "../../lib/api.client";
import { useT } from "../../lib/i18n";
import { useAdminShop } from "../admin/access";
import { notifyError, notifySuccess } from "../admin/notify";
import { usePending } from "../admin/usePending";

interface InStore {
  product_id: string;
  in_store: boolean;
  own: boolean;
}

/**
 * Product in store, admin view (spec §4): not in store → add; in store → remove, which waits 5 s showing
 * 'removed' with Undo before the call. Renders nothing for visitors and for the shop's own items.
 */
export function InStoreControl({ productId }: { productId: string }) {
  const t = useT();
  const admin = useAdminShop();
  const [state, setState] = useState<InStore | null>(null);
  const { isPending, schedule, undo } = usePending(5000);
  const slug = admin?.shop.slug;
  useEffect(() => {
    if (!slug) return;
    apiCall<InStore>("GET", `/shops/${slug}/store-products/${productId}`)
      .then(setState)
      .catch(() => setState(null));
  }, [slug, productId]);
  if (!admin) return null;
  if (!state) return <Skeleton h={28} w={220} mb="md" />;
  if (state.own) return null;
  const add = async () => {
    try {
      setState(await apiCall<InStore>("POST", `/shops/${admin.shop.slug}/store-products`, { product_id: productId }));
      notifySuccess(t("success_title"), t("product_added_to_store"));
    } catch (failure) {
      notifyError(t("error_title"), failure, t("product_error"));
    }
  };
  const remove = () =>
    schedule(productId, async () => {
      try {
        setState(await apiCall<InStore>("DELETE", `/shops/${admin.shop.slug}/store-products/${productId}`));
        notifySuccess(t("success_title"), t("product_removed_from_store"));
      } catch (failure) {
        notifyError(t("error_title"), failure, t("product_error"));
      }
    });
  if (isPending(productId))
    return (
      <Group gap="xs" mb="md">
        <Text size="sm" c="red" fw={500}>{t("removed")}</Text>
        <Button size="xs" variant="outline" onClick={() => undo(productId)}>{t("undo")}</Button>
      </Group>
    );
  return state.in_store ? (
    <Group gap="xs" mb="md">
      <Badge color="teal" variant="light">{t("in_store")}</Badge>
      <Button size="xs" variant="subtle" color="red" onClick={remove}>{t("remove_from_store")}</Button>
    </Group>
  ) : (
    <Group gap="xs" mb="md">
      <Badge color="gray" variant="light">{t("not_in_store")}</Badge>
      <Button size="xs" onClick={add}>{t("add_to_store")}</Button>
    </Group>
  );
}
