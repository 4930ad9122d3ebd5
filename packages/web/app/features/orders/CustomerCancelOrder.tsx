import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconX } from "@tabler/icons-react";
import { ordersApi } from "@tianguis/domain/routes/orders";
import { formatMoney } from "@tianguis/domain/money";
import type { CheckoutOrderView } from "@tianguis/domain/schemas/checkout";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";

/** 'Cancelar pedido' while the supplier has not confirmed (can_cancel): a confirm modal with an optional reason. */
export function CustomerCancelOrder({ order, currency, token }: { order: CheckoutOrderView; currency: string; token: string | null }) {
  const t = useT();
  const locale = useLocale();
  const [opened, modal] = useDisclosure(false);
  const [reason, setReason] = useState("");
  const { run, busy } = useMutation();
  const cancel = () =>
    run(
      () =>
        api(ordersApi.customerCancel, {
          params: { id: order.id },
          query: token ? { token } : {},
          body: reason.trim() ? { reason: reason.trim() } : {},
        }),
      { success: "purchase_canceled_toast", onSuccess: modal.close },
    );
  return (
    <>
      <Stack gap={4} align="flex-start">
        <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={modal.open}>
          {t("order_action_cancel")}
        </Button>
        <Text size="xs" c="dimmed">
          {t("purchase_cancel_hint")}
        </Text>
      </Stack>
      <Modal opened={opened} onClose={modal.close} title={t("purchase_cancel_title", { number: order.number })} centered>
        <Stack gap="md">
          <Text size="sm">
            {t("purchase_cancel_text", {
              name: order.supplier_name,
              amount: formatMoney({ amount: order.total, currency }, locale),
            })}
          </Text>
          <Textarea
            label={t("purchase_cancel_reason")}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={modal.close} disabled={busy}>
              {t("purchase_cancel_keep")}
            </Button>
            <Button color="red" onClick={cancel} loading={busy}>
              {t("purchase_cancel_confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
