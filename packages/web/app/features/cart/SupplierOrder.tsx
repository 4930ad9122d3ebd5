import { Alert, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import type { CartOrderView } from "@tianguis/domain/schemas/cart";
import { useLocale, useT } from "../../lib/i18n";
import { CartLineRow } from "./CartLineRow";

/** One supplier's order in the cart: 'Vendido por …', its lines, its subtotal; unconfigured suppliers show a warning. */
export function SupplierOrder({
  order,
  busy,
  onQuantity,
  onRemove,
}: {
  order: CartOrderView;
  busy: boolean;
  onQuantity: (id: string, quantity: number) => void;
  onRemove: (id: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t("sold_by", { name: order.supplier_name })}>
      <Title order={3} fz="sm" mb="xs">
        {t("sold_by", { name: order.supplier_name })}
      </Title>
      {!order.is_configured && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("supplier_missing_config")} mb="xs" p="xs">
          {t("supplier_missing_config_text")}
        </Alert>
      )}
      <Stack gap="sm" component="ul" p={0} m={0}>
        {order.products.map((line) => (
          <CartLineRow
            key={line.product_id}
            line={line}
            busy={busy}
            onQuantity={(quantity) => onQuantity(line.product_id, quantity)}
            onRemove={() => onRemove(line.product_id)}
          />
        ))}
      </Stack>
      <Group justify="space-between" mt="xs">
        <Text size="sm" c="dimmed">
          {t("subtotal")}
        </Text>
        <Text size="sm" fw={600}>
          {formatMoney({ amount: order.total, currency: order.currency }, locale)}
        </Text>
      </Group>
    </Paper>
  );
}
