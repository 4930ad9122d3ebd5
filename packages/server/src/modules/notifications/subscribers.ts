import { subscriber } from "../../events/bus";
import { queueOrderNotice } from "./service";

/** The e-mails and SMS of a purchase's life: queued when it happens, sent by the notice job (service.ts). */
export const notificationsSubscribers = [
  subscriber("purchase.created", "notifications.purchase-created", async (tx, purchase, _ctx, meta) => {
    await queueOrderNotice(tx, { kind: "purchase_created", checkoutId: purchase.checkout_id }, meta.occurredAt);
  }),
  subscriber("purchase.payment_pending", "notifications.payment-pending", async (tx, purchase, _ctx, meta) => {
    await queueOrderNotice(tx, { kind: "payment_pending", checkoutId: purchase.checkout_id }, meta.occurredAt);
  }),
  subscriber("purchase.paid", "notifications.purchase-paid", async (tx, purchase, _ctx, meta) => {
    await queueOrderNotice(tx, { kind: "purchase_paid", checkoutId: purchase.checkout_id }, meta.occurredAt);
  }),
  subscriber("order.state_changed", "notifications.order-state", async (tx, change, _ctx, meta) => {
    await queueOrderNotice(tx, { kind: "order_state_changed", orderId: change.order_id, state: change.to }, meta.occurredAt);
  }),
];
