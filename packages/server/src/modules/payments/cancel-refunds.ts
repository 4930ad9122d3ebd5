import { refundableAmount } from "@tianguis/domain/rules/returns";
import { and, eq } from "drizzle-orm";
import { ProviderError } from "../../adapters/payments/provider";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { payments, refunds } from "../../db/schema/payments";
import { AppError } from "../../http/errors";
import { providerOfPayment } from "../payment-accounts/service";
import { awaitRefundAnswer, recordRequested } from "./refunds";

/** A cancellation's refund, reserved before the provider is asked. */
export interface OrderRefund {
  refundId: string;
  paymentId: string;
  accountId: string | null;
  ref: string;
  amount: number;
}

const cancelKey = (orderId: string) => `cancel:${orderId}`;

/**
 * A cancellation gives back what is left of the order's amount (less earlier refunds) in three steps, so the provider is never
 * called inside a transaction. Step 1, in the caller's transaction holding the order's lock: the refund is recorded 'pending'
 * — or the one an earlier try left pending is found, so a retried cancellation sends the same refund (same key), never a
 * second one. Null when nothing is left to give back.
 */
export async function reserveOrderRefund(
  ctx: AppContext,
  tx: DbOrTx,
  order: { id: string; checkoutId: string; total: number; currency: string },
): Promise<OrderRefund | null> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutId, order.checkoutId), eq(payments.status, "succeeded")))
    .limit(1);
  if (!payment?.providerRef) return null;
  const reservation = (row: typeof refunds.$inferSelect) => ({
    refundId: row.id,
    paymentId: payment.id,
    accountId: payment.accountId,
    ref: payment.providerRef as string,
    amount: row.amount,
  });
  const earlier = await tx.select().from(refunds).where(eq(refunds.orderId, order.id));
  const unsent = earlier.find((row) => row.clientKey === cancelKey(order.id) && row.status === "pending");
  if (unsent) return reservation(unsent);
  // What the supplier already refunded (or is refunding) of this order is not given back twice.
  const amount = refundableAmount(order.total, earlier);
  if (amount === 0) return null;
  const now = ctx.clock.now();
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      orderId: order.id,
      amount,
      currency: order.currency,
      status: "pending",
      clientKey: cancelKey(order.id),
      createdAt: now,
    })
    .returning();
  await recordRequested(tx, row, now);
  return reservation(row);
}

/**
 * Step 2, outside any transaction: the provider is asked with the reservation's id as the key, and its answer recorded. A
 * refusal removes the reservation and throws 'refund_failed', so the order stays as it was; no answer (the provider down)
 * leaves it pending for a retried cancellation and throws the coded error. A refund the provider settles later (Aplazo)
 * stays pending with its reference, and the provider's webhook or the refund poll settles it.
 */
export async function sendOrderRefund(ctx: AppContext, reserved: OrderRefund): Promise<void> {
  const provider = await providerOfPayment(ctx, reserved);
  const result = await provider
    .refund({ ref: reserved.ref, amount: reserved.amount, refundId: reserved.refundId, idempotencyKey: reserved.refundId })
    .catch((error: unknown) => {
      if (error instanceof ProviderError && error.code === "provider_unavailable") throw new AppError(error.code, { status: 503 });
      if (error instanceof ProviderError) return { status: "failed" as const };
      throw error;
    });
  if (result.status === "failed") {
    await ctx.db.delete(refunds).where(and(eq(refunds.id, reserved.refundId), eq(refunds.status, "pending")));
    throw new AppError("refund_failed");
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set(
        result.status === "succeeded"
          ? { status: "success", settledAt: now, providerRef: result.ref ?? null }
          : { providerRef: result.ref ?? null },
      )
      .where(and(eq(refunds.id, reserved.refundId), eq(refunds.status, "pending")));
    if (result.status === "pending")
      await awaitRefundAnswer(
        tx,
        { id: reserved.refundId, providerRef: result.ref ?? null },
        reserved.accountId,
        Boolean(provider.refundStatus),
        now,
      );
  });
}
