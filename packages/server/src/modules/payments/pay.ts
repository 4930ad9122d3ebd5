import { BANK_TRANSFER_MS, cardMethods, redirectMethods } from "@tianguis/domain/rules/checkout";
import { instalmentPlans, msiMethods } from "@tianguis/domain/rules/instalments";
import { movableBy } from "@tianguis/domain/rules/payment-events";
import type { PayResult } from "@tianguis/domain/schemas/checkout";
import type { PayBody, RedirectReturnBody, RedirectReturnResult } from "@tianguis/domain/schemas/payment";
import { and, desc, eq, inArray } from "drizzle-orm";
import { type PaymentCustomer, type PaymentProvider, ProviderError } from "../../adapters/payments/provider";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { payments } from "../../db/schema/payments";
import { transactionWithEvents } from "../../events/bus";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { enqueueJob } from "../../jobs/runner";
import {
  awaitOfflinePayment,
  checkoutPaymentMethods,
  expireCheckout,
  getCheckoutView,
  loadCheckout,
  lockPurchase,
} from "../checkout/service";
import { gatewayForPurchase, markAccountFailing, providerOfPayment, suppliersWithoutLiveProvider } from "../payment-accounts/service";
import { cardToCharge, recordKeptCard } from "./cards";
import { supplierIdsOf } from "./queries";
import { STALE_ATTEMPT_MS, SWEEP_JOB, failPayment, markPaid } from "./settle";

/** Paying a purchase: one attempt at a time, by card, redirect or an offline method, and the shopper's return from a redirect. */

function withQuery(path: string, query: Record<string, string>): string {
  const url = new URL(path, "http://local");
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
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
  requestKey: string | null,
  instalments: number | null,
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
        requestKey,
        instalments,
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

/** Who pays, for providers that need it on a charge: the signed-in customer, or the guest's contact. */
function payerOf(checkout: { guestName: string | null; guestEmail: string | null; guestPhone: string | null }, user: SessionUser | null) {
  const email = user ? (user.username.includes("@") ? user.username : "") : (checkout.guestEmail ?? "");
  const customer: PaymentCustomer = { name: user?.fullName ?? checkout.guestName ?? "", email };
  const phone = user ? (user.username.includes("@") ? undefined : user.username) : (checkout.guestPhone ?? undefined);
  return phone ? { ...customer, phone } : customer;
}

/**
 * A provider call that failed as a call (bad keys, provider down), not as an answer: the attempt fails with the coded
 * error, and keys the provider refused take the account out of the checkout until its owner fixes them.
 */
async function providerFailure(ctx: AppContext, paymentId: string, accountId: string | null, error: unknown): Promise<never> {
  if (!(error instanceof ProviderError)) throw error;
  // The request answers an error, which is not kept: a retry with its key tries again rather than replaying this attempt.
  await failPayment(ctx, paymentId, error.code, { forgetRequest: true });
  if (accountId && error.code === "provider_auth_failed") await markAccountFailing(ctx, accountId, error.code);
  throw new AppError(error.code === "provider_auth_failed" ? "payment_method_unavailable" : error.code, {
    status: error.code === "provider_unavailable" ? 503 : 422,
  });
}

/** Saved cards are a signed-in customer's: a guest asking for one is told to sign in, on the field it sent. */
function signedInPayer(user: SessionUser | null, field: "save_card" | "saved_card_id"): SessionUser {
  if (!user) throw new AppError("validation_failed", { fields: { [field]: "sign_in_to_save_card" } });
  return user;
}

/**
 * The token to charge a new card with: the browser's one-use token, or, with 'Guardar tarjeta', the reusable one the
 * gateway kept for the customer (recorded with the attempt, usable once it is paid). Null when the gateway cannot read it.
 */
async function newCardToken(
  ctx: AppContext,
  gateway: { provider: PaymentProvider; accountId: string | null },
  payment: { id: string },
  input: PayBody,
  user: SessionUser | null,
  customer: PaymentCustomer,
): Promise<string | null> {
  const token = input.card_token ?? "";
  if (!input.save_card || !user || !gateway.provider.keepCard) return token;
  const kept = await gateway.provider
    .keepCard({ token, customer, idempotencyKey: `keep-card:${payment.id}` })
    .catch((error: unknown) => providerFailure(ctx, payment.id, gateway.accountId, error));
  if (!kept) return null;
  await recordKeptCard(
    ctx.db,
    {
      ...kept,
      userId: user.id,
      method: input.method,
      provider: gateway.provider.name,
      accountId: gateway.accountId,
      paymentId: payment.id,
    },
    ctx.clock.now(),
  );
  return kept.token;
}

/**
 * What a pay request answered, found again from its attempt: the request whose key a retry carries started this attempt,
 * and its outcome committed, but the process died before the answer was stored (issue #32). An attempt still being
 * charged answers payment_in_progress, as any second pay does, until it settles or the sweep gives it up (then the retry
 * starts a new attempt: the first never had an outcome).
 */
async function replayAttempt(
  ctx: AppContext,
  checkoutId: string,
  requestKey: string,
  view: () => Promise<PayResult["checkout"]>,
): Promise<PayResult | null> {
  const [attempt] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutId, checkoutId), eq(payments.requestKey, requestKey)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!attempt || attempt.status === "expired") return null;
  if (attempt.status === "created") throw new AppError("payment_in_progress", { status: 409 });
  if (attempt.status === "succeeded") return { status: "paid", checkout: await view() };
  if (attempt.status === "pending") return { status: "pending", checkout: await view() };
  if (attempt.status === "requires_action" && attempt.actionUrl) {
    return redirectMethods.includes(attempt.method as (typeof redirectMethods)[number])
      ? { status: "redirect", approval_url: attempt.actionUrl, checkout: await view() }
      : { status: "requires_action", next_action: { redirect_to_url: { url: attempt.actionUrl } }, checkout: await view() };
  }
  return { status: "failed", code: attempt.failureCode ?? "payment_failed", checkout: await view() };
}

/**
 * Pays a purchase with any method of the spec; answers what the browser must do next. `requestKey` is the request's
 * Idempotency-Key (per caller), when it sent one: the attempt keeps it, so a retry after a crash answers its outcome.
 */
export async function payCheckout(
  ctx: AppContext,
  checkoutId: string,
  user: SessionUser | null,
  token: string | undefined,
  input: PayBody,
  requestKey: string | null = null,
): Promise<PayResult> {
  if (!input.return_path.startsWith("/") || input.return_path.startsWith("//"))
    throw new AppError("validation_failed", { fields: { return_path: "invalid_url" } });
  const checkout = await loadCheckout(ctx, checkoutId, user, token);
  const view = () => getCheckoutView(ctx, checkout.id, user, checkout.accessToken);
  const replayed = requestKey ? await replayAttempt(ctx, checkout.id, requestKey, view) : null;
  if (replayed) return replayed;
  if (checkout.state === "paid") throw new AppError("checkout_already_paid", { status: 409 });
  if (checkout.state !== "pending_payment" || checkout.expiresAt <= ctx.clock.now()) {
    await expireCheckout(ctx, checkout.id);
    throw new AppError("checkout_expired", { status: 410 });
  }
  const supplierIds = await supplierIdsOf(ctx.db, checkout.id);
  // Production, and a supplier without a live provider: the sandbox would charge it, and the sandbox moves no money.
  if ((await suppliersWithoutLiveProvider(ctx.db, supplierIds, ctx.config.sandboxAllowed)).length > 0)
    throw new AppError("payments_not_live", { status: 422 });
  if (!(await checkoutPaymentMethods(ctx, checkout.id)).includes(input.method)) throw new AppError("payment_method_unavailable");
  const isCard = cardMethods.includes(input.method);
  if (isCard && !input.card_token && !input.saved_card_id) throw new AppError("validation_failed", { fields: { card_token: "required" } });
  if (!isCard && (input.saved_card_id || input.save_card || input.msi_payments))
    throw new AppError("validation_failed", { fields: { method: "card_options_need_card" } });
  const gateway = await gatewayForPurchase(ctx, supplierIds, input.method);
  if (!gateway) throw new AppError("payment_method_unavailable");
  // Openpay refuses a card charge without openpay.js's device session id: say so on the field, before any attempt starts.
  if (gateway.provider.name === "openpay" && isCard && !input.device_session_id)
    throw new AppError("validation_failed", { fields: { device_session_id: "device_session_invalid" } });
  // Saved cards are a signed-in customer's, kept at the gateway that charges this purchase (issue #31).
  const savedCard = input.saved_card_id
    ? await cardToCharge(ctx, signedInPayer(user, "saved_card_id").id, input.saved_card_id, input.method, gateway)
    : null;
  if (input.save_card && !input.saved_card_id) {
    signedInPayer(user, "save_card");
    if (!gateway.provider.keepCard) throw new AppError("validation_failed", { fields: { save_card: "card_saving_unavailable" } });
  }
  // Interest-free months: only a plan the gateway offers for this method and total (the same list the checkout shows).
  const instalments = input.msi_payments ?? null;
  if (
    instalments !== null &&
    (!msiMethods.includes(input.method) ||
      !instalmentPlans(checkout.total, checkout.currency, gateway.provider.instalmentMonths ?? []).some(
        (plan) => plan.months === instalments,
      ))
  )
    throw new AppError("instalments_unavailable");
  const returnPath = withQuery(input.return_path, { checkout: checkout.id, token: checkout.accessToken });
  const payment = await startAttempt(ctx, checkout, input.method, gateway, requestKey, instalments);
  const charge = { paymentId: payment.id, idempotencyKey: payment.id, amount: checkout.total, currency: checkout.currency };
  const customer = payerOf(checkout, user);

  if (isCard) {
    const cardToken = savedCard ? savedCard.gatewayToken : await newCardToken(ctx, gateway, payment, input, user, customer);
    if (!cardToken) {
      await failPayment(ctx, payment.id, "card_error");
      return { status: "failed" as const, code: "card_error", checkout: await view() };
    }
    const result = await gateway.provider
      .chargeCard({
        ...charge,
        customer,
        token: cardToken,
        method: input.method,
        ...(instalments !== null ? { instalments } : {}),
        deviceSessionId: input.device_session_id,
        returnUrl: returnPath,
      })
      .catch((error: unknown) => providerFailure(ctx, payment.id, gateway.accountId, error));
    if (result.status === "succeeded") {
      await markPaid(ctx, payment.id, result.ref);
      return { status: "paid" as const, checkout: await view() };
    }
    if (result.status === "requires_action") {
      await advanceAttempt(ctx.db, payment.id, { status: "requires_action", providerRef: result.ref, actionUrl: result.actionUrl });
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
    await advanceAttempt(ctx.db, payment.id, { status: "requires_action", providerRef: ref, actionUrl: approvalUrl });
    return { status: "redirect" as const, approval_url: approvalUrl, checkout: await view() };
  }

  // Cash at a store, bank transfer or crypto: the order waits for the money, until the provider's deadline (or ours:
  // a bank transfer must arrive within 1 hour, cash within 48).
  const offline = await gateway.provider
    .createOffline({ ...charge, customer, method: input.method })
    .catch((error: unknown) => providerFailure(ctx, payment.id, gateway.accountId, error));
  const deadline =
    offline.expiresAt ?? new Date(ctx.clock.now().getTime() + (input.method === "openpay_bank" ? BANK_TRANSFER_MS : 48 * 3600 * 1000));
  await transactionWithEvents(ctx, async (tx) => {
    // The purchase first, then its payment: the lock order of startAttempt and markPaid.
    await awaitOfflinePayment(tx, checkout.id, input.method, deadline, ctx.clock.now());
    await advanceAttempt(tx, payment.id, {
      status: "pending",
      providerRef: offline.ref,
      expiresAt: deadline,
      details: { reference: offline.reference, ...(offline.clabe ? { clabe: offline.clabe } : {}), deadline: deadline.toISOString() },
    });
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
