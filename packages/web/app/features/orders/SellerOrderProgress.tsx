import { Paper, Stepper, Title } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { type OrderProgressState, progressSteps, sellerStateLabel } from "@tianguis/domain/rules/order-progress";
import type { SellerOrderView } from "@tianguis/domain/schemas/order";
import { useT } from "../../lib/i18n";
import { useOrderFormat } from "./seller-format";

const canceledStates: readonly string[] = ["canceled_by_customer", "canceled_by_supplier"];

/**
 * The order's steps along its path (spec §4 'Purchase-order progress'): done steps carry their day (the timeline has
 * the time); across the page on wide screens, down it on narrower ones. A cancelled
 * order stops at the step it was cancelled from, with the cancellation as its last, red step.
 */
export function SellerOrderProgress({ order }: { order: SellerOrderView }) {
  const t = useT();
  const format = useOrderFormat();
  const path = progressSteps(order.path);
  const canceled = canceledStates.includes(order.state);
  const at = (state: string) => path.indexOf(state as OrderProgressState);
  // Steps are changes of state; the timeline's 'packed' lines leave the state as it was.
  const changes = order.events.filter((event) => event.kind === "state");
  // A cancelled order's last step is the state the cancellation left.
  const reached = canceled ? at(changes.findLast((event) => event.to_state === order.state)?.from_state ?? "paid") : at(order.state);
  const steps = canceled ? [...path.slice(0, reached + 1), order.state] : path;
  const active = canceled ? steps.length - 1 : reached + 1;
  const dateOf = (state: string) => {
    const event = changes.findLast((item) => item.to_state === state);
    return event ? format.date(event.created_at) : undefined;
  };
  const stepper = (orientation: "horizontal" | "vertical") => (
    <Stepper
      active={active}
      orientation={orientation}
      size={orientation === "horizontal" ? "sm" : "xs"}
      allowNextStepsSelect={false}
      visibleFrom={orientation === "horizontal" ? "lg" : undefined}
      hiddenFrom={orientation === "vertical" ? "lg" : undefined}
    >
      {steps.map((state, index) => {
        const isCancel = canceled && index === steps.length - 1;
        return (
          <Stepper.Step
            key={state}
            label={t(sellerStateLabel(state, order.path))}
            description={index < active || isCancel ? dateOf(state) : undefined}
            color={isCancel ? "red" : undefined}
            icon={isCancel ? <IconX size={18} /> : undefined}
          />
        );
      })}
    </Stepper>
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-progress">
      <Title order={2} size="h4" mb="md" id="order-progress">
        {t("order_progress")}
      </Title>
      {stepper("horizontal")}
      {stepper("vertical")}
    </Paper>
  );
}
