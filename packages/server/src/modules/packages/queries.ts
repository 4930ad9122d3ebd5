import { and, desc, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { packagePayments, packagePurchases, signupIntents } from "../../db/schema/packages";

/** SQL of the packages module: its three tables only. */

export type PurchaseRow = typeof packagePurchases.$inferSelect;
export type AttemptRow = typeof packagePayments.$inferSelect;
export type SignupIntentRow = typeof signupIntents.$inferSelect;

/** The user's paid purchase that runs longest after `now` (the package held), or null. */
export async function selectHeldPurchase(db: DbOrTx, userId: string, now: Date): Promise<PurchaseRow | null> {
  const [row] = await db
    .select()
    .from(packagePurchases)
    .where(and(eq(packagePurchases.userId, userId), eq(packagePurchases.state, "paid"), gt(packagePurchases.validUntil, now)))
    .orderBy(desc(packagePurchases.validUntil))
    .limit(1);
  return row ?? null;
}

/** Locks every purchase of the user (in id order), so two payments of one user settle one after the other. */
export async function lockUserPurchases(db: DbOrTx, userId: string): Promise<void> {
  await db
    .select({ id: packagePurchases.id })
    .from(packagePurchases)
    .where(eq(packagePurchases.userId, userId))
    .orderBy(packagePurchases.id)
    .for("update");
}

export async function lockPurchase(db: DbOrTx, id: string): Promise<{ state: string } | null> {
  const [row] = await db.select({ state: packagePurchases.state }).from(packagePurchases).where(eq(packagePurchases.id, id)).for("update");
  return row ?? null;
}

export async function insertOpenPurchase(db: DbOrTx, values: typeof packagePurchases.$inferInsert): Promise<PurchaseRow | null> {
  const [row] = await db.insert(packagePurchases).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function selectOpenPurchase(db: DbOrTx, userId: string, packageId: string): Promise<PurchaseRow | null> {
  const [row] = await db
    .select()
    .from(packagePurchases)
    .where(
      and(eq(packagePurchases.userId, userId), eq(packagePurchases.packageId, packageId), eq(packagePurchases.state, "pending_payment")),
    );
  return row ?? null;
}

export async function selectPurchaseByToken(db: DbOrTx, token: string): Promise<PurchaseRow | null> {
  const [row] = await db.select().from(packagePurchases).where(eq(packagePurchases.paymentToken, token));
  return row ?? null;
}

export async function selectPurchase(db: DbOrTx, id: string): Promise<PurchaseRow | null> {
  const [row] = await db.select().from(packagePurchases).where(eq(packagePurchases.id, id));
  return row ?? null;
}

export async function markPurchasePaid(
  db: DbOrTx,
  id: string,
  values: { paidAt: Date; validFrom: Date; validUntil: Date },
): Promise<PurchaseRow | null> {
  const [row] = await db
    .update(packagePurchases)
    .set({ state: "paid", ...values })
    .where(and(eq(packagePurchases.id, id), eq(packagePurchases.state, "pending_payment")))
    .returning();
  return row ?? null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function selectAttempt(db: DbOrTx, id: string): Promise<AttemptRow | null> {
  if (!uuidPattern.test(id)) return null;
  const [row] = await db.select().from(packagePayments).where(eq(packagePayments.id, id));
  return row ?? null;
}

/** The newest attempt of a purchase, for its failure code. */
export async function selectLastAttempt(db: DbOrTx, purchaseId: string): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(packagePayments)
    .where(eq(packagePayments.purchaseId, purchaseId))
    .orderBy(desc(packagePayments.createdAt))
    .limit(1);
  return row ?? null;
}

/** A new attempt, unless one is in flight for the purchase (the partial unique index refuses it: null). */
export async function insertAttempt(db: DbOrTx, values: typeof packagePayments.$inferInsert): Promise<AttemptRow | null> {
  const [row] = await db.insert(packagePayments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Gives up the purchase's attempts in `status` since before `staleBefore` (a request that died, a 3-D Secure left open). */
export async function expireStaleAttempts(db: DbOrTx, purchaseId: string, status: string, staleBefore: Date): Promise<void> {
  await db
    .update(packagePayments)
    .set({ status: "expired", failureCode: "abandoned" })
    .where(
      and(eq(packagePayments.purchaseId, purchaseId), eq(packagePayments.status, status), lte(packagePayments.createdAt, staleBefore)),
    );
}

/** Moves an attempt from one of `from` to `values.status`; null when it was no longer there (settled, failed or given up). */
export async function moveAttempt(
  db: DbOrTx,
  id: string,
  from: string[],
  values: { status: string; providerRef?: string; failureCode?: string },
): Promise<AttemptRow | null> {
  const [row] = await db
    .update(packagePayments)
    .set(values)
    .where(and(eq(packagePayments.id, id), inArray(packagePayments.status, from)))
    .returning();
  return row ?? null;
}

export async function upsertSignupIntent(db: DbOrTx, values: typeof signupIntents.$inferInsert): Promise<void> {
  await db
    .insert(signupIntents)
    .values(values)
    .onConflictDoUpdate({ target: signupIntents.userId, set: { ...values, appliedAt: null } });
}

/** The intent not yet applied, marked applied in the same statement (an activation reads it once). */
export async function takeSignupIntent(db: DbOrTx, userId: string, now: Date): Promise<SignupIntentRow | null> {
  const [row] = await db
    .update(signupIntents)
    .set({ appliedAt: now })
    .where(and(eq(signupIntents.userId, userId), isNull(signupIntents.appliedAt)))
    .returning();
  return row ?? null;
}

export async function deleteSignupIntent(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(signupIntents).where(eq(signupIntents.userId, userId));
}

/** paid → refunded, once: null when the purchase was not paid (never, or refunded already). */
export async function markPurchaseRefunded(db: DbOrTx, id: string): Promise<PurchaseRow | null> {
  const [row] = await db
    .update(packagePurchases)
    .set({ state: "refunded" })
    .where(and(eq(packagePurchases.id, id), eq(packagePurchases.state, "paid")))
    .returning();
  return row ?? null;
}

/** The attempt that paid a purchase, for its gateway reference. */
export async function selectPaidAttempt(db: DbOrTx, purchaseId: string): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(packagePayments)
    .where(and(eq(packagePayments.purchaseId, purchaseId), eq(packagePayments.status, "succeeded")));
  return row ?? null;
}
