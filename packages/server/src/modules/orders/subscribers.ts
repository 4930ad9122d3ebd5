import { subscriber } from "../../events/bus";
import { recordOrderPacked, recordOrdersPaid } from "./service";

/**
 * A paid purchase's orders start their timeline: 'paid', by the system, when the money arrived. An order whose every
 * unit went into a box gets a 'packed' line, by whoever packed it.
 */
export const ordersSubscribers = [
  subscriber("purchase.paid", "orders.timeline-paid", async (tx, purchase, _ctx, meta) => {
    await recordOrdersPaid(tx, purchase.order_ids, meta.occurredAt);
  }),
  subscriber("order.packed", "orders.timeline-packed", async (tx, packed, _ctx, meta) => {
    await recordOrderPacked(tx, packed, meta.occurredAt);
  }),
];
