import { Badge } from "@mantine/core";
import type { TicketView } from "@tianguis/domain/schemas/ticket";
import { useT } from "../../lib/i18n";

const colors = { valid: "green", used: "gray", cancelled: "red" } as const;

export function TicketStateBadge({ state }: { state: TicketView["state"] }) {
  const t = useT();
  return (
    <Badge variant="light" color={colors[state]} style={{ flex: "none" }}>
      {t(`ticket_state_${state}`)}
    </Badge>
  );
}
