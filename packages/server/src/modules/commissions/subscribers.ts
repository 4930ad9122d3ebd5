import { subscriber } from "../../events/bus";
import {
  applyRefundToCommissions,
  recordCommissions,
  recordMembershipCommission,
  reverseMembershipCommission,
  reverseOrderCommissions,
  scheduleCommissionRelease,
} from "./service";

/** Commissions follow the purchase: recorded when paid, released after delivery's return window, reversed or reduced. */
export const commissionsSubscribers = [
  subscriber("purchase.paid", "commissions.record", async (tx, purchase, _ctx, meta) => {
    await recordCommissions(tx, purchase.checkout_id, meta.occurredAt);
  }),
  subscriber("order.state_changed", "commissions.follow-order", async (tx, change, _ctx, meta) => {
    // Available after the return window once delivered; reversed when cancelled.
    if (change.to === "delivered") await scheduleCommissionRelease(tx, change.order_id, meta.occurredAt);
    if (change.to === "canceled_by_customer" || change.to === "canceled_by_supplier")
      await reverseOrderCommissions(tx, change.order_id, meta.occurredAt);
  }),
  subscriber("membership.charged", "commissions.membership", async (tx, charge, _ctx, meta) => {
    await recordMembershipCommission(tx, charge, meta.occurredAt);
  }),
  subscriber("membership.refunded", "commissions.membership-refunded", async (tx, refund, _ctx, meta) => {
    await reverseMembershipCommission(tx, refund, meta.occurredAt);
  }),
  subscriber("refund.settled", "commissions.refund", async (tx, refund, _ctx, meta) => {
    await applyRefundToCommissions(tx, { orderId: refund.order_id, refundedGoods: refund.refunded_goods }, meta.occurredAt);
  }),
];
