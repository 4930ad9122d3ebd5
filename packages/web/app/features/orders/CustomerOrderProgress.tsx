import { Alert, Text } from "@mantine/core";
import { IconCheck, IconCircleX } from "@tabler/icons-react";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { type OrderProgressState, customerStatus } from "@tianguis/domain/rules/order-progress";
import type { CheckoutOrderView } from "@tianguis/domain/schemas/checkout";
import { useT } from "../../lib/i18n";
import classes from "./purchase.module.css";

/** Each step in the customer's words (the catalogue's statuses; 'confirmed' is the seller's acceptance). */
const stepLabels: Record<OrderProgressState, MessageCode> = {
  paid: "order_status_paid",
  confirmed: "order_state_confirmed",
  in_process: "order_status_in_process",
  ready_to_deliver: "order_status_to_deliver",
  on_the_way: "order_status_in_transit",
  delivered: "order_status_delivered",
  canceled_by_customer: "order_status_canceled_by_customer",
  canceled_by_supplier: "order_status_canceled_by_supplier",
};

/**
 * The order's way along its path (spec §4 'Purchase-order progress'): done steps ticked, the current one highlighted.
 * A cancelled order shows a red cancelled state with its reason instead; before payment there is no progress yet.
 */
export function CustomerOrderProgress({ order }: { order: CheckoutOrderView }) {
  const t = useT();
  if (order.state === "canceled_by_customer" || order.state === "canceled_by_supplier") {
    return (
      <Alert color="red" variant="light" icon={<IconCircleX />} title={t(customerStatus(order.state))}>
        {order.cancel_reason && (
          <Text size="sm">
            {t("cancel_reason")}: {order.cancel_reason}
          </Text>
        )}
      </Alert>
    );
  }
  const current = order.steps.indexOf(order.state as OrderProgressState);
  if (current === -1) return null;
  return (
    <ol className={classes.steps} aria-label={t("purchase_progress", { number: order.number })}>
      {order.steps.map((step, index) => {
        const done = index < current;
        const isCurrent = index === current;
        return (
          <li
            key={step}
            className={[classes.step, done && classes.done, isCurrent && classes.current].filter(Boolean).join(" ")}
            aria-current={isCurrent ? "step" : undefined}
          >
            <span className={classes.dot} aria-hidden>
              {done && <IconCheck size={14} stroke={3} />}
            </span>
            <span>
              {t(stepLabels[step])}
              {(done || isCurrent) && (
                <span className="visually-hidden"> ({t(done ? "purchase_step_done" : "purchase_step_current")})</span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
