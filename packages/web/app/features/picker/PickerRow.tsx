import { ActionIcon, Badge, Box, Button, Group, Image, Stack, Text } from "@mantine/core";
import { IconCheck, IconPlus, IconTrash } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import { isConcluded, isInteractive } from "@tianguis/domain/rules/price-display";
import type { ResaleProduct } from "@tianguis/domain/schemas/reseller";
import { useLocale, useT } from "../../lib/i18n";

/**
 * One picker row (spec §3 'Product row (picker)', §4): 80×80 thumbnail, name and supplier, list price with the crossout
 * price struck when it differs, margin and the reseller's earning; add (a green check once added) or remove with a
 * 5-second undo. Unpublished or hidden items are faded and not interactive; a concluded experience cannot be added.
 */
export function PickerRow({
  product,
  inStore,
  busy,
  removing,
  now,
  onAdd,
  onRemove,
  onUndo,
}: {
  product: ResaleProduct;
  inStore: boolean;
  busy: boolean;
  removing: boolean;
  now: Date;
  onAdd: () => void;
  onRemove: () => void;
  onUndo: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const fmt = (amount: number) => formatMoney({ amount, currency: product.currency }, locale);
  const interactive = isInteractive(product);
  const concluded = isConcluded(product, now);
  const addable = interactive && !concluded;
  const showCrossout = product.crossout_price !== null && product.crossout_price !== product.list_price;
  return (
    <Group
      wrap="nowrap"
      align="center"
      gap="sm"
      py="xs"
      px={4}
      style={{ opacity: interactive ? 1 : 0.45, borderBottom: "1px solid var(--mantine-color-default-border)" }}
      aria-disabled={!interactive || undefined}
      data-testid="picker-row"
    >
      <Image src={product.photos[0]} w={80} h={80} radius="sm" fit="cover" alt="" fallbackSrc="/favicon.ico" style={{ flex: "none" }} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} size="sm" lineClamp={2} data-testid="picker-row-name">
          {product.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {product.owner_name}
          {product.category ? ` · ${product.category}` : ""}
        </Text>
        <Group gap={6} wrap="wrap">
          {!product.hide_price && (
            <Text size="sm" fw={600}>
              {product.is_free ? t("free") : fmt(product.list_price)}
            </Text>
          )}
          {!product.hide_price && showCrossout && product.crossout_price !== null && (
            <Text size="xs" c="dimmed" td="line-through" aria-label={t("picker_regular_price", { amount: fmt(product.crossout_price) })}>
              {fmt(product.crossout_price)}
            </Text>
          )}
        </Group>
        {product.contribution_margin !== null && (
          <Text size="xs" style={{ color: "light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))" }}>
            {t("picker_margin", { amount: fmt(product.contribution_margin) })}
            {product.earning !== null && ` · ${t("picker_earning", { amount: fmt(product.earning) })}`}
          </Text>
        )}
        {concluded && (
          <Badge size="xs" color="gray" variant="light">
            {t("concluded")}
          </Badge>
        )}
      </Stack>
      <Box style={{ flex: "none" }}>
        {removing ? (
          <Stack gap={4} align="flex-end">
            <Text size="xs" c="red" fw={500} role="status">
              {t("picker_removing")}
            </Text>
            <Button size="xs" variant="outline" onClick={onUndo}>
              {t("undo")}
            </Button>
          </Stack>
        ) : inStore ? (
          <Group gap={4} wrap="nowrap">
            <AddedCheck label={t("picker_added", { name: product.name })} />
            {interactive && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={onRemove}
                disabled={busy}
                aria-label={t("picker_remove", { name: product.name })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        ) : addable ? (
          <ActionIcon variant="filled" size="lg" onClick={onAdd} loading={busy} aria-label={t("picker_add", { name: product.name })}>
            <IconPlus size={18} />
          </ActionIcon>
        ) : (
          <Text size="xs" c="dimmed">
            {t("picker_unavailable")}
          </Text>
        )}
      </Box>
    </Group>
  );
}

function AddedCheck({ label }: { label: string }) {
  return (
    <ActionIcon component="span" variant="filled" color="green" size="lg" radius="xl" role="img" aria-label={label}>
      <IconCheck size={18} />
    </ActionIcon>
  );
}
