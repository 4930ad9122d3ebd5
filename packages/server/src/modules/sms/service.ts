import { randomBytes } from "node:crypto";
import type { Locale } from "@tianguis/domain/locale";
import { SMS_PACKAGES_PATH, smsSendDecision } from "@tianguis/domain/rules/sms";
import type { SmsAccountView, SmsEntriesQuery, SmsPayResult, SmsPurchaseView } from "@tianguis/domain/schemas/sms";
import type { EventPayload } from "@tianguis/domain/events";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { notifyAlert } from "../alerts/service";
import { findShopWithAccess, requireShopById } from "../shops/service";
import {
  type SmsPurchaseRow,
  addCredits,
  expireStaleAttempts,
  hasEntry,
  insertAttempt,
  insertEntry,
  insertOpenPurchase,
  lockPurchase,
  markPurchasePaid,
  markRunoutAlerted,
  moveAttempt,
  selectAccount,
  selectAttempt,
  selectEntries,
  selectLastAttempt,
  selectOpenPurchase,
  selectPurchase,
  selectPurchaseByToken,
  selectTotals,
  takeCredit,
} from "./queries";
import { entryView, maskPhone, purchaseView, requireSmsPackage } from "./views";

/**
 * SMS credits (issue 30 §3), the one owner of a shop's SMS balance. A shop buys packages through the payment gateway
 * (like a membership package: one attempt in flight per purchase, 3-D Secure settled by the gateway's webhook); the
 * paid purchase records `sms.package_paid`, and this module's subscriber credits the ledger. The notifications module
 * asks `spendSmsCredit` before each SMS to a shop's customer: one credit per SMS; at zero the SMS is skipped and the
 * shop's owner and admins get 'sms_runout' once per run-out. Sign-up PINs never come here: they are the platform's.
 */

const STALE_CREATED_MS = 5 * 60 * 1000;
const STALE_CHALLENGE_MS = 15 * 60 * 1000;
const IN_FLIGHT = ["created", "requires_action"];

const newPaymentToken = () => `sms_${randomBytes(24).toString("base64url")}`;

/** Whether a payment token (/me/payments/{token}) is an SMS package purchase's. */
export function isSmsPaymentToken(token: string): boolean {
  return token.startsWith("sms_");
}

function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError("unauthorized");
  return user;
}

/** The shop's SMS desk: the owner and admins buy and read, accountants read; everyone else 403, anonymous 401. */
async function requireSmsDesk(ctx: AppContext, where: { slug?: string; id?: string }, user: SessionUser | null, toBuy: boolean) {
  const me = requireUser(user);
  const { shop, access } = await findShopWithAccess(ctx, where, me);
  const reads = access.isAdmin || access.roles.includes("accountant");
  if (!(toBuy ? access.isAdmin : reads)) throw new AppError("forbidden");
  return { shop, me, canBuy: access.isAdmin };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the balance and the ledger
// ---------------------------------------------------------------------------------------------------------------

/** GET /shops/{slug}/sms */
export async function getSmsAccount(ctx: AppContext, slug: string, user: SessionUser | null): Promise<SmsAccountView> {
  const { shop, canBuy } = await requireSmsDesk(ctx, { slug }, user, false);
  const [account, totals] = await Promise.all([selectAccount(ctx.db, shop.id), selectTotals(ctx.db, shop.id)]);
  return {
    shop_slug: shop.slug,
    shop_name: shop.name,
    balance: account?.balance ?? 0,
    sent_total: totals.sent,
    purchased_total: totals.purchased,
    can_buy: canBuy,
  };
}

/** GET /shops/{slug}/sms/entries */
export async function listSmsEntries(ctx: AppContext, slug: string, user: SessionUser | null, query: SmsEntriesQuery) {
  const { shop } = await requireSmsDesk(ctx, { slug }, user, false);
  const { rows, count } = await selectEntries(ctx.db, shop.id, query);
  return { results: rows.map(entryView), matches_estimated: count };
}

// ---------------------------------------------------------------------------------------------------------------
// Buying a package
// ---------------------------------------------------------------------------------------------------------------

/** PUT /shops/{slug}/sms/packages/{id}/purchase: the shop's open purchase of the package (the same one on a retry). */
export async function purchaseSmsPackage(ctx: AppContext, slug: string, user: SessionUser | null, packageId: string, locale: Locale) {
  const { shop, me } = await requireSmsDesk(ctx, { slug }, user, true);
  const pkg = requireSmsPackage(packageId);
  const values = {
    shopId: shop.id,
    buyerId: me.id,
    packageId: pkg.id,
    credits: pkg.credits,
    paymentToken: newPaymentToken(),
    amount: pkg.price,
    currency: pkg.currency,
    createdAt: ctx.clock.now(),
  };
  const purchase = (await insertOpenPurchase(ctx.db, values)) ?? (await selectOpenPurchase(ctx.db, shop.id, pkg.id));
  if (!purchase) throw new AppError("sms_buy_failed", { status: 409 });
  return { payment_token: purchase.paymentToken, purchase: purchaseView(purchase, shop.slug, null, locale) };
}

/** A purchase by its token, for whoever may buy for its shop; anyone else's is not found. */
async function requirePurchase(ctx: AppContext, user: SessionUser | null, token: string) {
  requireUser(user);
  const purchase = await selectPurchaseByToken(ctx.db, token);
  if (!purchase) throw new AppError("sms_purchase_not_found", { status: 404 });
  try {
    const { shop } = await requireSmsDesk(ctx, { id: purchase.shopId }, user, true);
    return { purchase, shop };
  } catch (error) {
    if (error instanceof AppError && error.code === "forbidden") throw new AppError("sms_purchase_not_found", { status: 404 });
    throw error;
  }
}

/** GET /sms/purchases/{token} */
export async function getSmsPurchase(ctx: AppContext, user: SessionUser | null, token: string, locale: Locale): Promise<SmsPurchaseView> {
  const { purchase, shop } = await requirePurchase(ctx, user, token);
  return purchaseView(purchase, shop.slug, await selectLastAttempt(ctx.db, purchase.id), locale);
}

/** A new attempt, the only one in flight, while the purchase (locked) is unpaid. */
async function startAttempt(ctx: AppContext, purchase: SmsPurchaseRow) {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const locked = await lockPurchase(tx, purchase.id);
    if (locked?.state !== "pending_payment") throw new AppError("sms_already_paid", { status: 409 });
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
 * POST /sms/purchases/{token}/pay: charges the card token once through the payment gateway and settles at once, or
 * sends the buyer to 3-D Secure (settled by the gateway's webhook through `smsPayable`).
 */
export async function paySmsPurchase(
  ctx: AppContext,
  user: SessionUser | null,
  token: string,
  cardToken: string,
  locale: Locale,
): Promise<SmsPayResult> {
  const { purchase } = await requirePurchase(ctx, user, token);
  const me = requireUser(user);
  const attempt = await startAttempt(ctx, purchase);
  const result = await ctx.payments.chargeCard({
    paymentId: attempt.id,
    token: cardToken,
    amount: purchase.amount,
    currency: purchase.currency,
    returnUrl: `${SMS_PACKAGES_PATH}?token=${encodeURIComponent(purchase.paymentToken)}`,
    ...(me.username.includes("@") ? { customer: { name: me.fullName, email: me.username } } : {}),
  });
  const view = async () => getSmsPurchase(ctx, user, token, locale);
  if (result.status === "succeeded") {
    const settled = await settleSmsPayment(ctx, attempt.id, result.ref);
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
 * The gateway took the money for an attempt: one transaction marks the attempt and the purchase paid and records
 * `sms.package_paid` (the credits follow from it). Only the winner of the conditional updates records anything; money
 * of a late or second attempt goes back after the commit.
 */
export async function settleSmsPayment(ctx: AppContext, attemptId: string, ref: string): Promise<boolean> {
  const outcome = await transactionWithEvents(ctx, async (tx): Promise<{ paid: boolean; giveBack?: number }> => {
    const attempt = await selectAttempt(tx, attemptId);
    if (!attempt) return { paid: false };
    await lockPurchase(tx, attempt.purchaseId);
    const won = await moveAttempt(tx, attemptId, IN_FLIGHT, { status: "succeeded", providerRef: ref });
    if (!won) {
      const late = await moveAttempt(tx, attemptId, ["expired"], { status: "refunded", providerRef: ref });
      return { paid: false, giveBack: late?.amount };
    }
    const now = ctx.clock.now();
    const paid = await markPurchasePaid(tx, attempt.purchaseId, now);
    if (!paid) {
      await moveAttempt(tx, attemptId, ["succeeded"], { status: "refunded" });
      return { paid: false, giveBack: attempt.amount };
    }
    const payload = { purchase_id: paid.id, shop_id: paid.shopId, package_id: paid.packageId, credits: paid.credits };
    await recordEvent(tx, { type: "sms.package_paid", payload }, now);
    return { paid: true };
  });
  if (outcome.giveBack) await ctx.payments.refund({ ref, amount: outcome.giveBack, idempotencyKey: `give-back:${attemptId}` });
  return outcome.paid;
}

async function failSmsPayment(ctx: AppContext, attemptId: string, code: string): Promise<void> {
  await moveAttempt(ctx.db, attemptId, IN_FLIGHT, { status: "failed", failureCode: code });
}

/** SMS package payments as the payments module reaches them (its 3-D Secure pages and webhooks); registered in app.ts. */
export const smsPayable = {
  async find(db: DbOrTx, paymentId: string) {
    const attempt = await selectAttempt(db, paymentId);
    return attempt ? { amount: attempt.amount, currency: attempt.currency, ref: attempt.providerRef } : null;
  },
  settle: settleSmsPayment,
  fail: failSmsPayment,
};

/** A package was paid (subscriber of `sms.package_paid`): its credits join the shop's ledger, once. */
export async function creditSmsPackage(tx: DbOrTx, paid: EventPayload<"sms.package_paid">, now: Date): Promise<boolean> {
  const sourceKey = `sms-purchase:${paid.purchase_id}`;
  if (await hasEntry(tx, sourceKey)) return false;
  const balance = await addCredits(tx, paid.shop_id, paid.credits, now);
  const entry = { shopId: paid.shop_id, kind: "purchase", amount: paid.credits, balanceAfter: balance, sourceKey };
  await insertEntry(tx, { ...entry, packageId: paid.package_id, createdAt: now });
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Spending credits
// ---------------------------------------------------------------------------------------------------------------

/**
 * Before an SMS to a shop's customer goes out: spends one of the shop's credits and answers true (send it), or answers
 * false when the shop has none (skip it), raising 'sms_runout' for the shop's owner the first time in this run-out.
 * `key` names the message: a retried send it already paid for is answered true without spending again.
 */
export async function spendSmsCredit(ctx: AppContext, message: { shopId: string; key: string; to: string }): Promise<boolean> {
  const sourceKey = `sms-send:${message.key}`;
  return ctx.db.transaction(async (tx) => {
    if (await hasEntry(tx, sourceKey)) return true;
    const now = ctx.clock.now();
    const balance = await takeCredit(tx, message.shopId, now);
    if (balance !== null) {
      const entry = {
        shopId: message.shopId,
        kind: "send",
        amount: -1,
        balanceAfter: balance,
        sourceKey,
        recipient: maskPhone(message.to),
      };
      if (!(await insertEntry(tx, { ...entry, createdAt: now }))) throw new Error(`SMS ${sourceKey} was paid for twice`);
      return true;
    }
    const account = await selectAccount(tx, message.shopId);
    const decision = smsSendDecision(0, Boolean(account?.runoutAlertedAt));
    if (!decision.send && decision.alert && (await markRunoutAlerted(tx, message.shopId, now))) await alertRunout(tx, message.shopId, now);
    return false;
  });
}

/** 'sms_runout' (origin 'system'; target /me/sms/packages) for the shop's owner. */
async function alertRunout(tx: DbOrTx, shopId: string, now: Date) {
  const shop = await requireShopById(tx, shopId);
  await notifyAlert(
    tx,
    {
      recipientId: shop.ownerId,
      originApp: "system",
      params: { type: "shop", subtype: "sms_runout", shop: shop.slug },
      message: { code: "alert_sms_runout", vars: { shop: shop.name } },
    },
    now,
  );
}
