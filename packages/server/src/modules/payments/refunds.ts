import { decideRefund, refundableAmount } from "@tianguis/domain/rules/returns";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { orderItems, orders } from "../../db/schema/orders";
import { AppError } from "../../http/errors";
import { enqueueJob } from "../../jobs/runner";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { recordChange } from "../audit/service";
import { releaseStock } from "../catalog/service";
import { ProviderError, type RefundResult } from "../../adapters/payments/provider";
import { payments, refunds } from "../../db/schema/payments";
import { providerOfPayment } from "../payment-accounts/service";
import { type RefundRow, selectRefunds, selectSucceededPayment } from "./queries";

/**
 * Refunds (commerce-and-accounts §3 'Refunds: amount available, amount to reimburse, status pending/failed/success').
 * Every refund of an order runs under the order's row lock, so two at once are applied one after the other and the
 * second sees the first: together they never exceed what is available. A client key (the Idempotency-Key) is unique
 * per order, so a retried refund finds its first row instead of refunding twice.
 */

type OrderRow = typeof orders.$inferSelect;

export interface RefundRequest {
  amount: number;
  /** Units to put back on the shelf, per order line. */
  restock: { order_item_id: string; quantity: number }[];
  note?: string | null;
  clientKey?: string | null;
  returnId?: string | null;
  userId?: string | null;
}

/**
 * Step 1 of a refund, in the caller's transaction holding the order's lock: checks what is available and records the refund
 * 'pending' — or answers the row a retry with the same client key left, whatever its state. The provider is not asked
 * here: sendRefund does it once this transaction committed, so no provider call holds the order's lock.
 */
export async function reserveLockedRefund(ctx: AppContext, tx: DbOrTx, order: OrderRow, request: RefundRequest): Promise<RefundRow> {
  const previous = await selectRefunds(tx, order.id);
  const replay = request.clientKey ? previous.find((row) => row.clientKey === request.clientKey) : undefined;
  if (replay) return replay;

  const available = refundableAmount(order.total, previous);
  const refused = decideRefund({ orderState: order.state, amount: request.amount, available });
  if (refused) throw new AppError(refused, { status: refused === "refund_exceeds_available" ? 422 : 409, details: { available } });

  const payment = await selectSucceededPayment(tx, order.checkoutId);
  if (!payment?.providerRef) throw new AppError("refund_order_not_paid", { status: 409 });
  for (const line of request.restock) await requireRestockLine(tx, order.id, line);

  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      orderId: order.id,
      amount: request.amount,
      currency: order.currency,
      status: "pending",
      clientKey: request.clientKey ?? null,
      returnId: request.returnId ?? null,
      restock: request.restock.length > 0,
      note: request.note ?? null,
      createdBy: request.userId ?? null,
      createdAt: ctx.clock.now(),
    })
    .returning();
  await recordRequested(tx, row, ctx.clock.now());
  // A person's refund (the supplier's, or a return's close) goes in the shop's audit log; a cancellation's is the cancel's.
  if (request.userId)
    await recordChange(
      tx,
      {
        shopId: order.supplierId,
        kind: "refund",
        action: "create",
        entityId: row.id,
        entityLabel: `#${order.number}`,
        before: null,
        after: { amount: row.amount, currency: row.currency, note: row.note, restock: row.restock, return_id: row.returnId },
      },
      ctx.clock.now(),
    );
  return row;
}

/** A refund was reserved (by a return, a supplier or a cancellation). */
export async function recordRequested(tx: DbOrTx, row: RefundRow, now: Date) {
  await recordEvent(
    tx,
    {
      type: "refund.requested",
      payload: { refund_id: row.id, order_id: row.orderId, amount: row.amount, currency: row.currency, return_id: row.returnId },
    },
    now,
  );
}

/**
 * Step 2, outside any transaction: a reserved refund the provider has not answered yet is sent (its id is the idempotency
 * key, so a retry after a lost answer is the same refund) and the answer recorded under the order's lock, with the units
 * put back on the shelf, and with `onAnswer` (a return closes with it) when the provider took it. A refused refund is
 * recorded 'failed' — or removed when `discardRefused` (a return stays open for another try) — and the provider not
 * answering leaves it pending for a retry with the same key. A refund already answered is returned as it is.
 */
export async function sendRefund(
  ctx: AppContext,
  reserved: RefundRow,
  request: Pick<RefundRequest, "restock">,
  options: { discardRefused?: boolean; onAnswer?: (tx: DbOrTx, row: RefundRow) => Promise<void> } = {},
): Promise<RefundRow> {
  if (reserved.status !== "pending" || reserved.providerRef) return reserved;
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, reserved.paymentId));
  const provider = await providerOfPayment(ctx, payment);
  const result = await provider
    .refund({ ref: payment.providerRef as string, amount: reserved.amount, refundId: reserved.id })
    .catch(async (error: unknown) => {
      if (error instanceof ProviderError && error.code !== "provider_unavailable") await discard(ctx, reserved.id);
      return refundCallFailed(error);
    });
  if (result.status === "failed" && options.discardRefused) {
    await discard(ctx, reserved.id);
    throw new AppError("refund_failed");
  }
  return transactionWithEvents(ctx, async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, reserved.orderId)).for("update");
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, reserved.id));
    // Another try recorded the answer meanwhile: nothing moves twice.
    if (current.status !== "pending" || current.providerRef) return current;
    await restockLines(tx, reserved.orderId, request.restock);
    if (options.onAnswer) await options.onAnswer(tx, current);
    if (result.status === "pending") {
      const [pending] = await tx
        .update(refunds)
        .set({ providerRef: result.ref ?? null })
        .where(eq(refunds.id, reserved.id))
        .returning();
      await awaitRefundAnswer(tx, pending, payment.accountId, Boolean(provider.refundStatus), ctx.clock.now());
      return pending;
    }
    return settleRefund(ctx, tx, reserved.id, result.status === "succeeded" ? "success" : "failed", result.ref ?? null);
  });
}

/** A reservation the provider refused as a call or as an answer, when nothing of it may remain. */
async function discard(ctx: AppContext, refundId: string) {
  await ctx.db.delete(refunds).where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
}

/** A refund the provider could not take as a call (bad keys, down, not refundable there) is a coded error, not a crash. */
function refundCallFailed(error: unknown): RefundResult {
  if (error instanceof ProviderError) throw new AppError(error.code, { status: error.code === "provider_unavailable" ? 503 : 422 });
  throw error;
}

/** A line to restock must belong to the order and not exceed what it sold. */
async function requireRestockLine(tx: DbOrTx, orderId: string, line: RefundRequest["restock"][number]) {
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, line.order_item_id), eq(orderItems.orderId, orderId)));
  if (!item || line.quantity > item.quantity) throw new AppError("refund_restock_exceeds", { status: 422 });
  return item;
}

/** Returned units go back on the shelf with a conditional update: never more than the line sold. */
async function restockLines(tx: DbOrTx, orderId: string, lines: RefundRequest["restock"]) {
  for (const line of lines) await releaseStock(tx, (await requireRestockLine(tx, orderId, line)).productId, line.quantity);
}

/**
 * A refund's outcome, applied once: a conditional update from 'pending' (a replayed webhook changes nothing), recorded as
 * refund.settled or refund.failed for the modules that react (commissions give back the refunded goods' share, returns
 * tell both sides). The caller holds the order's lock.
 */
export async function settleRefund(
  ctx: AppContext,
  tx: DbOrTx,
  refundId: string,
  status: "success" | "failed",
  providerRef: string | null,
): Promise<RefundRow> {
  const now = ctx.clock.now();
  const [row] = await tx
    .update(refunds)
    .set({ status, settledAt: now, ...(providerRef ? { providerRef } : {}) })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")))
    .returning();
  if (!row) {
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    return current;
  }
  const refund = { refund_id: row.id, order_id: row.orderId, amount: row.amount, currency: row.currency, return_id: row.returnId };
  if (status === "failed") {
    await recordEvent(tx, { type: "refund.failed", payload: refund }, now);
    return row;
  }
  const [order] = await tx.select({ subtotal: orders.subtotal }).from(orders).where(eq(orders.id, row.orderId));
  const refundedTotal = (await selectRefunds(tx, row.orderId))
    .filter((one) => one.status === "success")
    .reduce((sum, one) => sum + one.amount, 0);
  await recordEvent(tx, { type: "refund.settled", payload: { ...refund, refunded_goods: Math.min(refundedTotal, order.subtotal) } }, now);
  return row;
}

const SANDBOX_SETTLE_DELAY_MS = 5_000;
export const SANDBOX_SETTLE_JOB = "sandbox_refund_webhook";
/** Refund polls for gateways that send no refund webhook (Aplazo): 1 min, 5 min, 30 min, 2 h, 6 h, then daily for a week. */
export const REFUND_POLL_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, ...Array.from({ length: 7 }, () => 86_400_000)];
export const REFUND_POLL_JOB = "poll_refund_status";

/**
 * A refund the provider answered 'pending' is settled later: the sandbox sends its own signed webhook a few seconds later,
 * as a real gateway would; a live gateway without refund webhooks (PaymentProvider.refundStatus) is polled. Scheduled in
 * the caller's transaction, so it exists only if the pending refund does.
 */
export async function awaitRefundAnswer(
  tx: DbOrTx,
  refund: Pick<RefundRow, "id" | "providerRef">,
  accountId: string | null,
  polled: boolean,
  now: Date,
): Promise<void> {
  if (!accountId) {
    const runAt = new Date(now.getTime() + SANDBOX_SETTLE_DELAY_MS);
    await enqueueJob(tx, SANDBOX_SETTLE_JOB, { refundId: refund.id, ref: refund.providerRef ?? "" }, runAt);
  } else if (polled) await scheduleRefundPoll(tx, refund.id, now);
}

export async function scheduleRefundPoll(tx: DbOrTx, refundId: string, now: Date, attempt = 0): Promise<void> {
  await enqueueJob(
    tx,
    REFUND_POLL_JOB,
    { refund_id: refundId, attempt: String(attempt) },
    new Date(now.getTime() + REFUND_POLL_DELAYS_MS[attempt]),
  );
}
