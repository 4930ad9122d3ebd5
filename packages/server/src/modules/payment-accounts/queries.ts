import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { paymentAccounts, paymentModes } from "../../db/schema/payment-accounts";

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

export async function selectAccounts(db: DbOrTx, shopIds: string[]): Promise<PaymentAccountRow[]> {
  if (shopIds.length === 0) return [];
  return db.select().from(paymentAccounts).where(inArray(paymentAccounts.shopId, shopIds));
}

export async function selectAccount(db: DbOrTx, shopId: string, provider: string): Promise<PaymentAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.shopId, shopId), eq(paymentAccounts.provider, provider)));
  return row;
}

export async function selectAccountById(db: DbOrTx, id: string): Promise<PaymentAccountRow | undefined> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.id, id));
  return row;
}

/** The shops in live mode among `shopIds`. */
export async function selectLiveShops(db: DbOrTx, shopIds: string[]): Promise<Set<string>> {
  if (shopIds.length === 0) return new Set();
  const rows = await db
    .select({ shopId: paymentModes.shopId })
    .from(paymentModes)
    .where(and(inArray(paymentModes.shopId, shopIds), eq(paymentModes.live, true)));
  return new Set(rows.map((row) => row.shopId));
}

export async function upsertAccount(db: DbOrTx, values: typeof paymentAccounts.$inferInsert): Promise<PaymentAccountRow> {
  const [row] = await db
    .insert(paymentAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: [paymentAccounts.shopId, paymentAccounts.provider],
      set: {
        publicKey: values.publicKey,
        merchantId: values.merchantId,
        sealedSecrets: values.sealedSecrets,
        secretHint: values.secretHint,
        webhookHint: values.webhookHint,
        status: "untested",
        lastError: null,
        checkedAt: null,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row;
}

export async function updateAccountStatus(
  db: DbOrTx,
  id: string,
  values: { status: "connected" | "failed"; lastError: string | null; checkedAt: Date },
): Promise<PaymentAccountRow | undefined> {
  const [row] = await db.update(paymentAccounts).set(values).where(eq(paymentAccounts.id, id)).returning();
  return row;
}

export async function deleteAccount(db: DbOrTx, shopId: string, provider: string): Promise<boolean> {
  const deleted = await db
    .delete(paymentAccounts)
    .where(and(eq(paymentAccounts.shopId, shopId), eq(paymentAccounts.provider, provider)))
    .returning({ id: paymentAccounts.id });
  return deleted.length > 0;
}

export async function upsertMode(db: DbOrTx, shopId: string, live: boolean, now: Date): Promise<void> {
  await db
    .insert(paymentModes)
    .values({ shopId, live, updatedAt: now })
    .onConflictDoUpdate({ target: paymentModes.shopId, set: { live, updatedAt: now } });
}
