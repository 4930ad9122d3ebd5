import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { OrderCommissions as OrderCommissionsView } from "@tianguis/domain/schemas/commission";
import { useT } from "../../lib/i18n";
import { CommissionStateBadge } from "./CommissionStateBadge";
import { useCommissionFormat } from "./format";

/** On the supplier's order page: the commission each line owes its reseller or promoter, and the total still owed. */
export function OrderCommissions({ commissions }: { commissions: OrderCommissionsView | null }) {
  const t = useT();
  const format = useCommissionFormat();
  if (!commissions || commissions.lines.length === 0 || !commissions.currency) return null;
  const currency = commissions.currency;
  return (
    <Paper withBorder radius="md" p="md" data-testid="order-commissions">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t("order_commissions_title")}
        </Title>
        {commissions.lines.map((line) => (
          <Group key={line.order_item_id} justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text size="sm" style={{ minWidth: 0 }}>
              {t("order_commissions_line", { quantity: line.quantity, product: line.product_name, name: line.beneficiary_name })}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600} td={line.state === "reversed" ? "line-through" : undefined} style={{ whiteSpace: "nowrap" }}>
                {format.money(line.state === "reversed" ? line.amount : line.net_amount, currency)}
              </Text>
              <CommissionStateBadge state={line.state} />
            </Group>
          </Group>
        ))}
        <Text fw={700} ta="right">
          {t("order_commissions_total", { amount: format.money(commissions.total_owed, currency) })}
        </Text>
      </Stack>
    </Paper>
  );
}
