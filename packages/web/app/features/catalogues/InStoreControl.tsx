import { Badge, Button, Group, Skeleton, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import type { InStoreView } from "@tianguis/domain/schemas/catalogue";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useAdminShop } from "../../lib/access";
import { useMutation } from "../../ui/useMutation";
import { usePending } from "../../lib/usePending";

/**
 * Product in store, admin view (spec §4): not in store → add; in store → remove, which waits 5 s showing
 * 'removed' with Undo before the call. Renders nothing for visitors and for the shop's own items.
 */
export function InStoreControl({ productId }: { productId: string }) {
  const t = useT();
  const admin = useAdminShop();
  const [state, setState] = useState<InStoreView | null>(null);
  const { isPending, schedule, undo } = usePending(5000);
  const { run } = useMutation();
  const slug = admin?.shop.slug;
  useEffect(() => {
    if (!slug) return;
    api(cataloguesApi.inShop, { params: { slug, productId } })
      .then(setState)
      .catch(() => setState(null));
  }, [slug, productId]);
  if (!admin) return null;
  if (!state) return <Skeleton h={28} w={220} mb="md" />;
  if (state.own) return null;
  const options = { failure: "product_error", revalidate: false, onSuccess: setState } as const;
  const add = () =>
    run(() => api(cataloguesApi.addToShop, { params: { slug: admin.shop.slug }, body: { product_id: productId } }), {
      ...options,
      success: "product_added_to_store",
    });
  const remove = () =>
    schedule(productId, () =>
      run(() => api(cataloguesApi.removeFromShop, { params: { slug: admin.shop.slug, productId } }), {
        ...options,
        success: "product_removed_from_store",
      }),
    );
  if (isPending(productId))
    return (
      <Group gap="xs" mb="md">
        <Text size="sm" c="red" fw={500}>
          {t("removed")}
        </Text>
        <Button size="xs" variant="outline" onClick={() => undo(productId)}>
          {t("undo")}
        </Button>
      </Group>
    );
  return state.in_store ? (
    <Group gap="xs" mb="md">
      <Badge color="teal" variant="light">
        {t("in_store")}
      </Badge>
      <Button size="xs" variant="subtle" color="red" onClick={remove}>
        {t("remove_from_store")}
      </Button>
    </Group>
  ) : (
    <Group gap="xs" mb="md">
      <Badge color="gray" variant="light">
        {t("not_in_store")}
      </Badge>
      <Button size="xs" onClick={add}>
        {t("add_to_store")}
      </Button>
    </Group>
  );
}
