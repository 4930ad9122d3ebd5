import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { ordersApi } from "@tianguis/domain/routes/orders";
import type { SellerOrderView } from "@tianguis/domain/schemas/order";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { useWrongStateReload } from "./useWrongStateReload";

/** 'Cancelar pedido' (owner or admin, until the parcel leaves): a reason is required; the API refunds and restocks. */
export function SellerOrderCancel({ order, slug }: { order: SellerOrderView; slug: string }) {
  const t = useT();
  const { run, busy } = useMutation();
  const onWrongState = useWrongStateReload();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (!order.can_cancel) return null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t("required"));
      return;
    }
    void run(() => api(ordersApi.sellerCancel, { params: { slug, id: order.id }, body: { reason: reason.trim() } }), {
      success: "order_canceled",
      onSuccess: () => setOpened(false),
      onError: (failure) => onWrongState(failure, () => setOpened(false)),
    });
  };

  return (
    <>
      <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={() => setOpened(true)}>
        {t("order_action_cancel")}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("order_action_cancel")} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t("order_cancel_text")}</Text>
            <Textarea
              label={t("cancel_reason")}
              required
              autosize
              minRows={3}
              maxLength={500}
              value={reason}
              error={error}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setError(null);
              }}
              data-autofocus
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t("order_cancel_keep")}
              </Button>
              <Button type="submit" color="red" loading={busy}>
                {t("order_cancel_confirm")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
