import { Badge } from "@mantine/core";
import type { MessageCode } from "@tianguis/domain/messages/index";
import type { CommissionState } from "@tianguis/domain/rules/commission";
import { useT } from "../../lib/i18n";
import classes from "./commissions.module.css";

/** Yellow's own badge text is 1.9:1 on its tint: pending reads in a dark amber instead (light scheme; see the CSS). */
const stateBadges: Record<CommissionState, { label: MessageCode; color: string; className?: string }> = {
  pending: { label: "commission_state_pending", color: "yellow", className: classes.pendingLabel },
  available: { label: "commission_state_available", color: "green" },
  paid: { label: "commission_state_paid", color: "teal" },
  reversed: { label: "commission_state_reversed", color: "gray" },
};

export function CommissionStateBadge({ state }: { state: CommissionState }) {
  const t = useT();
  const badge = stateBadges[state];
  return (
    <Badge variant="light" color={badge.color} classNames={{ label: badge.className }} style={{ flex: "none" }}>
      {t(badge.label)}
    </Badge>
  );
}
