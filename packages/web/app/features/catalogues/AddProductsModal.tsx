import { Avatar, Button, Group, Modal, ScrollArea, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { IconCheck, IconPlus, IconSearch } from "@tabler/icons-react";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useEffect, useState } from "react";
import { catalogApi } from "@tianguis/domain/routes/catalog";
import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";

/** Add the shop's items (own and resold) to a catalogue; items already in it show a check. */
export function AddProductsModal({
  shopSlug,
  catalogueId,
  present,
  opened,
  onClose,
  onAdded,
}: {
  shopSlug: string;
  catalogueId: string;
  present: Set<string>;
  opened: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const t = useT();
  const [items, setItems] = useState<ProductView[] | null>(null);
  const [text, setText] = useState("");
  const [added, setAdded] = useState<Set<string>>(new Set());
  const { run } = useMutation();
  useEffect(() => {
    if (!opened) return;
    setAdded(new Set());
    api(catalogApi.listProducts, { params: { slug: shopSlug }, query: { limit: 100 } })
      .then((page) => setItems(page.results))
      .catch(() => setItems([]));
  }, [opened, shopSlug]);
  const add = (product: ProductView) =>
    run(() => api(cataloguesApi.addProduct, { params: { slug: shopSlug, id: catalogueId }, body: { product_id: product.id } }), {
      success: "product_added_to_catalogue",
      failure: "product_error",
      revalidate: false,
      onSuccess: () => setAdded((current) => new Set(current).add(product.id)),
    });
  const close = () => {
    if (added.size > 0) onAdded();
    onClose();
  };
  const needle = text.trim().toLowerCase();
  const shown = (items ?? []).filter((item) => !needle || item.name.toLowerCase().includes(needle));
  return (
    <Modal opened={opened} onClose={close} title={t("add_products")} size="lg">
      <Stack>
        <TextInput
          aria-label={t("search_catalogue")}
          placeholder={t("search_catalogue")}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        <ScrollArea.Autosize mah={400}>
          {items === null ? (
            <Stack gap="xs">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} h={44} />
              ))}
            </Stack>
          ) : shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t("empty_table")}
            </Text>
          ) : (
            <Stack gap={4}>
              {shown.map((product) => {
                const inside = present.has(product.id) || added.has(product.id);
                return (
                  <Group key={product.id} wrap="nowrap" justify="space-between" py={4}>
                    <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                      <Avatar src={product.images[0]?.thumb} radius="sm" alt="" />
                      <Text size="sm" lineClamp={1}>
                        {product.name}
                      </Text>
                    </Group>
                    <Button
                      size="xs"
                      variant={inside ? "light" : "filled"}
                      disabled={inside}
                      leftSection={inside ? <IconCheck size={14} /> : <IconPlus size={14} />}
                      onClick={() => add(product)}
                      aria-label={`${t("add_to_catalogue")}: ${product.name}`}
                    >
                      {t("add_to_catalogue")}
                    </Button>
                  </Group>
                );
              })}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
