import { subscriber } from "../../events/bus";
import { alertCommissions, alertNewReview, alertOrderState, alertOrdersPaid } from "./service";

/** The alerts a purchase's life raises for the people concerned. */
export const alertsSubscribers = [
  subscriber("purchase.paid", "alerts.orders-paid", async (tx, purchase, _ctx, meta) => {
    if (purchase.order_ids.length > 0) await alertOrdersPaid(tx, purchase.checkout_id, meta.occurredAt);
  }),
  subscriber("order.state_changed", "alerts.order-state", async (tx, change, _ctx, meta) => {
    await alertOrderState(tx, change.order_id, change.to, meta.occurredAt);
  }),
  subscriber("review.posted", "alerts.new-review", async (tx, review) => {
    await alertNewReview(tx, review.review_id);
  }),
  subscriber("commission.available", "alerts.commissions-available", async (tx, released) => {
    await alertCommissions(tx, released.commission_ids, "available");
  }),
];
