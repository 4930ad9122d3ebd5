import { decideRefund, refundableAmount } from "@tianguis/domain/rules/returns";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { orderItems, orders } from "../../db/schema/orders";
import { AppError } from "../../http/errors";
import { enqueueJob, registerJob } from "../../jobs/runner";
import { releaseStock } from "../catalog/service";
import { alertReturnStep } from "../alerts/service";
import { applyRefundToCommissions } from "../commissions/service";
import { ProviderError, type RefundResult } from "../../adapters/payments/provider";
import { payments, refunds, webhookEvents } from "../../db/schema/payments";
import { providerOfPayment } from "../payment-accounts/service";
import { scheduleRefundPoll } from "../payments/service";
import { queueReturnNotice } from "./notices";
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
  return row;
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
  return ctx.db.transaction(async (tx) => {
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
      const now = ctx.clock.now();
      if (!payment.accountId) await scheduleSandboxSettlement(tx, pending, now);
      else if (provider.refundStatus) await scheduleRefundPoll(tx, pending.id, now);
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
 * A refund's outcome, applied once: a conditional update from 'pending' (a replayed webhook changes nothing). A
 * success takes the refunded goods' share back from the order's commissions and tells both sides.
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
  if (status === "success") {
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
    const refunded = (await selectRefunds(tx, row.orderId)).filter((one) => one.status === "success");
    const refundedTotal = refunded.reduce((sum, one) => sum + one.amount, 0);
    await applyRefundToCommissions(tx, { orderId: row.orderId, refundedGoods: Math.min(refundedTotal, order.subtotal) }, now);
  }
  await queueReturnNotice(tx, { kind: "refund_settled", refundId: row.id }, now);
  if (status === "success") await alertReturnStep(tx, row.orderId, "refunded", { amount: row.amount, currency: row.currency });
  return row;
}

const refundWebhookEvent = z.object({
  id: z.string().max(200),
  type: z.enum(["refund.succeeded", "refund.failed"]),
  refund_id: z.string().uuid(),
  ref: z.string().max(200),
});

/** The gateway's signed word on a pending refund: forged or stale bodies are refused, replays change nothing. */
export async function receiveRefundWebhook(ctx: AppContext, rawBody: string, signature: string | undefined): Promise<boolean> {
  const verified = ctx.payments.verifyWebhook(rawBody, signature, ctx.clock.now()) as unknown;
  const event = refundWebhookEvent.safeParse(verified);
  if (!verified || !event.success) throw new AppError("unauthorized");
  return settleFromProvider(ctx, event.data, null);
}

/**
 * A live account's verified word on a pending refund (issue #18): applied once per provider event, and only to refunds
 * of payments that account charged.
 */
export async function applyRefundEvent(
  ctx: AppContext,
  event: { type: "refund.succeeded" | "refund.failed"; refund_id: string; ref: string },
  eventKey: string,
  accountId: string,
): Promise<boolean> {
  if (!z.string().uuid().safeParse(event.refund_id).success) return false;
  const [fresh] = await ctx.db.insert(webhookEvents).values({ eventId: eventKey }).onConflictDoNothing().returning();
  if (!fresh) return false;
  return settleFromProvider(ctx, event, accountId);
}

async function settleFromProvider(
  ctx: AppContext,
  event: { type: "refund.succeeded" | "refund.failed"; refund_id: string; ref: string },
  accountId: string | null,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ row: refunds, accountId: payments.accountId })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.id, event.refund_id));
    if (!found || found.accountId !== accountId || found.row.providerRef !== event.ref) return false;
    const row = found.row;
    // Lock the order as every refund of it does, so the settled state and the commissions move together.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, row.orderId)).for("update");
    const settled = await settleRefund(ctx, tx, row.id, event.type === "refund.succeeded" ? "success" : "failed", null);
    return settled.settledAt !== null && row.status === "pending";
  });
}

const SANDBOX_SETTLE_JOB = "sandbox_refund_webhook";
const SANDBOX_SETTLE_DELAY_MS = 5_000;

/** The sandbox gateway settles a delayed refund a few seconds later by sending its signed webhook, as a real one would. */
export async function scheduleSandboxSettlement(tx: DbOrTx, refund: Pick<RefundRow, "id" | "providerRef">, now: Date) {
  const runAt = new Date(now.getTime() + SANDBOX_SETTLE_DELAY_MS);
  await enqueueJob(tx, SANDBOX_SETTLE_JOB, { refundId: refund.id, ref: refund.providerRef ?? "" }, runAt);
}

export function registerRefundJobs() {
  registerJob(SANDBOX_SETTLE_JOB, async (jobCtx, payload) => {
    const event = { id: `evt_${payload.refundId}`, type: "refund.succeeded" as const, refund_id: payload.refundId, ref: payload.ref };
    const { body, signature } = jobCtx.payments.signRefundWebhook(event);
    await receiveRefundWebhook(jobCtx, body, signature);
  });
}
