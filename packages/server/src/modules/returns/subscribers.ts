import { subscriber } from "../../events/bus";
import { queueReturnNotice } from "./notices";

/** What returns do when a refund settles or fails: both sides get the refund's letter (a refunded return, a supplier's refund). */
export const returnsSubscribers = [
  subscriber("refund.settled", "returns.refund-settled-notice", async (tx, refund, _ctx, meta) => {
    await queueReturnNotice(tx, { kind: "refund_settled", refundId: refund.refund_id }, meta.occurredAt);
  }),
  subscriber("refund.failed", "returns.refund-failed-notice", async (tx, refund, _ctx, meta) => {
    await queueReturnNotice(tx, { kind: "refund_settled", refundId: refund.refund_id }, meta.occurredAt);
  }),
];
