import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { returnsApi } from "@tianguis/domain/routes/returns";
import { formatMoney } from "@tianguis/domain/money";
import type { OrderReturnsView } from "@tianguis/domain/schemas/return";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { toMinor } from "./useOrderReturns";

/**
 * 'Reembolsar': an amount up to what is available and, optionally, units back to stock per line. One key per dialog:
 * a double click or a retry after a lost answer refunds once.
 */
export function RefundModal({
  view,
  slug,
  onClose,
  onDone,
}: {
  view: OrderReturnsView;
  slug: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [key] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState<number | string>(view.refundable / 100);
  const [note, setNote] = useState("");
  const [restock, setRestock] = useState<Record<string, number>>({});
  const { run, busy } = useMutation();
  const minor = toMinor(amount);
  const tooMuch = minor > view.refundable;
  const submit = () =>
    run(
      () =>
        api(returnsApi.refund, {
          params: { slug, id: view.order_id },
          headers: { "Idempotency-Key": key },
          body: {
            amount: minor,
            restock: Object.entries(restock)
              .filter(([, quantity]) => quantity > 0)
              .map(([order_item_id, quantity]) => ({ order_item_id, quantity })),
            ...(note.trim() ? { note: note.trim() } : {}),
          },
        }),
      {
        onSuccess: (refund) => {
          if (refund.status === "failed") throw new Error(t("refund_failed"));
          onDone();
          onClose();
        },
        success: "refund_done_toast",
        failure: "refund_failed",
      },
    );
  return (
    <Modal opened onClose={onClose} title={t("refund_action")} centered size="lg">
      <Stack gap="md">
        <Text size="sm">
          {t("refund_available", { amount: formatMoney({ amount: view.refundable, currency: view.currency }, locale) })}
        </Text>
        <NumberInput
          label={t("refund_amount")}
          value={amount}
          onChange={setAmount}
          min={0.01}
          decimalScale={2}
          fixedDecimalScale
          prefix="$"
          thousandSeparator=","
          error={tooMuch ? t("refund_exceeds_available") : null}
          data-autofocus
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t("refund_restock")}
          </Text>
          {view.lines.map((line) => (
            <Group key={line.order_item_id} justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm" truncate>
                {line.name}
              </Text>
              <NumberInput
                aria-label={`${t("refund_restock")}: ${line.name}`}
                min={0}
                max={line.delivered}
                allowDecimal={false}
                clampBehavior="strict"
                value={restock[line.order_item_id] ?? 0}
                onChange={(value) => setRestock((current) => ({ ...current, [line.order_item_id]: Number(value) || 0 }))}
                w={100}
              />
            </Group>
          ))}
        </Stack>
        <TextInput label={t("refund_note")} value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={500} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={minor <= 0 || tooMuch}>
            {t("refund_action")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
