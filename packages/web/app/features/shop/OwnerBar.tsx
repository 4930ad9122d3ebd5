import type { ShopView } from "@tianguis/domain/schemas/shop";
import { useT } from "../../lib/i18n";
import { Avatar } from "../../ui/Avatar";
import { Anchor, Container, Group, Text, rem } from "../../ui/layout-markup";

/** Affiliate-hosted shops show an extra bar with the owner's photo and name, linking to the owner's URL. */
export function OwnerBar({ shop }: { shop: ShopView }) {
  const t = useT();
  if (shop.store_type !== "affiliate" || shop.hidden_affinity_xheader || !shop.owner_name) return null;
  const content = (
    <Group gap={8} wrap="nowrap">
      <Avatar src={shop.owner_photo} alt="" size={22} radius="xl">
        {shop.owner_name.slice(0, 1)}
      </Avatar>
      <Text size="xs" style={{ fontWeight: 500 }}>
        {t("owner_bar", { name: shop.owner_name })}
      </Text>
    </Group>
  );
  return (
    <div style={{ paddingBlock: rem(6), background: "var(--mantine-color-default-hover)" }} data-testid="owner-bar">
      <Container size="xl">
        {shop.owner_url ? (
          <Anchor href={shop.owner_url} underline="never" inherit>
            {content}
          </Anchor>
        ) : (
          content
        )}
      </Container>
    </div>
  );
}
