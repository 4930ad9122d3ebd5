import type { PaymentMethod } from "@tianguis/domain/rules/checkout";
import type { CheckoutCardView } from "@tianguis/domain/schemas/payment";
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { KeptCard } from "../../adapters/payments/provider";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { checkoutCards } from "../../db/schema/payments";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { checkoutPaymentMethods, loadCheckout } from "../checkout/service";
import { gatewayForPurchase } from "../payment-accounts/service";
import { supplierIdsOf } from "./queries";

/**
 * Saved checkout cards (issue #31, spec §2 'Tarjeta Bancaria' for purchases): the provider keeps the card, we keep its
 * reusable token with brand, last 4 digits and expiry. Only its owner lists, uses or deletes it; a card is offered again
 * only where the gateway that saved it (the sandbox, or that same supplier account) charges the purchase.
 */

export type CheckoutCardRow = typeof checkoutCards.$inferSelect;

function signedIn(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError("unauthorized");
  return user;
}

/** Still valid in the current month (a card expires at the end of its expiry month). */
function notExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  return card.expYear > now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth >= now.getUTCMonth() + 1);
}

function viewOf(card: CheckoutCardRow): CheckoutCardView {
  return {
    id: card.id,
    method: card.method as PaymentMethod,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
  };
}

async function usableCards(db: DbOrTx, userId: string, now: Date): Promise<CheckoutCardRow[]> {
  const rows = await db
    .select()
    .from(checkoutCards)
    .where(and(eq(checkoutCards.userId, userId), isNotNull(checkoutCards.validatedAt), isNull(checkoutCards.deletedAt)))
    .orderBy(asc(checkoutCards.createdAt));
  return rows.filter((card) => notExpired(card, now));
}

/** The caller's cards; with a purchase, only those its gateway charges now by the card's method. */
export async function listCheckoutCards(
  ctx: AppContext,
  user: SessionUser | null,
  query: { checkout_id?: string; token?: string },
): Promise<{ results: CheckoutCardView[] }> {
  const owner = signedIn(user);
  const cards = await usableCards(ctx.db, owner.id, ctx.clock.now());
  if (!query.checkout_id) return { results: cards.map(viewOf) };
  const checkout = await loadCheckout(ctx, query.checkout_id, owner, query.token);
  const offered = await checkoutPaymentMethods(ctx, checkout.id);
  const supplierIds = await supplierIdsOf(ctx.db, checkout.id);
  const results: CheckoutCardView[] = [];
  for (const card of cards) {
    if (!offered.includes(card.method as PaymentMethod)) continue;
    const gateway = await gatewayForPurchase(ctx, supplierIds, card.method as PaymentMethod);
    if (gateway && gateway.provider.name === card.provider && gateway.accountId === card.accountId) results.push(viewOf(card));
  }
  return { results };
}

/** Deletes one of the caller's cards at once; another customer's card is not found. */
export async function deleteCheckoutCard(ctx: AppContext, user: SessionUser | null, cardId: string): Promise<{ id: string }> {
  const owner = signedIn(user);
  const [deleted] = await ctx.db
    .update(checkoutCards)
    .set({ deletedAt: ctx.clock.now() })
    .where(and(eq(checkoutCards.id, cardId), eq(checkoutCards.userId, owner.id), isNull(checkoutCards.deletedAt)))
    .returning({ id: checkoutCards.id });
  if (!deleted) throw new AppError("saved_card_not_found", { status: 404 });
  return deleted;
}

/** The caller's usable card to pay `method` through `gateway`, or saved_card_not_found (someone else's, deleted, expired). */
export async function cardToCharge(
  ctx: AppContext,
  userId: string,
  cardId: string,
  method: string,
  gateway: { provider: { name: string }; accountId: string | null },
): Promise<CheckoutCardRow> {
  const card = (await usableCards(ctx.db, userId, ctx.clock.now())).find((row) => row.id === cardId);
  if (!card || card.method !== method || card.provider !== gateway.provider.name || card.accountId !== gateway.accountId)
    throw new AppError("saved_card_not_found", { status: 404 });
  return card;
}

/** Records the card the provider kept for an attempt; it becomes usable when that attempt's payment goes through. */
export async function recordKeptCard(
  db: DbOrTx,
  card: KeptCard & { userId: string; method: string; provider: string; accountId: string | null; paymentId: string },
  now: Date,
): Promise<void> {
  await db
    .insert(checkoutCards)
    .values({
      userId: card.userId,
      method: card.method,
      provider: card.provider,
      accountId: card.accountId,
      gatewayToken: card.token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      paymentId: card.paymentId,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** The attempt that saved a card went through: the card is offered from now on (same transaction as the payment). */
export async function validateKeptCard(db: DbOrTx, paymentId: string, now: Date): Promise<void> {
  await db
    .update(checkoutCards)
    .set({ validatedAt: now })
    .where(and(eq(checkoutCards.paymentId, paymentId), isNull(checkoutCards.validatedAt)));
}
