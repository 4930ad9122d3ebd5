import type { Tx } from "../../db/client";
import { subscriber } from "../../events/bus";
import {
  type ReturnStep,
  alertCommissions,
  alertCoordinatorDecision,
  alertNewReview,
  alertOrderState,
  alertOrdersPaid,
  alertReturnStep,
} from "./service";

const returnStep = (step: ReturnStep) => async (tx: Tx, ret: { order_id: string }) => {
  await alertReturnStep(tx, ret.order_id, step);
};

/** The alerts a purchase's life raises for the people concerned, and the platform's answer to a coordinator request. */
export const alertsSubscribers = [
  subscriber("purchase.paid", "alerts.orders-paid", async (tx, purchase, _ctx, meta) => {
    if (purchase.order_ids.length > 0) await alertOrdersPaid(tx, purchase.checkout_id, meta.occurredAt);
  }),
  subscriber("order.state_changed", "alerts.order-state", async (tx, change, _ctx, meta) => {
    await alertOrderState(tx, change.order_id, change.to, meta.occurredAt);
  }),
  subscriber("return.opened", "alerts.return-requested", returnStep("requested")),
  subscriber("return.accepted", "alerts.return-accepted", returnStep("accepted")),
  subscriber("return.rejected", "alerts.return-rejected", returnStep("rejected")),
  subscriber("return.received", "alerts.return-closed", returnStep("closed")),
  subscriber("refund.settled", "alerts.refund-issued", async (tx, refund) => {
    await alertReturnStep(tx, refund.order_id, "refunded", { amount: refund.amount, currency: refund.currency });
  }),
  subscriber("review.posted", "alerts.new-review", async (tx, review) => {
    await alertNewReview(tx, review.review_id);
  }),
  subscriber("commission.recorded", "alerts.commissions-recorded", async (tx, recorded) => {
    await alertCommissions(tx, recorded.commission_ids, "recorded");
  }),
  subscriber("commission.available", "alerts.commissions-available", async (tx, released) => {
    await alertCommissions(tx, released.commission_ids, "available");
  }),
  subscriber("coordinator.decided", "alerts.coordinator-decided", async (tx, decision, _ctx, meta) => {
    await alertCoordinatorDecision(tx, decision, meta.occurredAt);
  }),
];
