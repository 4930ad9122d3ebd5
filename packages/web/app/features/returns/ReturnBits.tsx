import { Anchor, Badge, Group, List, Paper, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { formatMoney } from "@tianguis/domain/money";
import type { ReturnState } from "@tianguis/domain/rules/returns";
import type { ReturnInfo } from "@tianguis/domain/schemas/product";
import type { RefundView, ReturnView } from "@tianguis/domain/schemas/return";
import { useLocale, useT } from "../../lib/i18n";

const stateColors: Record<ReturnState, string> = { open: "blue", accepted: "indigo", rejected: "red", closed: "gray" };
const refundColors: Record<RefundView["status"], string> = { pending: "blue", success: "green", failed: "red" };

export function ReturnStateBadge({ state }: { state: ReturnState }) {
  const t = useT();
  return (
    <Badge variant="light" color={stateColors[state]}>
      {t(`return_state_${state}` as MessageCode)}
    </Badge>
  );
}

/** A policy in words: its type, fees, label and legend (commerce-and-accounts §3 'Return info'). */
export function ReturnPolicyText({ policy, currency }: { policy: ReturnInfo; currency: string }) {
  const t = useT();
  const locale = useLocale();
  if (policy.return_type !== "72hrs") {
    return (
      <Text size="sm" c="dimmed">
        {t("return_disallowed")}
        {policy.return_policy === "customized" && policy.return_policy_legend ? ` ${policy.return_policy_legend}` : ""}
      </Text>
    );
  }
  const fees = policy.return_fees ?? "free";
  const amount = formatMoney({ amount: policy.restocking_fees ?? 0, currency }, locale);
  return (
    <List size="sm" spacing={2}>
      <List.Item>{t("return_72hrs")}</List.Item>
      <List.Item>{t(`return_fees_${fees}` as MessageCode, { amount })}</List.Item>
      {policy.return_shipping_label && <List.Item>{t(`return_label_${policy.return_shipping_label}` as MessageCode)}</List.Item>}
      {policy.return_policy === "customized" && policy.return_policy_legend && <List.Item>{policy.return_policy_legend}</List.Item>}
    </List>
  );
}

export function RefundsList({ refunds }: { refunds: RefundView[] }) {
  const t = useT();
  const locale = useLocale();
  if (refunds.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("refunds_empty")}
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {refunds.map((refund) => (
        <Group key={refund.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">
            {new Date(refund.created_at).toLocaleDateString(locale)} ·{" "}
            {formatMoney({ amount: refund.amount, currency: refund.currency }, locale)}
          </Text>
          <Badge variant="light" color={refundColors[refund.status]}>
            {t(`refund_status_${refund.status}` as MessageCode)}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}

/** One return as both sides see it: state, lines, reason, photos, the label once accepted, the reject reason, its refund. */
export function ReturnSummary({ item, showLabel, children }: { item: ReturnView; showLabel: boolean; children?: React.ReactNode }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={`${t("returns_title")} ${new Date(item.created_at).toLocaleDateString(locale)}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {item.order_number ? `#${item.order_number} · ` : ""}
            {new Date(item.created_at).toLocaleString(locale)}
            {item.customer_name ? ` · ${item.customer_name}` : ""}
          </Text>
          <ReturnStateBadge state={item.state} />
        </Group>
        {item.items.map((line) => (
          <Text key={line.order_item_id} size="sm">
            {line.quantity} × {line.name}
          </Text>
        ))}
        <Text size="sm" c="dimmed">
          {t("return_reason")}: {item.reason}
        </Text>
        {item.photos.length > 0 && (
          <Group gap="xs">
            {item.photos.map((photo) => (
              <a key={photo} href={photo} target="_blank" rel="noreferrer">
                <img src={photo} alt={t("return_reason")} width={56} height={56} style={{ objectFit: "cover", borderRadius: 4 }} />
              </a>
            ))}
          </Group>
        )}
        {showLabel && item.label_url && (
          <Anchor href={item.label_url} target="_blank" rel="noreferrer" size="sm">
            <Group gap={4} component="span">
              <IconDownload size={16} aria-hidden />
              {t("return_download_label")}
            </Group>
          </Anchor>
        )}
        {item.reject_reason && (
          <Text size="sm" c="red">
            {t("return_rejected_because", { reason: item.reject_reason })}
          </Text>
        )}
        {item.refund && <RefundsList refunds={[item.refund]} />}
        {children}
      </Stack>
    </Paper>
  );
}
