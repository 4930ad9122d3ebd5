import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { shopMembers, shops } from "../../db/schema/shops";

export type ShopRow = typeof shops.$inferSelect;

export async function selectShop(db: DbOrTx, where: { slug?: string; id?: string; domain?: string }) {
  const condition = where.id ? eq(shops.id, where.id) : where.domain ? eq(shops.canonicalDomain, where.domain) : eq(sql`lower(${shops.slug})`, (where.slug ?? "").toLowerCase());
  const [row] = await db
    .select({ shop: shops, ownerName: users.fullName, ownerPhoto: users.image })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(condition)
    .limit(1);
  return row ?? null;
}

export async function selectMemberRoles(db: DbOrTx, shopId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ role: shopMembers.role })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)));
  return rows.map((row) => row.role);
}

export async function selectFeaturedShops(db: DbOrTx, limit: number) {
  return db
    .select({ shop: shops, ownerName: users.fullName, ownerPhoto: users.image })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(shops.disabled, false))
    .orderBy(shops.createdAt)
    .limit(limit);
}
