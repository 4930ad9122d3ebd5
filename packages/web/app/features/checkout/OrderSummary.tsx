import { Divider, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { formatMoney } from "@tianguis/domain/money";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import { messageCode } from "@tianguis/domain/messages/index";
import { useLocale, useT } from "../../lib/i18n";

/** A purchase's orders per supplier: lines, subtotal, shipping and total. */
export function OrderSummary({ checkout }: { checkout: CheckoutView }) {
  const t = useT();
  const locale = useLocale();
  const money = (amount: number) => formatMoney({ amount, currency: checkout.currency }, locale);
  return (
    <Stack gap="sm" component="section" aria-label={t("order_summary")}>
      <Title order={2} fz="h4">
        {t("order_summary")}
      </Title>
      {checkout.orders.map((order) => (
        <Paper key={order.id} withBorder p="sm" radius="md" component="article" aria-label={t("sold_by", { name: order.supplier_name })}>
          <Group justify="space-between" mb={4}>
            <Text fw={600} size="sm">
              {t("sold_by", { name: order.supplier_name })}
            </Text>
            <Text size="xs" c="dimmed">
              {t("order_number", { number: order.number })} · {t(messageCode(`order_state_${order.state}`))}
            </Text>
          </Group>
          {order.items.map((item) => (
            <Group key={item.product_id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" lineClamp={1}>
                {item.quantity} × {item.name}
              </Text>
              <Text size="sm">{money(item.total)}</Text>
            </Group>
          ))}
          {order.shipping_cost > 0 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t("shipping_cost")}
              </Text>
              <Text size="sm">{money(order.shipping_cost)}</Text>
            </Group>
          )}
        </Paper>
      ))}
      <Divider />
      <Group justify="space-between">
        <Text c="dimmed">{t("subtotal")}</Text>
        <Text>{money(checkout.subtotal)}</Text>
      </Group>
      <Group justify="space-between">
        <Text c="dimmed">{t("shipping_cost")}</Text>
        <Text>{money(checkout.shipping_cost)}</Text>
      </Group>
      <Group justify="space-between">
        <Text fw={700}>{t("total")}</Text>
        <Text fw={700} size="lg" data-testid="checkout-total">
          {money(checkout.total)}
        </Text>
      </Group>
    </Stack>
  );
}
