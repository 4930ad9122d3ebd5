import { recordEvent, subscriber } from "../../events/bus";
import { cancelOrderTickets, issuePurchaseTickets } from "./service";

/** Tickets follow the purchase: issued when it is paid, cancelled with their order. */
export const ticketsSubscribers = [
  subscriber("purchase.paid", "tickets.issue", async (tx, purchase, _ctx, meta) => {
    const issued = await issuePurchaseTickets(tx, purchase.checkout_id, meta.occurredAt);
    if (issued.length > 0)
      await recordEvent(tx, { type: "ticket.issued", payload: { checkout_id: purchase.checkout_id, ticket_ids: issued } }, meta.occurredAt);
  }),
  subscriber("order.state_changed", "tickets.cancel-with-order", async (tx, change, _ctx, meta) => {
    if (change.to === "canceled_by_customer" || change.to === "canceled_by_supplier")
      await cancelOrderTickets(tx, change.order_id, meta.occurredAt);
  }),
];
