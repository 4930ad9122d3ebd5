import { Button, Divider, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconArrowBackUp } from "@tabler/icons-react";
import { messageCode } from "@tianguis/domain/messages/index";
import { useLocale, useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { RefundsList, ReturnPolicyText, ReturnSummary } from "./ReturnBits";
import { StartReturnModal } from "./StartReturnModal";
import { useOrderReturns } from "./useOrderReturns";

const shownStates = new Set(["paid", "confirmed", "in_process", "ready_to_deliver", "on_the_way", "delivered"]);

/**
 * The purchase page's returns part of one order (commerce-and-accounts §4, §9): the policy, until when a return may
 * start, 'Solicitar devolución', the order's returns with their state and label, and every refund with its status.
 */
export function CustomerReturns({ orderId, state, token }: { orderId: string; state: string; token: string | null }) {
  if (!shownStates.has(state)) return null;
  return <CustomerReturnsPart orderId={orderId} token={token} />;
}

function CustomerReturnsPart({ orderId, token }: { orderId: string; token: string | null }) {
  const t = useT();
  const locale = useLocale();
  const user = useUser();
  const { view, failed, reload } = useOrderReturns({ side: "customer", orderId, token });
  const [opened, modal] = useDisclosure(false);
  if (failed) return null;
  if (!view) return <Skeleton height={48} radius="md" aria-busy="true" />;
  const hasHistory = view.returns.length > 0 || view.refunds.length > 0;
  const canStart = view.cannot_return === null && view.lines.some((line) => line.returnable > 0);
  const delivered = view.return_deadline !== null;
  if (!delivered && !hasHistory) return null;
  return (
    <>
      <Divider />
      <Stack gap="xs" component="section" aria-labelledby={`returns-${orderId}`}>
        <Title order={3} fz="h5" id={`returns-${orderId}`}>
          {t("return_policy_title")}
        </Title>
        <ReturnPolicyText policy={view.policy} currency={view.currency} />
        {canStart && view.return_deadline && (
          <>
            <Text size="sm">{t("return_deadline_label", { date: new Date(view.return_deadline).toLocaleString(locale) })}</Text>
            <Button variant="light" leftSection={<IconArrowBackUp size={16} />} onClick={modal.open} style={{ alignSelf: "flex-start" }}>
              {t("return_request")}
            </Button>
          </>
        )}
        {!canStart && delivered && view.cannot_return && view.cannot_return !== "return_disallowed" && (
          <Text size="sm" c="dimmed">
            {t(messageCode(view.cannot_return))}
          </Text>
        )}
        {view.returns.length > 0 && (
          <Stack gap="xs">
            <Title order={3} fz="h5">
              {t("returns_title")}
            </Title>
            {view.returns.map((item) => (
              <ReturnSummary key={item.id} item={item} showLabel={item.state === "accepted" && item.label_mode === "download"} />
            ))}
          </Stack>
        )}
        {view.refunds.length > 0 && (
          <Stack gap="xs">
            <Title order={3} fz="h5">
              {t("refunds_title")}
            </Title>
            <RefundsList refunds={view.refunds} />
          </Stack>
        )}
      </Stack>
      {opened && <StartReturnModal view={view} token={token} canAttachPhotos={user !== null} onClose={modal.close} onSent={reload} />}
    </>
  );
}
