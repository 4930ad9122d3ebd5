import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { DOWNLOAD_DAYS, DOWNLOAD_LIMIT } from "@tianguis/domain/rules/digital-delivery";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import { useT } from "../../lib/i18n";

/**
 * The paid purchase's digital items, each with its 'Descargar' button (a signed link that answers the file as an
 * attachment), on the paid page and the purchase's detail page. Nothing shows until the purchase is paid and the
 * seller has attached the file.
 */
export function DownloadsList({ checkout, className }: { checkout: CheckoutView; className?: string }) {
  const t = useT();
  const items = checkout.orders.flatMap((order) =>
    order.items.flatMap((item) =>
      item.download_url ? [{ key: `${order.id}-${item.product_id}`, name: item.name, url: item.download_url }] : [],
    ),
  );
  if (items.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="downloads-title" className={className}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id="downloads-title">
          {t("downloads_title")}
        </Title>
        {items.map((item) => (
          <Group key={item.key} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" fw={500} lineClamp={2}>
              {item.name}
            </Text>
            <Button
              component="a"
              href={item.url}
              download
              rel="nofollow"
              leftSection={<IconDownload size={16} />}
              aria-label={t("download_item", { name: item.name })}
              style={{ flexShrink: 0 }}
            >
              {t("download_button")}
            </Button>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {t("downloads_hint", { days: DOWNLOAD_DAYS, max: DOWNLOAD_LIMIT })}
        </Text>
      </Stack>
    </Paper>
  );
}
