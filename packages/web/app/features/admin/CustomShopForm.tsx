import { Card, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { type SectionKey, type ShopView, sectionKeys } from "@tianguis/domain/schemas/shop";
import { useT } from "../../lib/i18n";
import { ColourEditor } from "../merchandising/ColourEditor";
import { useShopPatch } from "./useShopPatch";

/** The custom-shop toggles (gear beside the shop name): sections, carousel columns, dark mode allowed, colour. */
export function CustomShopForm({ shop }: { shop: ShopView }) {
  const t = useT();
  const { patch, submitting } = useShopPatch(shop.slug);
  const sections = shop.store_theme_info.sections_info;
  const toggle = (section: SectionKey, on: boolean) =>
    patch({ sections_info: on ? [...sections, section] : sections.filter((value) => value !== section) });
  return (
    <Card withBorder radius="md" p="lg" id="custom-shop">
      <Stack>
        <Title order={2} size="h4">
          {t("settings_gear")}
        </Title>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t("sections")}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {sectionKeys.map((section) => (
              <Checkbox
                key={section}
                label={t(`section_${section}`)}
                checked={sections.includes(section)}
                disabled={submitting}
                onChange={(event) => toggle(section, event.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </Stack>
        <Group gap="xl" align="flex-end">
          <Stack gap={6}>
            <Text size="sm" fw={500} id="columns-label">
              {t("columns")}
            </Text>
            <SegmentedControl
              aria-labelledby="columns-label"
              value={String(shop.store_theme_info.columns)}
              onChange={(value) => patch({ columns: Number(value) as 1 | 2 })}
              data={["1", "2"]}
              disabled={submitting}
            />
          </Stack>
          <Switch
            label={t("dark_mode_allowed")}
            checked={!shop.hidden_darkmode}
            disabled={submitting}
            onChange={(event) => patch({ hidden_darkmode: !event.currentTarget.checked, darkmode: true })}
          />
        </Group>
        <ColourEditor shopSlug={shop.slug} value={shop.store_theme_info.color1} />
      </Stack>
    </Card>
  );
}
