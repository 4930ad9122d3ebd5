import type { SmsEntriesQuery } from "@tianguis/domain/schemas/sms";
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { smsAccounts, smsEntries, smsPayments, smsPurchases } from "../../db/schema/sms";

export type SmsPurchaseRow = typeof smsPurchases.$inferSelect;
export type SmsAttemptRow = typeof smsPayments.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// The ledger
// ---------------------------------------------------------------------------------------------------------------

export async function selectAccount(db: DbOrTx, shopId: string) {
  const [row] = await db.select().from(smsAccounts).where(eq(smsAccounts.shopId, shopId));
  return row ?? null;
}

/** Whether an entry with this source key exists (a send already paid for, a purchase already credited). */
export async function hasEntry(db: DbOrTx, sourceKey: string): Promise<boolean> {
  const rows = await db.select({ id: smsEntries.id }).from(smsEntries).where(eq(smsEntries.sourceKey, sourceKey));
  return rows.length > 0;
}

/**
 * Adds credits to the shop's account (created the first time) and clears its run-out alert, so the next run-out alerts
 * again. Answers the new balance.
 */
export async function addCredits(db: DbOrTx, shopId: string, credits: number, now: Date): Promise<number> {
  const [row] = await db
    .insert(smsAccounts)
    .values({ shopId, balance: credits, updatedAt: now })
    .onConflictDoUpdate({
      target: smsAccounts.shopId,
      set: { balance: sql`${smsAccounts.balance} + ${credits}`, runoutAlertedAt: null, updatedAt: now },
    })
    .returning({ balance: smsAccounts.balance });
  return row.balance;
}

/**
 * Spends one credit when the shop has one: a conditional update, so two sends at once with one credit left find one
 * row to update between them (the second waits for the first's row lock and then sees a zero balance). Answers the new
 * balance, or null when there was no credit.
 */
export async function takeCredit(db: DbOrTx, shopId: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(smsAccounts)
    .set({ balance: sql`${smsAccounts.balance} - 1`, updatedAt: now })
    .where(and(eq(smsAccounts.shopId, shopId), sql`${smsAccounts.balance} > 0`))
    .returning({ balance: smsAccounts.balance });
  return row ? row.balance : null;
}

/** Marks the current run-out alerted; true only for the first caller of this run-out. */
export async function markRunoutAlerted(db: DbOrTx, shopId: string, now: Date): Promise<boolean> {
  await db.insert(smsAccounts).values({ shopId, balance: 0, updatedAt: now }).onConflictDoNothing();
  const rows = await db
    .update(smsAccounts)
    .set({ runoutAlertedAt: now })
    .where(and(eq(smsAccounts.shopId, shopId), eq(smsAccounts.balance, 0), sql`${smsAccounts.runoutAlertedAt} is null`))
    .returning({ shopId: smsAccounts.shopId });
  return rows.length > 0;
}

export async function insertEntry(db: DbOrTx, entry: typeof smsEntries.$inferInsert) {
  const [row] = await db.insert(smsEntries).values(entry).onConflictDoNothing({ target: smsEntries.sourceKey }).returning();
  return row ?? null;
}

export async function selectEntries(db: DbOrTx, shopId: string, query: SmsEntriesQuery) {
  const where = and(eq(smsEntries.shopId, shopId), query.kind ? eq(smsEntries.kind, query.kind) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(smsEntries)
      .where(where)
      .orderBy(desc(smsEntries.createdAt), desc(smsEntries.id))
      .offset(query.offset)
      .limit(query.limit),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(smsEntries)
      .where(where),
  ]);
  return { rows, count: count?.count ?? 0 };
}

/** What the shop sent and bought in all (credits). */
export async function selectTotals(db: DbOrTx, shopId: string) {
  const [row] = await db
    .select({
      sent: sql<number>`coalesce(sum(case when ${smsEntries.kind} = 'send' then -${smsEntries.amount} else 0 end), 0)`.mapWith(Number),
      purchased: sql<number>`coalesce(sum(case when ${smsEntries.kind} = 'purchase' then ${smsEntries.amount} else 0 end), 0)`.mapWith(
        Number,
      ),
    })
    .from(smsEntries)
    .where(eq(smsEntries.shopId, shopId));
  return { sent: row?.sent ?? 0, purchased: row?.purchased ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------------
// Purchases and their payment attempts
// ---------------------------------------------------------------------------------------------------------------

export async function lockPurchase(db: DbOrTx, id: string): Promise<{ state: string } | null> {
  const [row] = await db.select({ state: smsPurchases.state }).from(smsPurchases).where(eq(smsPurchases.id, id)).for("update");
  return row ?? null;
}

export async function insertOpenPurchase(db: DbOrTx, values: typeof smsPurchases.$inferInsert): Promise<SmsPurchaseRow | null> {
  const [row] = await db.insert(smsPurchases).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function selectOpenPurchase(db: DbOrTx, shopId: string, packageId: string): Promise<SmsPurchaseRow | null> {
  const [row] = await db
    .select()
    .from(smsPurchases)
    .where(and(eq(smsPurchases.shopId, shopId), eq(smsPurchases.packageId, packageId), eq(smsPurchases.state, "pending_payment")));
  return row ?? null;
}

export async function selectPurchaseByToken(db: DbOrTx, token: string): Promise<SmsPurchaseRow | null> {
  const [row] = await db.select().from(smsPurchases).where(eq(smsPurchases.paymentToken, token));
  return row ?? null;
}

export async function selectPurchase(db: DbOrTx, id: string): Promise<SmsPurchaseRow | null> {
  const [row] = await db.select().from(smsPurchases).where(eq(smsPurchases.id, id));
  return row ?? null;
}

export async function markPurchasePaid(db: DbOrTx, id: string, paidAt: Date): Promise<SmsPurchaseRow | null> {
  const [row] = await db
    .update(smsPurchases)
    .set({ state: "paid", paidAt })
    .where(and(eq(smsPurchases.id, id), eq(smsPurchases.state, "pending_payment")))
    .returning();
  return row ?? null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function selectAttempt(db: DbOrTx, id: string): Promise<SmsAttemptRow | null> {
  if (!uuidPattern.test(id)) return null;
  const [row] = await db.select().from(smsPayments).where(eq(smsPayments.id, id));
  return row ?? null;
}

export async function selectLastAttempt(db: DbOrTx, purchaseId: string): Promise<SmsAttemptRow | null> {
  const [row] = await db
    .select()
    .from(smsPayments)
    .where(eq(smsPayments.purchaseId, purchaseId))
    .orderBy(desc(smsPayments.createdAt))
    .limit(1);
  return row ?? null;
}

/** A new attempt, unless one is in flight for the purchase (the partial unique index refuses it: null). */
export async function insertAttempt(db: DbOrTx, values: typeof smsPayments.$inferInsert): Promise<SmsAttemptRow | null> {
  const [row] = await db.insert(smsPayments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function expireStaleAttempts(db: DbOrTx, purchaseId: string, status: string, staleBefore: Date): Promise<void> {
  await db
    .update(smsPayments)
    .set({ status: "expired", failureCode: "abandoned" })
    .where(and(eq(smsPayments.purchaseId, purchaseId), eq(smsPayments.status, status), lte(smsPayments.createdAt, staleBefore)));
}

/** Moves an attempt from one of `from` to `values.status`; null when it was no longer there. */
export async function moveAttempt(
  db: DbOrTx,
  id: string,
  from: string[],
  values: { status: string; providerRef?: string; failureCode?: string },
): Promise<SmsAttemptRow | null> {
  const [row] = await db
    .update(smsPayments)
    .set(values)
    .where(and(eq(smsPayments.id, id), inArray(smsPayments.status, from)))
    .returning();
  return row ?? null;
}
