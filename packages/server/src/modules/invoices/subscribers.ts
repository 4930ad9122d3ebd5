import { subscriber } from "../../events/bus";
import { queueAutomaticInvoice, queueCreditNote, queuePaymentComplements } from "./service";

/**
 * Invoices follow the purchase (issue #30 §1): a paid order whose customer asked for an invoice, or a customer asking
 * for one of a paid order, is queued for stamping when the shop invoices on its own; the payment of an order invoiced
 * PPD before its money arrived queues its payment complement; a settled refund of an invoiced
 * order, or its cancellation after payment, queues its credit note. Stamping calls the PAC, so it runs as a job after the
 * commit, never inside it.
 */
export const invoicesSubscribers = [
  subscriber("purchase.paid", "invoices.auto-invoice-paid", async (tx, purchase, _ctx, meta) => {
    for (const orderId of purchase.order_ids) await queueAutomaticInvoice(tx, orderId, meta.occurredAt);
  }),
  subscriber("purchase.paid", "invoices.payment-complement", async (tx, purchase, _ctx, meta) => {
    await queuePaymentComplements(tx, purchase, meta.occurredAt);
  }),
  subscriber("order.invoicing_requested", "invoices.auto-invoice-requested", async (tx, request, _ctx, meta) => {
    await queueAutomaticInvoice(tx, request.order_id, meta.occurredAt);
  }),
  subscriber("refund.settled", "invoices.credit-note", async (tx, refund, _ctx, meta) => {
    if (refund.amount > 0) await queueCreditNote(tx, refund, meta.occurredAt);
  }),
  subscriber("order.state_changed", "invoices.credit-note-cancelled", async (tx, change, _ctx, meta) => {
    if (change.to === "canceled_by_customer" || change.to === "canceled_by_supplier")
      await queueCreditNote(tx, { order_id: change.order_id }, meta.occurredAt);
  }),
];
