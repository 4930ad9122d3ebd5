import { ActionIcon, Avatar, Group, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import type { CartProductView } from "@tianguis/domain/schemas/cart";
import { useLocale, useT } from "../../lib/i18n";
import { QuantityStepper } from "./QuantityStepper";

/** One cart line: photo, name, unit price, quantity stepper, line total and remove. */
export function CartLineRow({
  line,
  busy,
  onQuantity,
  onRemove,
}: {
  line: CartProductView;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const money = (amount: number) => formatMoney({ amount, currency: line.currency }, locale);
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" component="li" style={{ listStyle: "none" }}>
      <Avatar src={line.photo} alt="" radius="sm" size={56}>
        {line.name.slice(0, 1)}
      </Avatar>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" lineClamp={2}>
            {line.name}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={`${t("remove")}: ${line.name}`} onClick={onRemove} disabled={busy}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <Text size="xs" c="dimmed">
          {money(line.unit_price)}
        </Text>
        {line.problem && (
          <Text size="xs" c="red" role="status">
            {t(line.problem)}
          </Text>
        )}
        <Group justify="space-between" wrap="nowrap">
          <QuantityStepper line={line} disabled={busy || line.disabled} onChange={onQuantity} />
          <Text fw={600} size="sm">
            {money(line.total)}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}
