import { subscriber } from "../../events/bus";
import { recordOrdersPaid } from "./service";

/** A paid purchase's orders start their timeline: 'paid', by the system, when the money arrived. */
export const ordersSubscribers = [
  subscriber("purchase.paid", "orders.timeline-paid", async (tx, purchase, _ctx, meta) => {
    await recordOrdersPaid(tx, purchase.order_ids, meta.occurredAt);
  }),
];
