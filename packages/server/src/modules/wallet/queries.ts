import type { WalletEntriesQuery } from "@tianguis/domain/schemas/wallet";
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { walletEntries, walletPayoutAccounts, walletPayouts, wallets } from "../../db/schema/wallet";

export type WalletRow = typeof wallets.$inferSelect;
export type PayoutRow = typeof walletPayouts.$inferSelect;
export type EntryInput = Omit<typeof walletEntries.$inferInsert, "walletId" | "balanceAfter" | "createdAt">;

/** The user's wallet in a currency, created empty the first time, and locked (FOR UPDATE) until the transaction ends. */
export async function lockWalletOf(db: DbOrTx, userId: string, currency: string, now: Date): Promise<WalletRow> {
  await db.insert(wallets).values({ userId, currency, createdAt: now, updatedAt: now }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, currency)))
    .for("update");
  return row as WalletRow;
}

export async function lockWalletById(db: DbOrTx, walletId: string): Promise<WalletRow | null> {
  const [row] = await db.select().from(wallets).where(eq(wallets.id, walletId)).for("update");
  return row ?? null;
}

/**
 * Appends one entry to a locked wallet and moves its balance by the entry's amount. Answers the new balance, or null
 * when an entry with the same source key exists (a replay: nothing changes). The caller checked the balance stays ≥ 0;
 * the table's check constraint refuses it anyway.
 */
export async function appendEntry(db: DbOrTx, wallet: WalletRow, entry: EntryInput, now: Date): Promise<number | null> {
  const balanceAfter = wallet.balance + entry.amount;
  const [inserted] = await db
    .insert(walletEntries)
    .values({ ...entry, walletId: wallet.id, balanceAfter, createdAt: now })
    .onConflictDoNothing({ target: walletEntries.sourceKey })
    .returning({ id: walletEntries.id });
  if (!inserted) return null;
  await db.update(wallets).set({ balance: balanceAfter, updatedAt: now }).where(eq(wallets.id, wallet.id));
  wallet.balance = balanceAfter;
  return balanceAfter;
}

export async function selectWallet(db: DbOrTx, userId: string, currency: string): Promise<WalletRow | null> {
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, currency)));
  return row ?? null;
}

export async function selectCurrencies(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ currency: wallets.currency }).from(wallets).where(eq(wallets.userId, userId)).orderBy(wallets.currency);
  return rows.map((row) => row.currency);
}

export async function selectInTransit(db: DbOrTx, walletId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${walletPayouts.amount}), 0)`.mapWith(Number) })
    .from(walletPayouts)
    .where(and(eq(walletPayouts.walletId, walletId), inArray(walletPayouts.state, ["requested", "sent"])));
  return row?.total ?? 0;
}

/** A wallet's movements, newest first, with each payout's state; `to` is inclusive (the whole day, UTC). */
export async function selectEntries(db: DbOrTx, walletId: string, query: WalletEntriesQuery) {
  const conditions = [eq(walletEntries.walletId, walletId)];
  if (query.kind) conditions.push(eq(walletEntries.kind, query.kind));
  if (query.from) conditions.push(gte(walletEntries.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(walletEntries.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({ entry: walletEntries, payoutState: walletPayouts.state })
      .from(walletEntries)
      .leftJoin(walletPayouts, eq(walletPayouts.id, walletEntries.payoutId))
      .where(where)
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
      .offset(query.offset)
      .limit(query.limit),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(walletEntries)
      .where(where),
  ]);
  return { rows, count: count?.count ?? 0 };
}

export async function selectPayoutAccount(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(walletPayoutAccounts).where(eq(walletPayoutAccounts.userId, userId));
  return row ?? null;
}

export async function upsertPayoutAccount(db: DbOrTx, values: typeof walletPayoutAccounts.$inferInsert) {
  const [row] = await db
    .insert(walletPayoutAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: walletPayoutAccounts.userId,
      set: {
        clabe: values.clabe,
        bankCode: values.bankCode,
        holderName: values.holderName,
        verifiedAt: values.verifiedAt,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row;
}

export async function selectPayoutByRequest(db: DbOrTx, walletId: string, requestId: string): Promise<PayoutRow | null> {
  const [row] = await db
    .select()
    .from(walletPayouts)
    .where(and(eq(walletPayouts.walletId, walletId), eq(walletPayouts.requestId, requestId)));
  return row ?? null;
}

export async function selectPayout(db: DbOrTx, payoutId: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(walletPayouts).where(eq(walletPayouts.id, payoutId));
  return row ?? null;
}

export async function insertPayout(db: DbOrTx, values: typeof walletPayouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await db.insert(walletPayouts).values(values).returning();
  return row as PayoutRow;
}

/** requested → sent with the provider's reference (a conditional update: a webhook may have settled it already). */
export async function markSent(db: DbOrTx, payoutId: string, ref: string, now: Date) {
  await db
    .update(walletPayouts)
    .set({ state: "sent", providerRef: ref, sentAt: now })
    .where(and(eq(walletPayouts.id, payoutId), eq(walletPayouts.state, "requested")));
}

/** requested or sent → settled or failed, once: answers the row when this call moved it, null when it had moved already. */
export async function finishPayout(db: DbOrTx, payoutId: string, to: "settled" | "failed", code: string | null, now: Date) {
  const [row] = await db
    .update(walletPayouts)
    .set(to === "settled" ? { state: "settled", settledAt: now } : { state: "failed", failureCode: code })
    .where(and(eq(walletPayouts.id, payoutId), inArray(walletPayouts.state, ["requested", "sent"])))
    .returning();
  return row ?? null;
}

/** Payouts still requested (the provider did not answer when they were asked), oldest first, for the resend job. */
export async function selectRequestedPayouts(db: DbOrTx, before: Date) {
  return db
    .select({ id: walletPayouts.id })
    .from(walletPayouts)
    .where(and(eq(walletPayouts.state, "requested"), lt(walletPayouts.createdAt, before)))
    .orderBy(walletPayouts.createdAt)
    .limit(50);
}
