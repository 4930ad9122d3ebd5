import { randomBytes } from "node:crypto";
import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import { type HeldPackage, type PackageId, findLanding, packageChange, packageValidity } from "@tianguis/domain/rules/packages";
import { freePlanId } from "@tianguis/domain/rules/plans";
import type { PackageDowngradeDetails, PackagePayResult, PackagePurchaseView, SignupIntent } from "@tianguis/domain/schemas/package";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { requirePlatformAdmin } from "../platform-admin/service";
import { installMembership } from "../subscriptions/service";
import {
  type PurchaseRow,
  type SignupIntentRow,
  deleteSignupIntent,
  takeSignupIntent,
  upsertSignupIntent,
  expireStaleAttempts,
  insertAttempt,
  insertOpenPurchase,
  lockPurchase,
  lockUserPurchases,
  markPurchasePaid,
  markPurchaseRefunded,
  moveAttempt,
  selectAttempt,
  selectHeldPurchase,
  selectLastAttempt,
  selectOpenPurchase,
  selectPaidAttempt,
  selectPurchase,
  selectPurchaseByToken,
} from "./queries";
import { requirePackage, toPackageView, toPurchaseView } from "./views";

/**
 * Membership packages (commerce-and-accounts §2 /apps/paquetes, §4 Package change, §7 package purchase): buying one
 * gives a payment token; paying it through the payment gateway installs the package's plan until the time it bought
 * (subscriptions' installMembership, source 'package'). Other modules use only what this file exports.
 */

/**
 * An attempt still 'created' this long after it started lost its request mid-charge, and one awaiting 3-D Secure this
 * long was left by the buyer: a new attempt may replace it (a late confirmation of the old one is refunded).
 */
const STALE_CREATED_MS = 5 * 60 * 1000;
const STALE_CHALLENGE_MS = 15 * 60 * 1000;
const IN_FLIGHT = ["created", "requires_action"];

const newPaymentToken = () => `pkg_${randomBytes(24).toString("base64url")}`;

/** Whether a payment token (/me/payments/{token}) is a package purchase's. */
export function isPackagePaymentToken(token: string): boolean {
  return token.startsWith("pkg_");
}

function heldOf(row: PurchaseRow | null): HeldPackage | null {
  return row?.validUntil ? { package_id: row.packageId as PackageId, valid_until: row.validUntil } : null;
}

/** The package the user holds now and when it ends, or null. */
export async function currentPackage(ctx: AppContext, userId: string, locale: Locale) {
  const held = await selectHeldPurchase(ctx.db, userId, ctx.clock.now());
  if (!held?.validUntil) return { current: null };
  return { current: { package: toPackageView(requirePackage(held.packageId), locale), valid_until: held.validUntil.toISOString() } };
}

/**
 * PUT /packages/{id}/purchase: the user's open purchase of the package (a new one, or the same one again for a retried
 * request: one open purchase per user and package). A downgrade while the current package runs is refused (§4).
 */
export async function purchasePackage(ctx: AppContext, user: SessionUser, packageId: string, locale: Locale) {
  const pkg = requirePackage(packageId);
  const now = ctx.clock.now();
  const held = heldOf(await selectHeldPurchase(ctx.db, user.id, now));
  const change = packageChange(held, pkg, now);
  if (!change.allowed) {
    const details: PackageDowngradeDetails = {
      requested_package: { id: pkg.id, name: translate(locale, `package_name_${pkg.id}`) },
      current_package: { id: change.current, name: translate(locale, `package_name_${change.current}`) },
      charge_date: change.charge_date.toISOString(),
    };
    throw new AppError(change.code, { status: 409, details });
  }
  const values = {
    userId: user.id,
    packageId: pkg.id,
    paymentToken: newPaymentToken(),
    amount: pkg.price,
    currency: pkg.currency,
    createdAt: now,
  };
  const purchase = (await insertOpenPurchase(ctx.db, values)) ?? (await selectOpenPurchase(ctx.db, user.id, pkg.id));
  if (!purchase) throw new AppError("package_buy_failed", { status: 409 });
  return { payment_token: purchase.paymentToken, purchase: toPurchaseView(purchase, null, locale) };
}

/** The signed-in user's purchase by its token; anyone else's is not found. */
async function requireOwnPurchase(ctx: AppContext, user: SessionUser, token: string): Promise<PurchaseRow> {
  const purchase = await selectPurchaseByToken(ctx.db, token);
  if (!purchase || purchase.userId !== user.id) throw new AppError("package_purchase_not_found", { status: 404 });
  return purchase;
}

export async function getPurchase(ctx: AppContext, user: SessionUser, token: string, locale: Locale): Promise<PackagePurchaseView> {
  const purchase = await requireOwnPurchase(ctx, user, token);
  return toPurchaseView(purchase, await selectLastAttempt(ctx.db, purchase.id), locale);
}

/** Where the gateway sends the buyer back after 3-D Secure: the package's payment page. */
function paymentPagePath(purchase: PurchaseRow): string {
  return `/apps/paquetes/${purchase.packageId}/pagar?token=${encodeURIComponent(purchase.paymentToken)}`;
}

/**
 * A new attempt, the only one in flight: under the purchase's lock (settling takes it too) the purchase must still be
 * unpaid, and the in-flight index refuses a second attempt (payment_in_progress).
 */
async function startAttempt(ctx: AppContext, purchase: PurchaseRow) {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const locked = await lockPurchase(tx, purchase.id);
    if (locked?.state !== "pending_payment") throw new AppError("package_already_paid", { status: 409 });
    await expireStaleAttempts(tx, purchase.id, "created", new Date(now.getTime() - STALE_CREATED_MS));
    await expireStaleAttempts(tx, purchase.id, "requires_action", new Date(now.getTime() - STALE_CHALLENGE_MS));
    const attempt = await insertAttempt(tx, {
      purchaseId: purchase.id,
      status: "created",
      amount: purchase.amount,
      currency: purchase.currency,
      createdAt: now,
    });
    if (!attempt) throw new AppError("payment_in_progress", { status: 409 });
    return attempt;
  });
}

/**
 * POST /packages/purchases/{token}/pay: charges the card token once — one attempt in flight per purchase, so a second
 * click gets payment_in_progress — and settles at once, or sends the buyer to 3-D Secure (settled by the webhook).
 */
export async function payPackage(
  ctx: AppContext,
  user: SessionUser,
  token: string,
  cardToken: string,
  locale: Locale,
): Promise<PackagePayResult> {
  const purchase = await requireOwnPurchase(ctx, user, token);
  const attempt = await startAttempt(ctx, purchase);
  const result = await ctx.payments.chargeCard({
    paymentId: attempt.id,
    token: cardToken,
    amount: purchase.amount,
    currency: purchase.currency,
    returnUrl: paymentPagePath(purchase),
    // Some gateways need who pays on a card charge (provider.ts PaymentCustomer); a phone account has no e-mail to give.
    ...(user.username.includes("@") ? { customer: { name: user.fullName, email: user.username } } : {}),
  });
  const view = async () => getPurchase(ctx, user, token, locale);
  if (result.status === "succeeded") {
    const settled = await settlePackagePayment(ctx, attempt.id, result.ref);
    return settled ? { status: "paid", purchase: await view() } : { status: "failed", code: "payment_failed", purchase: await view() };
  }
  if (result.status === "requires_action") {
    await moveAttempt(ctx.db, attempt.id, ["created"], { status: "requires_action", providerRef: result.ref });
    return { status: "requires_action", next_action: { redirect_to_url: { url: result.actionUrl } }, purchase: await view() };
  }
  await moveAttempt(ctx.db, attempt.id, ["created"], { status: "failed", providerRef: result.ref, failureCode: result.code });
  return { status: "failed", code: result.code, purchase: await view() };
}

/**
 * The gateway took the money for an attempt: one transaction marks the attempt and the purchase paid, computes the time
 * bought from the package held (the user's purchases locked, so two payments never stack from the same start) and
 * installs the membership. Only the winner of the conditional updates does anything: a replayed webhook finds nothing
 * in flight and changes nothing. Money that must go back is recorded ('refunded') in that transaction and refunded once it
 * committed, so no gateway call holds the user's lock; the attempt's key keeps a retried refund single.
 */
export async function settlePackagePayment(ctx: AppContext, attemptId: string, ref: string): Promise<boolean> {
  const outcome = await transactionWithEvents(ctx, async (tx): Promise<{ paid: boolean; giveBack?: number }> => {
    const attempt = await selectAttempt(tx, attemptId);
    if (!attempt) return { paid: false };
    const owner = await selectPurchase(tx, attempt.purchaseId);
    if (!owner) return { paid: false };
    await lockUserPurchases(tx, owner.userId);
    const won = await moveAttempt(tx, attemptId, IN_FLIGHT, { status: "succeeded", providerRef: ref });
    if (!won) {
      // The gateway confirmed an attempt given up as stale: the money goes back (a replay of a settled one changes nothing).
      const late = await moveAttempt(tx, attemptId, ["expired"], { status: "refunded", providerRef: ref });
      return { paid: false, giveBack: late?.amount };
    }
    const now = ctx.clock.now();
    const pkg = requirePackage(owner.packageId);
    const held = heldOf(await selectHeldPurchase(tx, owner.userId, now));
    const validity = packageValidity(pkg, now, held);
    const paid = await markPurchasePaid(tx, owner.id, { paidAt: now, validFrom: validity.valid_from, validUntil: validity.valid_until });
    if (!paid) {
      // Paid by another attempt meanwhile: this money goes back.
      await moveAttempt(tx, attemptId, ["succeeded"], { status: "refunded" });
      return { paid: false, giveBack: attempt.amount };
    }
    await installMembership(tx, { userId: owner.userId, planId: pkg.plan_id, source: "package", validUntil: validity.valid_until, now });
    // A paid period: the promoter the buyer arrived with earns on it (commissions subscribes).
    const period = { user_id: owner.userId, charge_id: owner.id, source: "package" as const, plan_id: pkg.plan_id };
    await recordEvent(tx, { type: "membership.charged", payload: { ...period, amount: owner.amount, currency: owner.currency } }, now);
    return { paid: true };
  });
  if (outcome.giveBack) await ctx.payments.refund({ ref, amount: outcome.giveBack, idempotencyKey: `give-back:${attemptId}` });
  return outcome.paid;
}

/**
 * POST /packages/purchases/{token}/refund (platform admins): gives a paid package's money back through the gateway
 * (its key keeps a retry single) and records `membership.refunded` with the reason, so the promoter's 15 % commission
 * on it is reversed and taken back from their wallet (issue 30 §4 'reversed on refunds').
 */
export async function refundPackagePurchase(ctx: AppContext, user: SessionUser | null, token: string, reason: string, locale: Locale) {
  await requirePlatformAdmin(ctx, user);
  const purchase = await selectPurchaseByToken(ctx.db, token);
  if (!purchase) throw new AppError("package_purchase_not_found", { status: 404 });
  const attempt = purchase.state === "paid" ? await selectPaidAttempt(ctx.db, purchase.id) : null;
  if (!attempt?.providerRef) throw new AppError("package_not_refundable", { status: 409 });
  const result = await ctx.payments.refund({
    ref: attempt.providerRef,
    amount: attempt.amount,
    idempotencyKey: `package-refund:${purchase.id}`,
  });
  if (result.status === "failed") throw new AppError("refund_failed", { status: 409 });
  await transactionWithEvents(ctx, async (tx) => {
    const now = ctx.clock.now();
    const refunded = await markPurchaseRefunded(tx, purchase.id);
    if (!refunded) return;
    await moveAttempt(tx, attempt.id, ["succeeded"], { status: "refunded" });
    // The period's unused time comes off the membership it installed (subscriptions subscribes).
    const period =
      refunded.validFrom && refunded.validUntil
        ? {
            plan_id: requirePackage(refunded.packageId).plan_id,
            valid_from: refunded.validFrom.toISOString(),
            valid_until: refunded.validUntil.toISOString(),
          }
        : null;
    const payload = {
      user_id: refunded.userId,
      charge_id: refunded.id,
      source: "package" as const,
      amount: refunded.amount,
      currency: refunded.currency,
      reason,
      period,
    };
    await recordEvent(tx, { type: "membership.refunded", payload }, now);
  });
  const after = await selectPurchase(ctx.db, purchase.id);
  return toPurchaseView(after ?? purchase, await selectLastAttempt(ctx.db, purchase.id), locale);
}

async function failPackagePayment(ctx: AppContext, attemptId: string, code: string): Promise<void> {
  await moveAttempt(ctx.db, attemptId, IN_FLIGHT, { status: "failed", failureCode: code });
}

/** Package payments as the payments module reaches them (its 3-D Secure pages and webhooks); registered in app.ts. */
export const packagePayable = {
  async find(db: DbOrTx, paymentId: string) {
    const attempt = await selectAttempt(db, paymentId);
    return attempt ? { amount: attempt.amount, currency: attempt.currency, ref: attempt.providerRef } : null;
  },
  settle: settlePackagePayment,
  fail: failPackagePayment,
};

/**
 * Sign-up from a landing (commerce-and-accounts §2 plan landings, §4 'Registration': "after a successful PIN with a plan
 * (or the default mashup plan), a membership is installed"). The registration keeps what the landing carried; the PIN
 * activation applies it in its own transaction.
 */

/** Keeps the sign-up's plan, landing, package, referral and click ids for its activation (a sign-up without them clears old ones). */
export async function rememberSignupIntent(db: DbOrTx, userId: string, intent: SignupIntent, now: Date): Promise<void> {
  const values = {
    planId: intent.plan ?? null,
    landingCode: intent.landing_code ?? null,
    packageCode: intent.package_code ?? null,
    referralId: intent.referral_id ?? null,
    clickId: intent.click_id ?? null,
    gclid: intent.gclid ?? null,
    fbclid: intent.fbclid ?? null,
    referralSlug: intent.referral_slug ?? null,
  };
  if (Object.values(values).every((value) => value === null)) await deleteSignupIntent(db, userId);
  else await upsertSignupIntent(db, { userId, ...values, createdAt: now });
}

export interface AppliedSignup {
  /** The kind of shop the landing opens ('supplier' from /proveedores), when the sign-up asked for one. */
  shopKind: "supplier" | "affiliate";
  /** Install the membership once the shop (if any) exists, so the level counts it. */
  installMembership(): Promise<{ userLevel: number } | null>;
}

/**
 * Reads the sign-up's intent once, at activation. The plan landings install their premium plan with its trial; the
 * entrepreneurs' landing the default (free) plan; the suppliers' landing no membership.
 */
export async function takeSignup(db: DbOrTx, userId: string, now: Date): Promise<AppliedSignup> {
  const intent: SignupIntentRow | null = await takeSignupIntent(db, userId, now);
  const landing = findLanding(intent?.landingCode);
  const planId = intent?.planId ?? landing?.plan_id ?? (landing?.code === "emprendedores" ? freePlanId : null);
  return {
    shopKind: landing?.shop === "supplier" ? "supplier" : "affiliate",
    async installMembership() {
      if (!planId) return null;
      const installed = await installMembership(db, { userId, planId, source: "signup", trial: planId !== freePlanId, now });
      return { userLevel: installed.userLevel };
    },
  };
}
