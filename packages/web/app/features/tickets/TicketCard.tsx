import { Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { ticketsApi } from "@tianguis/domain/routes/tickets";
import type { TicketView } from "@tianguis/domain/schemas/ticket";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { TicketStateBadge } from "./TicketStateBadge";
import { formatTicketTime } from "./ticket-time";
import { WalletButtons } from "./WalletButtons";

/**
 * One ticket as its customer sees it: the QR and its printed code, the experience and its date, the state, the
 * holder's name (editable while the ticket is valid), its own PDF and, while valid, the phone wallets' buttons.
 */
export function TicketCard({
  ticket,
  token,
  pdfUrl,
  onChanged,
}: {
  ticket: TicketView;
  token: string | null;
  pdfUrl: string;
  onChanged: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [holder, setHolder] = useState(ticket.holder_name);
  const { run, busy } = useMutation();
  const titleId = `ticket-${ticket.id}`;
  const save = () =>
    run(
      () =>
        api(ticketsApi.rename, {
          params: { id: ticket.id },
          query: token ? { token } : {},
          body: { holder_name: holder },
        }),
      { success: "ticket_holder_saved", revalidate: false, onSuccess: onChanged },
    );
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-labelledby={titleId} style={{ listStyle: "none" }}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <img src={ticket.qr} alt={t("ticket_qr_alt", { code: ticket.code })} width={132} height={132} style={{ flex: "none" }} />
        <Stack gap={6} style={{ flex: "1 1 220px", minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={700} id={titleId} lineClamp={2}>
              {ticket.unit ? t("ticket_unit", { unit: ticket.unit }) : t(`ticket_type_${ticket.type}`)} · {ticket.product_name}
            </Text>
            <TicketStateBadge state={ticket.state} />
          </Group>
          {ticket.experience_date && (
            <Text size="sm" c="dimmed">
              {t("ticket_event_date")}: {formatTicketTime(ticket.experience_date, locale)}
            </Text>
          )}
          <Text size="sm">
            {t("ticket_code")}:{" "}
            <Text span ff="monospace" fw={600}>
              {ticket.code}
            </Text>
          </Text>
          {ticket.used_at && (
            <Text size="sm" c="dimmed">
              {t("ticket_used_at", { time: formatTicketTime(ticket.used_at, locale) })}
            </Text>
          )}
          {ticket.state === "valid" ? (
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label={t("ticket_holder")}
                value={holder}
                maxLength={150}
                onChange={(event) => setHolder(event.currentTarget.value)}
                style={{ flex: 1, minWidth: 0 }}
                size="sm"
              />
              <Button size="sm" variant="light" onClick={save} loading={busy} disabled={!holder.trim() || holder === ticket.holder_name}>
                {t("ticket_holder_save")}
              </Button>
            </Group>
          ) : (
            <Text size="sm">
              {t("ticket_holder")}: {ticket.holder_name || t("ticket_holder_missing")}
            </Text>
          )}
          <Button
            component="a"
            href={pdfUrl}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconDownload size={14} />}
            style={{ alignSelf: "flex-start" }}
            rel="nofollow"
          >
            {t("ticket_download")}
          </Button>
          {ticket.state === "valid" && <WalletButtons ticketId={ticket.id} token={token} />}
        </Stack>
      </Group>
    </Paper>
  );
}
