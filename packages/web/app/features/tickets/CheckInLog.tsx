import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useLocale, useT } from "../../lib/i18n";
import type { CheckInOutcome } from "./CheckInResult";
import { formatTicketTime } from "./ticket-time";

/** The door's earlier answers on this device (up to 10), so a dispute ("I already showed it") can be checked at a glance. */
export function CheckInLog({ outcomes }: { outcomes: CheckInOutcome[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="checkin-log-title">
      <Stack gap="xs">
        <Title order={2} fz="h5" id="checkin-log-title">
          {t("checkin_recent")}
        </Title>
        <Stack gap={6} component="ul" p={0} m={0}>
          {outcomes.map((outcome, index) => (
            <Group
              key={`${outcome.typed}-${index}`}
              component="li"
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              style={{ listStyle: "none" }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" ff="monospace" truncate>
                  {outcome.ok ? outcome.ticket.code : outcome.typed}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {outcome.ok
                    ? `${outcome.ticket.holder_name || t("ticket_holder_missing")} · ${formatTicketTime(outcome.at, locale)}`
                    : outcome.usedAt
                      ? t("ticket_used_at", { time: formatTicketTime(outcome.usedAt, locale) })
                      : outcome.message}
                </Text>
              </Stack>
              <Badge color={outcome.ok ? "green" : "red"} variant="light" style={{ flex: "none" }}>
                {t(outcome.ok ? "checkin_ok" : "checkin_refused")}
              </Badge>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
