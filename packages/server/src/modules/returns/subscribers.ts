import { subscriber } from "../../events/bus";
import { alertReturnStep } from "../alerts/service";
import { queueReturnNotice } from "./notices";

/** What returns do when a refund settles: both sides hear of it (a refunded return, or a supplier's refund). */
export const returnsSubscribers = [
  subscriber("refund.settled", "returns.refund-settled-notice", async (tx, refund, _ctx, meta) => {
    await queueReturnNotice(tx, { kind: "refund_settled", refundId: refund.refund_id }, meta.occurredAt);
    await alertReturnStep(tx, refund.order_id, "refunded", { amount: refund.amount, currency: refund.currency });
  }),
  subscriber("refund.failed", "returns.refund-failed-notice", async (tx, refund, _ctx, meta) => {
    await queueReturnNotice(tx, { kind: "refund_settled", refundId: refund.refund_id }, meta.occurredAt);
  }),
];
