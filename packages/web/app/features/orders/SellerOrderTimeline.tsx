import { Paper, Text, Timeline, Title } from "@mantine/core";
import { messageCode } from "@tianguis/domain/messages/index";
import { sellerStateLabel } from "@tianguis/domain/rules/order-progress";
import type { SellerOrderView } from "@tianguis/domain/schemas/order";
import { useT } from "../../lib/i18n";
import { useOrderFormat } from "./seller-format";

/** The order's history, oldest first: each change of state (and its packing), who made it (role and name), its note and when. */
export function SellerOrderTimeline({ order }: { order: SellerOrderView }) {
  const t = useT();
  const format = useOrderFormat();
  const packedTitle = (boxes: number | null) =>
    boxes === 1 ? t("order_event_packed_one") : t("order_event_packed", { count: boxes ?? 0 });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-timeline">
      <Title order={2} size="h4" mb="md" id="order-timeline">
        {t("order_timeline")}
      </Title>
      <Timeline active={order.events.length - 1} bulletSize={18} lineWidth={2}>
        {order.events.map((event) => (
          <Timeline.Item
            key={event.id}
            title={event.kind === "packed" ? packedTitle(event.boxes) : t(sellerStateLabel(event.to_state, order.path))}
          >
            <Text size="sm" c="dimmed">
              {[t(messageCode(`actor_${event.actor_role}`)), event.actor_name].filter(Boolean).join(" · ")}
            </Text>
            {event.note && <Text size="sm">{event.note}</Text>}
            <Text size="xs" c="dimmed" mt={2}>
              <time dateTime={event.created_at}>{format.dateTime(event.created_at)}</time>
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
