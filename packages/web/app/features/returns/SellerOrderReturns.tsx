import { Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCashBanknote } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import { useAdminShop } from "../../lib/access";
import { useLocale, useT } from "../../lib/i18n";
import { RefundModal } from "./RefundModal";
import { RefundsList, ReturnSummary } from "./ReturnBits";
import { ReturnActions } from "./ReturnActions";
import { useOrderReturns } from "./useOrderReturns";

/** The supplier's order page: the order's returns with their actions, its refunds, and 'Reembolsar' up to what is available. */
export function SellerOrderReturns({ orderId, slug }: { orderId: string; slug: string }) {
  const t = useT();
  const locale = useLocale();
  const { view, failed, reload } = useOrderReturns({ side: "supplier", orderId, slug });
  const [refunding, refundModal] = useDisclosure(false);
  // Refunds move money: the owner and admins only (the server refuses the order desk's other profiles).
  const mayRefund = useAdminShop() !== null;
  if (failed) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`seller-returns-${orderId}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={`seller-returns-${orderId}`}>
            {t("returns_title")} · {t("refunds_title")}
          </Title>
          {mayRefund && view && view.refundable > 0 && (
            <Button variant="light" size="sm" leftSection={<IconCashBanknote size={16} />} onClick={refundModal.open}>
              {t("refund_action")}
            </Button>
          )}
        </Group>
        {!view ? (
          <Skeleton height={60} radius="md" />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t("refund_available", { amount: formatMoney({ amount: view.refundable, currency: view.currency }, locale) })}
            </Text>
            {view.returns.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("returns_empty")}
              </Text>
            ) : (
              view.returns.map((item) => (
                <ReturnSummary key={item.id} item={item} showLabel>
                  <ReturnActions item={item} slug={slug} onChanged={reload} />
                </ReturnSummary>
              ))
            )}
            <Title order={3} size="h5">
              {t("refunds_title")}
            </Title>
            <RefundsList refunds={view.refunds} />
          </>
        )}
      </Stack>
      {refunding && view && <RefundModal view={view} slug={slug} onClose={refundModal.close} onDone={reload} />}
    </Paper>
  );
}
