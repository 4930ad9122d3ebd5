import { cardUndoMs } from "@tianguis/domain/rules/subscription";
import { and, asc, eq, gt, isNotNull, isNull, lte, ne } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { savedCards } from "../../db/schema/subscriptions";
import { AppError } from "../../http/errors";
import { enqueueJob } from "../../jobs/runner";

/**
 * Saved cards (commerce-and-accounts §2 'Tarjeta Bancaria', §4 'Card deletion'). A card is usable once its validation
 * charge went through and as long as no deletion was asked for: a card in its 5-second undo window is never charged.
 */

export const CARD_DELETE_JOB = "saved_card_delete";

export type CardRow = typeof savedCards.$inferSelect;

const usable = (userId: string) =>
  and(eq(savedCards.userId, userId), isNotNull(savedCards.validatedAt), isNull(savedCards.deleteAfter), isNull(savedCards.deletedAt));

export async function listUsableCards(db: DbOrTx, userId: string, lock = false): Promise<CardRow[]> {
  const query = db.select().from(savedCards).where(usable(userId)).orderBy(asc(savedCards.createdAt));
  return lock ? query.for("update") : query;
}

/** The card recurring charges use: the default one, if it is usable. */
export async function chargeableCard(db: DbOrTx, userId: string): Promise<CardRow | null> {
  const [card] = await db
    .select()
    .from(savedCards)
    .where(and(usable(userId), eq(savedCards.isDefault, true)));
  return card ?? null;
}

export async function cardById(db: DbOrTx, cardId: string): Promise<CardRow | null> {
  const [card] = await db.select().from(savedCards).where(eq(savedCards.id, cardId));
  return card ?? null;
}

export async function insertCard(
  db: DbOrTx,
  card: { userId: string; gatewayToken: string; brand: string; last4: string; expMonth: number; expYear: number },
  now: Date,
): Promise<CardRow> {
  const [row] = await db
    .insert(savedCards)
    .values({ ...card, createdAt: now })
    .returning();
  return row!;
}

/** The validation charge went through: the card is usable, and the default when the user has none. */
export async function markCardValidated(db: DbOrTx, cardId: string, now: Date): Promise<CardRow | null> {
  const [card] = await db
    .update(savedCards)
    .set({ validatedAt: now })
    .where(and(eq(savedCards.id, cardId), isNull(savedCards.validatedAt), isNull(savedCards.deletedAt)))
    .returning();
  if (!card) return null;
  const cards = await listUsableCards(db, card.userId, true);
  if (!cards.some((other) => other.isDefault)) await db.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, card.id));
  return card;
}

/** The validation charge was refused: the card is not kept. */
export async function discardCard(db: DbOrTx, cardId: string, now: Date): Promise<void> {
  await db
    .update(savedCards)
    .set({ deletedAt: now, isDefault: false })
    .where(and(eq(savedCards.id, cardId), isNull(savedCards.validatedAt)));
}

/** 'Guardar cambios': the selected card becomes the one recurring charges use. */
export async function selectDefaultCard(ctx: AppContext, userId: string, cardId: string): Promise<CardRow[]> {
  return ctx.db.transaction(async (tx) => {
    const cards = await listUsableCards(tx, userId, true);
    if (!cards.some((card) => card.id === cardId)) throw new AppError("card_not_found", { status: 404 });
    await tx
      .update(savedCards)
      .set({ isDefault: false })
      .where(and(eq(savedCards.userId, userId), eq(savedCards.isDefault, true), ne(savedCards.id, cardId)));
    await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, cardId));
    return listUsableCards(tx, userId);
  });
}

/**
 * Starts a card's deletion: refused for the selected (default) card and for the only card; the card stops being usable
 * at once and is gone after the undo window unless restored.
 */
export async function requestCardDeletion(ctx: AppContext, userId: string, cardId: string): Promise<{ id: string; deleteAfter: Date }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const cards = await listUsableCards(tx, userId, true);
    const card = cards.find((row) => row.id === cardId);
    if (!card) throw new AppError("card_not_found", { status: 404 });
    if (card.isDefault || cards.length <= 1) throw new AppError("card_in_use", { status: 409 });
    const deleteAfter = new Date(now.getTime() + cardUndoMs);
    await tx.update(savedCards).set({ deleteAfter }).where(eq(savedCards.id, cardId));
    await enqueueJob(tx, CARD_DELETE_JOB, { card_id: cardId }, deleteAfter);
    return { id: cardId, deleteAfter };
  });
}

/** 'Deshacer' within the window. */
export async function restoreCard(ctx: AppContext, userId: string, cardId: string): Promise<CardRow> {
  const now = ctx.clock.now();
  const [card] = await ctx.db
    .update(savedCards)
    .set({ deleteAfter: null })
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId), isNull(savedCards.deletedAt), gt(savedCards.deleteAfter, now)))
    .returning();
  if (card) return card;
  const existing = await cardById(ctx.db, cardId);
  if (!existing || existing.userId !== userId || existing.deletedAt || !existing.validatedAt)
    throw new AppError("card_not_found", { status: 404 });
  if (existing.deleteAfter === null) return existing;
  throw new AppError("card_undo_expired", { status: 409 });
}

/** The undo window is over: the card is deleted (a restored card has no delete_after and is left alone). */
export async function finishCardDeletion(db: DbOrTx, cardId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(savedCards)
    .set({ deletedAt: now, isDefault: false })
    .where(and(eq(savedCards.id, cardId), isNull(savedCards.deletedAt), lte(savedCards.deleteAfter, now)))
    .returning({ id: savedCards.id });
  return rows.length > 0;
}
