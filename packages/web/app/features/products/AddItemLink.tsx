import { Card, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ProductType } from "@tianguis/domain/schemas/product";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { createPath } from "./links";

/** The first card of a shop's listing for its admin (storefront-and-admin §6, AddItemCard.tsx): add an item of the listing's type. */
export function AddItemLink({ type, shopSlug }: { type: ProductType; shopSlug: string }) {
  const t = useT();
  return (
    <Card
      component={Link}
      to={createPath(type, shopSlug)}
      withBorder
      radius="md"
      padding="md"
      h="100%"
      mih={220}
      style={{ borderStyle: "dashed", borderWidth: 2 }}
    >
      <Stack align="center" justify="center" gap="sm" h="100%" mih={200}>
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconPlus size={30} />
        </ThemeIcon>
        <Text fw={600} ta="center">
          {t(`add_item_${type}`)}
        </Text>
      </Stack>
    </Card>
  );
}
