import type { SupplierOrderState } from "@tianguis/domain/rules/order-progress";
import type { InvoicingData } from "@tianguis/domain/schemas/order";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { enqueueJob } from "../../jobs/runner";
import { releaseStock } from "../catalog/service";

/**
 * The purchase's rows (checkouts, orders, order_items) belong to this module: every other module changes them through
 * these doors, in its own transaction, and the change's event is recorded with it.
 */

export const EXPIRE_JOB = "expire_checkout";

/**
 * Locks the purchase's row. Starting a payment attempt and marking one paid both take this lock before touching payments,
 * so they run one after the other and never deadlock on the in-flight index.
 */
export async function lockPurchase(tx: DbOrTx, checkoutId: string) {
  const [row] = await tx
    .select({ state: checkouts.state, expiresAt: checkouts.expiresAt })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId))
    .for("update");
  return row;
}

/**
 * The purchase was paid (payments, in the transaction that settles the attempt): once, from 'pending_payment', with its
 * orders, which go to their suppliers. False when it was no longer awaiting payment (it expired first).
 */
export async function markPurchasePaid(
  tx: DbOrTx,
  checkoutId: string,
  method: string,
  now: Date,
  options: { test: boolean; instalments?: number | null },
): Promise<boolean> {
  const paid = await tx
    .update(checkouts)
    .set({ state: "paid", paidAt: now, paymentMethod: method, test: options.test, instalments: options.instalments ?? null })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.state, "pending_payment")))
    .returning({ id: checkouts.id });
  if (paid.length === 0) return false;
  const sent = await tx
    .update(orders)
    .set({ state: "paid", updatedAt: now })
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.state, "pending_payment")))
    .returning({ id: orders.id });
  await recordEvent(
    tx,
    { type: "purchase.paid", payload: { checkout_id: checkoutId, order_ids: sent.map((order) => order.id), method } },
    now,
  );
  return true;
}

/** An offline payment was started: the purchase waits for the money until `deadline`, then expires. */
export async function awaitOfflinePayment(tx: DbOrTx, checkoutId: string, method: string, deadline: Date, now: Date) {
  await tx.update(checkouts).set({ expiresAt: deadline, paymentMethod: method }).where(eq(checkouts.id, checkoutId));
  await enqueueJob(tx, EXPIRE_JOB, { checkout_id: checkoutId }, deadline);
  await recordEvent(
    tx,
    { type: "purchase.payment_pending", payload: { checkout_id: checkoutId, method, deadline: deadline.toISOString() } },
    now,
  );
}

/**
 * Ends an unpaid purchase whose time ran out (countdown or bank-transfer deadline) and gives its stock
 * back. The conditional update makes it safe against a payment arriving at the same moment.
 */
export async function expireCheckout(ctx: AppContext, checkoutId: string): Promise<boolean> {
  return transactionWithEvents(ctx, async (tx) => {
    const now = ctx.clock.now();
    const expired = await tx
      .update(checkouts)
      .set({ state: "expired" })
      .where(and(eq(checkouts.id, checkoutId), eq(checkouts.state, "pending_payment"), sql`${checkouts.expiresAt} <= ${now}`))
      .returning({ id: checkouts.id });
    if (expired.length === 0) return false;
    await tx.update(orders).set({ state: "expired" }).where(eq(orders.checkoutId, checkoutId));
    const reserved = await tx
      .select({ productId: orderItems.productId, quantity: orderItems.stockReserved })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.checkoutId, checkoutId));
    for (const line of reserved) {
      if (line.quantity > 0) await releaseStock(tx, line.productId, line.quantity);
    }
    await recordEvent(tx, { type: "purchase.expired", payload: { checkout_id: checkoutId } }, now);
    return true;
  });
}

/** Order fields a step after payment sets (orders module, rules/order-progress). */
export type OrderStep = Partial<
  Pick<
    typeof orders.$inferInsert,
    "confirmedAt" | "estimatedDeliveryDate" | "courier" | "trackingNumber" | "deliveredAt" | "canceledAt" | "cancelReason"
  >
>;

/**
 * Moves a paid order from the state its actor saw to the next (orders module), with what the step carries. False when it
 * was no longer in that state (a double click, two tabs): the caller answers order_wrong_state.
 */
export async function moveOrder(
  tx: DbOrTx,
  orderId: string,
  from: SupplierOrderState,
  to: SupplierOrderState,
  step: OrderStep,
  now: Date,
): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({ ...step, state: to, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.state, from)))
    .returning({ id: orders.id });
  return moved.length > 0;
}

/** The customer's invoicing data for an order (RFC, regime, CFDI use). */
export async function setOrderInvoicing(db: DbOrTx, orderId: string, data: InvoicingData) {
  await db.update(orders).set({ invoicing: data }).where(eq(orders.id, orderId));
}
