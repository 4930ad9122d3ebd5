import { movableBy } from "@tianguis/domain/rules/payment-events";
import { and, eq, inArray, lte, or } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { payments } from "../../db/schema/payments";
import { transactionWithEvents } from "../../events/bus";
import { enqueueJob } from "../../jobs/runner";
import { paymentOutcomes } from "../../metrics";
import { lockPurchase, markPurchasePaid } from "../checkout/service";
import { providerOfPayment } from "../payment-accounts/service";
import { validateKeptCard } from "./cards";

/** An attempt still 'created' this long after it started lost its request mid-charge: the sweep gives it up. */
export const STALE_ATTEMPT_MS = 5 * 60 * 1000;
export const SWEEP_JOB = "expire_stale_payments";
export const GIVE_BACK_JOB = "give_back_payment";

/**
 * The provider took money for an attempt we had given up on (swept as stale, or cancelled by the shopper's code 2): it goes
 * back. Only recorded here, in the caller's transaction (the attempt 'refunded' and the job that sends the refund): the
 * provider is called by the job once this commits, never while the purchase's lock is held.
 */
async function giveBackGivenUp(tx: DbOrTx, paymentId: string, ref: string, now: Date): Promise<void> {
  const [late] = await tx
    .update(payments)
    .set({ status: "refunded", providerRef: ref })
    .where(
      and(
        eq(payments.id, paymentId),
        or(eq(payments.status, "expired"), and(eq(payments.status, "failed"), eq(payments.failureCode, "cancelled"))),
      ),
    )
    .returning({ id: payments.id });
  if (late) await enqueueJob(tx, GIVE_BACK_JOB, { payment_id: paymentId }, now);
}

/**
 * Sends the refund of an attempt recorded 'refunded' (GIVE_BACK_JOB), outside any transaction. The key is the attempt's, so
 * the job's retries (a lost answer, the provider down) never refund twice at providers that take one; the job runs once
 * it succeeded, so those that take none are asked once.
 */
export async function sendGiveBack(ctx: AppContext, paymentId: string): Promise<void> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (payment?.status !== "refunded" || !payment.providerRef) return;
  const provider = await providerOfPayment(ctx, payment);
  const result = await provider.refund({ ref: payment.providerRef, amount: payment.amount, idempotencyKey: `give-back:${paymentId}` });
  if (result.status === "failed") throw new Error(`the provider refused to give back payment ${paymentId}`);
}

/**
 * Gives up every attempt stuck in 'created' (its request died during the provider call) so the purchase can be paid
 * again. Conditional on the state: an attempt the provider answered meanwhile is left alone.
 */
export async function expireStaleAttempts(ctx: AppContext): Promise<number> {
  const staleBefore = new Date(ctx.clock.now().getTime() - STALE_ATTEMPT_MS);
  const expired = await ctx.db
    .update(payments)
    .set({ status: "expired", failureCode: "abandoned" })
    .where(and(eq(payments.status, "created"), lte(payments.createdAt, staleBefore)))
    .returning({ id: payments.id, provider: payments.provider });
  for (const one of expired) paymentOutcomes.inc({ provider: one.provider, outcome: "expired" });
  return expired.length;
}

/**
 * Marks the purchase paid exactly once: only the winner of the conditional update changes it (the checkout module records
 * purchase.paid, to which orders, tickets, commissions, alerts and notifications react). Money that must go back (the
 * attempt was given up, or the purchase expired first) is recorded here and refunded by a job after the commit.
 */
export async function markPaid(ctx: AppContext, paymentId: string, ref: string): Promise<boolean> {
  const [attempt] = await ctx.db.select({ checkoutId: payments.checkoutId }).from(payments).where(eq(payments.id, paymentId));
  if (!attempt) return false;
  let provider = "";
  const paid = await transactionWithEvents(ctx, async (tx) => {
    const now = ctx.clock.now();
    await lockPurchase(tx, attempt.checkoutId);
    const [payment] = await tx
      .update(payments)
      .set({ status: "succeeded", providerRef: ref })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, [...movableBy["payment.succeeded"]])))
      .returning();
    if (!payment) {
      await giveBackGivenUp(tx, paymentId, ref, now);
      return false;
    }
    provider = payment.provider;
    // The sandbox charged it: no money moved, so the purchase is a test.
    const purchasePaid = await markPurchasePaid(tx, payment.checkoutId, payment.method, now, {
      test: payment.provider === "sandbox",
      instalments: payment.instalments,
    });
    if (!purchasePaid) {
      // The purchase expired first: the money must go back.
      await tx.update(payments).set({ status: "refunded" }).where(eq(payments.id, paymentId));
      await enqueueJob(tx, GIVE_BACK_JOB, { payment_id: paymentId }, now);
      return false;
    }
    // A card saved with this payment ('Guardar tarjeta') went through: it is offered from the next purchase on.
    await validateKeptCard(tx, payment.id, now);
    return true;
  });
  if (paid) paymentOutcomes.inc({ provider, outcome: "succeeded" });
  return paid;
}

/** Fails an attempt still in flight; `forgetRequest` when its request answers an error, so a retry of that key starts afresh. */
export async function failPayment(ctx: AppContext, paymentId: string, code: string, options: { forgetRequest?: boolean } = {}) {
  const [failed] = await ctx.db
    .update(payments)
    .set({ status: "failed", failureCode: code, ...(options.forgetRequest ? { requestKey: null } : {}) })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, [...movableBy["payment.failed"]])))
    .returning({ provider: payments.provider });
  if (failed) paymentOutcomes.inc({ provider: failed.provider, outcome: "failed" });
}
