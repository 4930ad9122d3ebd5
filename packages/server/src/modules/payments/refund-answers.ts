import { eq } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context";
import { orders } from "../../db/schema/orders";
import { payments, refunds, webhookEvents } from "../../db/schema/payments";
import { transactionWithEvents } from "../../events/bus";
import { AppError } from "../../http/errors";
import { registerJob } from "../../jobs/runner";
import { providerOfPayment } from "../payment-accounts/service";
import { REFUND_POLL_DELAYS_MS, REFUND_POLL_JOB, SANDBOX_SETTLE_JOB, scheduleRefundPoll, settleRefund } from "./refunds";

/** How a refund the provider answered 'pending' is settled later: the gateway's signed webhook, or our poll. */

type RefundAnswer = { type: "refund.succeeded" | "refund.failed"; refund_id: string; ref: string };

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
export async function applyRefundEvent(ctx: AppContext, event: RefundAnswer, eventKey: string, accountId: string): Promise<boolean> {
  if (!z.string().uuid().safeParse(event.refund_id).success) return false;
  const [fresh] = await ctx.db.insert(webhookEvents).values({ eventId: eventKey }).onConflictDoNothing().returning();
  if (!fresh) return false;
  return settleFromProvider(ctx, event, accountId);
}

async function settleFromProvider(ctx: AppContext, event: RefundAnswer, accountId: string | null): Promise<boolean> {
  return transactionWithEvents(ctx, async (tx) => {
    const [found] = await tx
      .select({ row: refunds, accountId: payments.accountId })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.id, event.refund_id));
    if (!found || found.accountId !== accountId || found.row.providerRef !== event.ref) return false;
    const row = found.row;
    // Lock the order as every refund of it does, so the settled state and what reacts to it move together.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, row.orderId)).for("update");
    const settled = await settleRefund(ctx, tx, row.id, event.type === "refund.succeeded" ? "success" : "failed", null);
    return settled.settledAt !== null && row.status === "pending";
  });
}

/**
 * One poll: asks the gateway about a pending refund and settles it as its webhook would (once: the event key), or schedules
 * the next poll with a longer wait. After the last one the refund stays pending, logged for the operator (docs/PAYMENTS.md).
 */
export async function pollRefund(ctx: AppContext, refundId: string, attempt: number): Promise<"succeeded" | "failed" | "pending"> {
  const [found] = await ctx.db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!found || found.refund.status !== "pending" || !found.refund.providerRef || !found.payment.accountId || !found.payment.providerRef)
    return "pending";
  const provider = await providerOfPayment(ctx, found.payment);
  const status = provider.refundStatus
    ? await provider.refundStatus({ ref: found.payment.providerRef, refundRef: found.refund.providerRef, amount: found.refund.amount })
    : "pending";
  if (status !== "pending") {
    const event = {
      type: status === "succeeded" ? ("refund.succeeded" as const) : ("refund.failed" as const),
      refund_id: refundId,
      ref: found.refund.providerRef,
    };
    await applyRefundEvent(ctx, event, `${provider.name}:poll:${refundId}:${status}`, found.payment.accountId);
    return status;
  }
  if (attempt + 1 < REFUND_POLL_DELAYS_MS.length) await scheduleRefundPoll(ctx.db, refundId, ctx.clock.now(), attempt + 1);
  else ctx.log.warn({ refundId, provider: provider.name }, "refund still pending at the provider after the last poll");
  return "pending";
}

export function registerRefundJobs() {
  registerJob(SANDBOX_SETTLE_JOB, async (jobCtx, payload) => {
    const event = { id: `evt_${payload.refundId}`, type: "refund.succeeded" as const, refund_id: payload.refundId, ref: payload.ref };
    const { body, signature } = jobCtx.payments.signRefundWebhook(event);
    await receiveRefundWebhook(jobCtx, body, signature);
  });
  registerJob(REFUND_POLL_JOB, async (jobCtx, payload) => {
    await pollRefund(jobCtx, payload.refund_id, Number(payload.attempt));
  });
}
