import { BANK_TRANSFER_MS, cardMethods, redirectMethods } from "@tianguis/domain/rules/checkout";
import { movableBy } from "@tianguis/domain/rules/payment-events";
import type { PaymentProviderName } from "@tianguis/domain/rules/payment-providers";
import { refundableAmount } from "@tianguis/domain/rules/returns";
import type { PayResult } from "@tianguis/domain/schemas/checkout";
import type { PayBody, RedirectReturnBody, RedirectReturnResult } from "@tianguis/domain/schemas/payment";
import { and, eq, inArray, lte, or } from "drizzle-orm";
import {
  type PaymentCustomer,
  type PaymentProvider,
  type ProviderEvent,
  ProviderError,
  type WebhookDelivery,
  type WebhookEvent,
} from "../../adapters/payments/provider";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { checkouts, orders } from "../../db/schema/orders";
import { payments, refunds, webhookEvents } from "../../db/schema/payments";
import { AppError } from "../../http/errors";
import { enqueueJob, registerJob } from "../../jobs/runner";
import type { SessionUser } from "../../http/sessions";
import { checkoutPaymentMethods, expireCheckout, getCheckoutView, loadCheckout } from "../checkout/service";
import { markOrdersPaid } from "../orders/service";
import { recordCommissions } from "../commissions/service";
import { queueOrderNotice } from "../notifications/service";
import { issuePurchaseTickets } from "../tickets/service";
import { accountAdapter, gatewayForPurchase, markAccountFailing, providerOfPayment } from "../payment-accounts/service";
import { applyRefundEvent, scheduleSandboxSettlement } from "../returns/service";
import { findPayable } from "./payables";

function withQuery(path: string, query: Record<string, string>): string {
  const url = new URL(path, "http://local");
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}

/** An attempt in one of these states is in flight: a purchase has at most one (payments_one_in_flight_idx). */
const inFlight = ["created", "requires_action", "pending"];
/** An attempt still 'created' this long after it started lost its request mid-charge: the sweep gives it up. */
const STALE_ATTEMPT_MS = 5 * 60 * 1000;
const SWEEP_JOB = "expire_stale_payments";
const GIVE_BACK_JOB = "give_back_payment";

/**
 * Locks the purchase's row. Starting an attempt and marking one paid both take this lock before touching payments,
 * so they run one after the other and never deadlock on the in-flight index.
 */
async function lockPurchase(tx: DbOrTx, checkoutId: string) {
  const [row] = await tx
    .select({ state: checkouts.state, expiresAt: checkouts.expiresAt })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId))
    .for("update");
  return row;
}

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
 * Starts a payment attempt, the only one in flight for the purchase: under the purchase's lock it must still be
 * unpaid and open, and the in-flight index refuses a second attempt (payment_in_progress) whatever key the client sent.
 */
async function startAttempt(
  ctx: AppContext,
  checkout: { id: string; total: number; currency: string },
  method: string,
  gateway: { provider: PaymentProvider; accountId: string | null },
) {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const purchase = await lockPurchase(tx, checkout.id);
    if (purchase?.state === "paid") throw new AppError("checkout_already_paid", { status: 409 });
    if (purchase?.state !== "pending_payment" || purchase.expiresAt <= now) throw new AppError("checkout_expired", { status: 410 });
    const [payment] = await tx
      .insert(payments)
      .values({
        checkoutId: checkout.id,
        provider: gateway.provider.name,
        accountId: gateway.accountId,
        method,
        status: "created",
        amount: checkout.total,
        currency: checkout.currency,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!payment) throw new AppError("payment_in_progress", { status: 409 });
    await enqueueJob(tx, SWEEP_JOB, { payment_id: payment.id }, new Date(now.getTime() + STALE_ATTEMPT_MS));
    return payment;
  });
}

/**
 * Moves an attempt on from 'created' once the provider answered. False when the sweep gave it up meanwhile
 * (the provider took longer than STALE_ATTEMPT_MS): a newer attempt may be in flight, so this one must not come back.
 */
async function advanceAttempt(db: DbOrTx, paymentId: string, values: Partial<typeof payments.$inferInsert>) {
  const moved = await db
    .update(payments)
    .set(values)
    .where(and(eq(payments.id, paymentId), eq(payments.status, "created")))
    .returning({ id: payments.id });
  if (moved.length === 0) throw new AppError("payment_failed", { status: 409 });
}

/** The jobs this module runs; registered where the app is composed. */
export function registerPaymentJobs() {
  registerJob(SWEEP_JOB, async (jobCtx) => {
    await expireStaleAttempts(jobCtx);
  });
  registerJob(GIVE_BACK_JOB, async (jobCtx, payload) => {
    await sendGiveBack(jobCtx, payload.payment_id);
  });
  registerJob(REFUND_POLL_JOB, async (jobCtx, payload) => {
    await pollRefund(jobCtx, payload.refund_id, Number(payload.attempt));
  });
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
    .returning({ id: payments.id });
  return expired.length;
}

/**
 * Marks the purchase paid exactly once: only the winner of the conditional update changes orders. Money that must go back
 * (the attempt was given up, or the purchase expired first) is recorded here and refunded by a job after the commit.
 */
export async function markPaid(ctx: AppContext, paymentId: string, ref: string): Promise<boolean> {
  const [attempt] = await ctx.db.select({ checkoutId: payments.checkoutId }).from(payments).where(eq(payments.id, paymentId));
  if (!attempt) return false;
  return ctx.db.transaction(async (tx) => {
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
    const paid = await tx
      .update(checkouts)
      .set({ state: "paid", paidAt: now, paymentMethod: payment.method })
      .where(and(eq(checkouts.id, payment.checkoutId), eq(checkouts.state, "pending_payment")))
      .returning({ id: checkouts.id });
    if (paid.length === 0) {
      // The purchase expired first: the money must go back.
      await tx.update(payments).set({ status: "refunded" }).where(eq(payments.id, paymentId));
      await enqueueJob(tx, GIVE_BACK_JOB, { payment_id: paymentId }, now);
      return false;
    }
    await markOrdersPaid(tx, payment.checkoutId, now);
    await recordCommissions(tx, payment.checkoutId, now);
    await issuePurchaseTickets(tx, payment.checkoutId, now);
    await queueOrderNotice(tx, { kind: "purchase_paid", checkoutId: payment.checkoutId }, now);
    return true;
  });
}

/** A cancellation's refund, reserved before the provider is asked. */
export interface OrderRefund {
  refundId: string;
  paymentId: string;
  accountId: string | null;
  ref: string;
  amount: number;
}

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
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      orderId: order.id,
      amount,
      currency: order.currency,
      status: "pending",
      clientKey: cancelKey(order.id),
      createdAt: ctx.clock.now(),
    })
    .returning();
  return reservation(row);
}

const cancelKey = (orderId: string) => `cancel:${orderId}`;

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
    if (result.status !== "pending") return;
    // The sandbox settles a delayed refund by its own signed webhook; a gateway without refund webhooks is polled.
    if (!reserved.accountId) await scheduleSandboxSettlement(tx, { id: reserved.refundId, providerRef: result.ref ?? null }, now);
    else if (provider.refundStatus) await scheduleRefundPoll(tx, reserved.refundId, now);
  });
}

/** Refund polls for gateways that send no refund webhook (Aplazo): 1 min, 5 min, 30 min, 2 h, 6 h, then daily for a week. */
const REFUND_POLL_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, ...Array.from({ length: 7 }, () => 86_400_000)];
const REFUND_POLL_JOB = "poll_refund_status";

/**
 * Schedules the first poll of a refund a gateway answered 'pending' and settles without a webhook (PaymentProvider.refundStatus),
 * in the caller's transaction, so it exists only if the pending refund does.
 */
export async function scheduleRefundPoll(tx: DbOrTx, refundId: string, now: Date, attempt = 0): Promise<void> {
  await enqueueJob(
    tx,
    REFUND_POLL_JOB,
    { refund_id: refundId, attempt: String(attempt) },
    new Date(now.getTime() + REFUND_POLL_DELAYS_MS[attempt]),
  );
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

async function failPayment(ctx: AppContext, paymentId: string, code: string) {
  await ctx.db
    .update(payments)
    .set({ status: "failed", failureCode: code })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, [...movableBy["payment.failed"]])));
}

/** Who pays, for providers that need it on a charge: the signed-in customer, or the guest's contact. */
function payerOf(checkout: { guestName: string | null; guestEmail: string | null; guestPhone: string | null }, user: SessionUser | null) {
  const email = user ? (user.username.includes("@") ? user.username : "") : (checkout.guestEmail ?? "");
  const customer: PaymentCustomer = { name: user?.fullName ?? checkout.guestName ?? "", email };
  const phone = user ? (user.username.includes("@") ? undefined : user.username) : (checkout.guestPhone ?? undefined);
  return phone ? { ...customer, phone } : customer;
}

/** The suppliers of a purchase: together they decide which gateway charges it. */
async function supplierIdsOf(ctx: AppContext, checkoutId: string): Promise<string[]> {
  const rows = await ctx.db.select({ supplierId: orders.supplierId }).from(orders).where(eq(orders.checkoutId, checkoutId));
  return rows.map((row) => row.supplierId);
}

/**
 * A provider call that failed as a call (bad keys, provider down), not as an answer: the attempt fails with the coded
 * error, and keys the provider refused take the account out of the checkout until its owner fixes them.
 */
async function providerFailure(ctx: AppContext, paymentId: string, accountId: string | null, error: unknown): Promise<never> {
  if (!(error instanceof ProviderError)) throw error;
  await failPayment(ctx, paymentId, error.code);
  if (accountId && error.code === "provider_auth_failed") await markAccountFailing(ctx, accountId, error.code);
  throw new AppError(error.code === "provider_auth_failed" ? "payment_method_unavailable" : error.code, {
    status: error.code === "provider_unavailable" ? 503 : 422,
  });
}

/** Pays a purchase with any method of the spec; answers what the browser must do next. */
export async function payCheckout(
  ctx: AppContext,
  checkoutId: string,
  user: SessionUser | null,
  token: string | undefined,
  input: PayBody,
): Promise<PayResult> {
  if (!input.return_path.startsWith("/") || input.return_path.startsWith("//"))
    throw new AppError("validation_failed", { fields: { return_path: "invalid_url" } });
  const checkout = await loadCheckout(ctx, checkoutId, user, token);
  if (checkout.state === "paid") throw new AppError("checkout_already_paid", { status: 409 });
  if (checkout.state !== "pending_payment" || checkout.expiresAt <= ctx.clock.now()) {
    await expireCheckout(ctx, checkout.id);
    throw new AppError("checkout_expired", { status: 410 });
  }
  if (!(await checkoutPaymentMethods(ctx, checkout.id)).includes(input.method)) throw new AppError("payment_method_unavailable");
  const isCard = cardMethods.includes(input.method);
  if (isCard && !input.card_token) throw new AppError("validation_failed", { fields: { card_token: "required" } });
  const gateway = await gatewayForPurchase(ctx, await supplierIdsOf(ctx, checkout.id), input.method);
  if (!gateway) throw new AppError("payment_method_unavailable");
  // Openpay refuses a card charge without openpay.js's device session id: say so on the field, before any attempt starts.
  if (gateway.provider.name === "openpay" && isCard && !input.device_session_id)
    throw new AppError("validation_failed", { fields: { device_session_id: "device_session_invalid" } });
  const returnPath = withQuery(input.return_path, { checkout: checkout.id, token: checkout.accessToken });
  const payment = await startAttempt(ctx, checkout, input.method, gateway);
  const view = () => getCheckoutView(ctx, checkout.id, user, checkout.accessToken);
  const charge = { paymentId: payment.id, idempotencyKey: payment.id, amount: checkout.total, currency: checkout.currency };
  const customer = payerOf(checkout, user);

  if (isCard && input.card_token) {
    const result = await gateway.provider
      .chargeCard({ ...charge, customer, token: input.card_token, deviceSessionId: input.device_session_id, returnUrl: returnPath })
      .catch((error: unknown) => providerFailure(ctx, payment.id, gateway.accountId, error));
    if (result.status === "succeeded") {
      await markPaid(ctx, payment.id, result.ref);
      return { status: "paid" as const, checkout: await view() };
    }
    if (result.status === "requires_action") {
      await advanceAttempt(ctx.db, payment.id, { status: "requires_action", providerRef: result.ref });
      return { status: "requires_action" as const, next_action: { redirect_to_url: { url: result.actionUrl } }, checkout: await view() };
    }
    await failPayment(ctx, payment.id, result.code);
    return { status: "failed" as const, code: result.code, checkout: await view() };
  }

  if (redirectMethods.includes(input.method)) {
    const { ref, approvalUrl } = await gateway.provider
      .createRedirect({
        ...charge,
        customer,
        method: input.method,
        returnUrl: withQuery(returnPath, { code: "1" }),
        cancelUrl: withQuery(returnPath, { code: "2" }),
      })
      .catch((error: unknown) => providerFailure(ctx, payment.id, gateway.accountId, error));
    await advanceAttempt(ctx.db, payment.id, { status: "requires_action", providerRef: ref });
    return { status: "redirect" as const, approval_url: approvalUrl, checkout: await view() };
  }

  // Cash at a store, bank transfer or crypto: the order waits for the money, until the provider's deadline (or ours:
  // a bank transfer must arrive within 1 hour, cash within 48).
  const offline = await gateway.provider
    .createOffline({ ...charge, customer, method: input.method })
    .catch((error: unknown) => providerFailure(ctx, payment.id, gateway.accountId, error));
  const deadline =
    offline.expiresAt ?? new Date(ctx.clock.now().getTime() + (input.method === "openpay_bank" ? BANK_TRANSFER_MS : 48 * 3600 * 1000));
  await ctx.db.transaction(async (tx) => {
    // The purchase first, then its payment: the lock order of startAttempt and markPaid.
    await tx.update(checkouts).set({ expiresAt: deadline, paymentMethod: input.method }).where(eq(checkouts.id, checkout.id));
    await advanceAttempt(tx, payment.id, {
      status: "pending",
      providerRef: offline.ref,
      expiresAt: deadline,
      details: { reference: offline.reference, ...(offline.clabe ? { clabe: offline.clabe } : {}), deadline: deadline.toISOString() },
    });
    await enqueueJob(tx, "expire_checkout", { checkout_id: checkout.id }, deadline);
    await queueOrderNotice(tx, { kind: "payment_pending", checkoutId: checkout.id }, ctx.clock.now());
  });
  return { status: "pending" as const, checkout: await view() };
}

/**
 * The shopper is back from a live account's redirect method (issue #18). Code 1: a provider that settles on return
 * (PayPal) captures the approved order now, once; the approval webhook does the same, and whichever comes first pays,
 * the other finds the attempt settled and changes nothing. Code 2: the shopper cancelled, so the attempt fails and the
 * purchase can be paid another way. Sandbox attempts and providers without a return step are settled by their webhook.
 */
export async function returnFromRedirect(
  ctx: AppContext,
  checkoutId: string,
  user: SessionUser | null,
  token: string | undefined,
  input: RedirectReturnBody,
): Promise<RedirectReturnResult> {
  const checkout = await loadCheckout(ctx, checkoutId, user, token);
  const [attempt] = await ctx.db
    .select()
    .from(payments)
    .where(
      and(eq(payments.checkoutId, checkout.id), eq(payments.status, "requires_action"), inArray(payments.method, [...redirectMethods])),
    )
    .limit(1);
  if (!attempt?.accountId || !attempt.providerRef) return { status: "unchanged" };
  if (input.code === "2") {
    const cancelled = await ctx.db
      .update(payments)
      .set({ status: "failed", failureCode: "cancelled" })
      .where(and(eq(payments.id, attempt.id), inArray(payments.status, [...movableBy["payment.failed"]])))
      .returning({ id: payments.id });
    return { status: cancelled.length > 0 ? "cancelled" : "unchanged" };
  }
  const provider = await providerOfPayment(ctx, attempt);
  if (!provider.completeRedirect) return { status: "unchanged" };
  // The provider being down is no answer: the attempt stays as it is and the approval webhook can still settle it.
  const result = await provider.completeRedirect({ ref: attempt.providerRef, query: input.provider_query }).catch((error: unknown) => {
    if (error instanceof ProviderError) return null;
    throw error;
  });
  if (result?.status === "succeeded") return { status: (await markPaid(ctx, attempt.id, result.ref)) ? "paid" : "unchanged" };
  if (result?.status === "failed") {
    await failPayment(ctx, attempt.id, result.code);
    return { status: "failed" };
  }
  // Not settled at the provider yet (Mobbex and Aplazo confirm a moment later): the attempt stays in flight, the purchase
  // shows its payment being confirmed, and the provider's webhook settles it.
  return { status: "unchanged" };
}

/** A signed gateway event: verified against its signature, then applied once; webhook_invalid otherwise. */
export async function receiveWebhook(ctx: AppContext, rawBody: string, signature: string | undefined): Promise<"applied" | "duplicate"> {
  const event = ctx.payments.verifyWebhook(rawBody, signature, ctx.clock.now());
  if (!event) throw new AppError("webhook_invalid", { status: 400 });
  return applyWebhook(ctx, event, event.id);
}

/**
 * A provider's webhook for one shop's account (issue #18): verified with that account's webhook secret, applied once by
 * event id, and only to that account's own payments (one shop's secret never settles another shop's payment).
 */
export async function receiveProviderWebhook(
  ctx: AppContext,
  provider: PaymentProviderName,
  accountId: string,
  delivery: Omit<WebhookDelivery, "now">,
): Promise<"applied" | "duplicate" | "ignored"> {
  const found = await accountAdapter(ctx, accountId);
  if (!found || found.row.provider !== provider) throw new AppError("payment_account_not_found", { status: 404 });
  const event = await found.provider.parseWebhook({ ...delivery, now: ctx.clock.now() }).catch(() => null);
  if (!event) throw new AppError("webhook_invalid", { status: 400 });
  const key = `${provider}:${accountId}:${event.id}`;
  if ("refund_id" in event) return (await applyRefundEvent(ctx, event, key, accountId)) ? "applied" : "duplicate";
  if (!("payment_id" in event)) {
    // Openpay's webhook registration sends a code its dashboard asks for: the operator reads it here (docs/PAYMENTS.md).
    if (event.id.startsWith("openpay-verification:")) ctx.log.info({ accountId, provider }, event.id);
    return "ignored";
  }
  const [owned] = await ctx.db.select({ accountId: payments.accountId }).from(payments).where(eq(payments.id, event.payment_id));
  if (owned?.accountId !== accountId) return "ignored";
  return applyWebhook(ctx, event, key);
}

/** Applies a verified provider event once (idempotent by event id); a settled attempt never moves again (rules/payment-events). */
async function applyWebhook(ctx: AppContext, event: WebhookEvent | Extract<ProviderEvent, { type: "payment.expired" }>, key: string) {
  const [fresh] = await ctx.db
    .insert(webhookEvents)
    .values({ eventId: key })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.eventId });
  if (!fresh) return "duplicate";
  if (event.type === "payment.expired") {
    await ctx.db
      .update(payments)
      .set({ status: "expired", failureCode: "expired" })
      .where(and(eq(payments.id, event.payment_id), inArray(payments.status, [...movableBy["payment.expired"]])));
    return "applied";
  }
  const other = await findPayable(ctx.db, event.payment_id);
  if (other) {
    if (event.type === "payment.succeeded") await other.payable.settle(ctx, event.payment_id, event.ref);
    else await other.payable.fail(ctx, event.payment_id, "card_declined");
    return "applied";
  }
  if (event.type === "payment.succeeded") await markPaid(ctx, event.payment_id, event.ref);
  else await failPayment(ctx, event.payment_id, "card_declined");
  return "applied";
}

/** A purchase's payment, or another module's (payables.ts): what the sandbox's challenge page shows and its webhook names. */
export async function gatewayPaymentOf(db: DbOrTx, id: string): Promise<{ amount: number; currency: string; ref: string | null } | null> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, id));
  if (payment) return { amount: payment.amount, currency: payment.currency, ref: payment.providerRef };
  const other = await findPayable(db, id);
  return other ? { amount: other.amount, currency: other.currency, ref: other.ref } : null;
}
