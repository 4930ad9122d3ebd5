import { Alert, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import type { TicketView } from "@tianguis/domain/schemas/ticket";
import { useLocale, useT } from "../../lib/i18n";
import { formatTicketTime } from "./ticket-time";

export type CheckInOutcome =
  | { ok: true; ticket: TicketView; at: string; typed: string }
  | { ok: false; code: string; message: string; usedAt: string | null; typed: string };

/**
 * What the door tells the person scanning: a large green 'Entrada registrada' or a red refusal with its reason and time.
 * Green, not teal: teal is the theme's primary, which each shop re-colours.
 */
export function CheckInResult({ outcome }: { outcome: CheckInOutcome }) {
  const t = useT();
  const locale = useLocale();
  if (outcome.ok) {
    const { ticket } = outcome;
    return (
      <Alert color="green" variant="filled" radius="md" icon={<IconCircleCheck size={28} />} title={t("checkin_ok")} role="status">
        <Stack gap={2}>
          <Text fw={700} size="lg">
            {ticket.holder_name || t("ticket_holder_missing")}
          </Text>
          <Text size="sm">{ticket.product_name}</Text>
          <Text size="sm" ff="monospace">
            {ticket.code} · {t(`ticket_type_${ticket.type}`)}
          </Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="filled" radius="md" icon={<IconCircleX size={28} />} title={t("checkin_refused")} role="alert">
      <Stack gap={2}>
        <Text fw={700} size="lg">
          {outcome.message}
        </Text>
        {outcome.usedAt && <Text size="md">{t("ticket_used_at", { time: formatTicketTime(outcome.usedAt, locale) })}</Text>}
        <Text size="sm" ff="monospace">
          {outcome.typed}
        </Text>
      </Stack>
    </Alert>
  );
}
