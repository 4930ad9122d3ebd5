import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { advisors, shopSupport } from "../../db/schema/support";

export type AdvisorRow = typeof advisors.$inferSelect;
export type ShopSupportRow = typeof shopSupport.$inferSelect;

export async function selectAdvisor(db: DbOrTx, userId: string): Promise<AdvisorRow | null> {
  const [row] = await db.select().from(advisors).where(eq(advisors.userId, userId)).limit(1);
  return row ?? null;
}

/** The platform's advisors, oldest first: the first one answers shops that have none assigned. */
export function selectAdvisors(db: DbOrTx): Promise<AdvisorRow[]> {
  return db.select().from(advisors).orderBy(asc(advisors.createdAt), asc(advisors.userId));
}

export async function selectShopSupport(db: DbOrTx, shopId: string): Promise<ShopSupportRow | null> {
  const [row] = await db.select().from(shopSupport).where(eq(shopSupport.shopId, shopId)).limit(1);
  return row ?? null;
}

/** Stamps the advisor's heartbeat; null when the user is not an advisor. */
export async function updateHeartbeat(db: DbOrTx, userId: string, at: Date): Promise<Date | null> {
  const [row] = await db
    .update(advisors)
    .set({ lastHeartbeatAt: at })
    .where(eq(advisors.userId, userId))
    .returning({ at: advisors.lastHeartbeatAt });
  return row?.at ?? null;
}

export async function upsertShopSupport(
  db: DbOrTx,
  shopId: string,
  values: { advisorId: string | null; franchiseSupportUrl: string | null; affiliateSupportUrl: string | null },
  now: Date,
) {
  await db
    .insert(shopSupport)
    .values({ shopId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: shopSupport.shopId, set: { ...values, updatedAt: now } });
}

export async function advisorExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(advisors)
    .where(eq(advisors.userId, userId))
    .limit(1);
  return row !== undefined;
}
