import { and, asc, eq, exists, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { pageRead } from "../../http/page-reads";
import { users } from "../../db/schema/accounts";
import { paymentModes } from "../../db/schema/payment-accounts";
import { shopMembers, shops } from "../../db/schema/shops";

export type ShopRow = typeof shops.$inferSelect;

/** A shop with its owner's name and photo; shared by a server-rendered page's calls (http/page-reads.ts). */
export async function selectShop(db: DbOrTx, where: { slug?: string; id?: string; domain?: string }) {
  const key = where.id ? `id:${where.id}` : where.domain ? `domain:${where.domain}` : `slug:${(where.slug ?? "").toLowerCase()}`;
  return pageRead(db, `shop:${key}`, () => selectShopRow(db, where));
}

async function selectShopRow(db: DbOrTx, where: { slug?: string; id?: string; domain?: string }) {
  const condition = where.id
    ? eq(shops.id, where.id)
    : where.domain
      ? eq(shops.canonicalDomain, where.domain)
      : eq(sql`lower(${shops.slug})`, (where.slug ?? "").toLowerCase());
  // The payment mode is the payment-accounts module's table, read here so the shop's admins see whether it charges live.
  const [row] = await db
    .select({
      shop: shops,
      ownerName: users.fullName,
      ownerPhoto: users.image,
      paymentsLive: sql<boolean>`coalesce(${paymentModes.live}, false)`,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .leftJoin(paymentModes, eq(paymentModes.shopId, shops.id))
    .where(condition)
    .limit(1);
  return row ?? null;
}

export async function selectMemberRoles(db: DbOrTx, shopId: string, userId: string): Promise<string[]> {
  return pageRead(db, `roles:${shopId}:${userId}`, () => selectMemberRoleRows(db, shopId, userId));
}

async function selectMemberRoleRows(db: DbOrTx, shopId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ role: shopMembers.role })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)));
  return rows.map((row) => row.role);
}

/** Whether `userId` owns the shop (by slug, any letter case, or canonical domain) or has any role in it. */
export async function selectHasShopRole(db: DbOrTx, where: { slug: string } | { domain: string }, userId: string): Promise<boolean> {
  const shop = "domain" in where ? eq(shops.canonicalDomain, where.domain) : eq(sql`lower(${shops.slug})`, where.slug.toLowerCase());
  const member = db
    .select({ one: sql`1` })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shops.id), eq(shopMembers.userId, userId)));
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(shop, or(eq(shops.ownerId, userId), exists(member))))
    .limit(1);
  return rows.length > 0;
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

/** The lower-cased slugs among `candidates` that some shop already uses (slugs compare in any letter case). */
export async function selectTakenSlugs(db: DbOrTx, candidates: string[]): Promise<string[]> {
  if (candidates.length === 0) return [];
  const rows = await db
    .select({ slug: sql<string>`lower(${shops.slug})` })
    .from(shops)
    .where(inArray(sql`lower(${shops.slug})`, candidates));
  return rows.map((row) => row.slug);
}

/** Inserts an affiliate shop; null when the slug was taken meanwhile. */
export async function insertAffiliateShop(
  db: DbOrTx,
  ownerId: string,
  shop: { slug: string; name: string },
  storeType: "affiliate" | null = "affiliate",
) {
  const [row] = await db
    .insert(shops)
    .values({ slug: shop.slug, name: shop.name, ownerId, storeType })
    .onConflictDoNothing()
    .returning({ id: shops.id, slug: shops.slug, name: shops.name });
  return row ?? null;
}

/** The shops a user owns, oldest first. */
export async function selectOwnedShops(db: DbOrTx, ownerId: string) {
  return db
    .select({ id: shops.id, slug: shops.slug, name: shops.name })
    .from(shops)
    .where(eq(shops.ownerId, ownerId))
    .orderBy(asc(shops.createdAt));
}

/** Sets the disabled flag only if it changes (a conditional update): false when the shop was already in that state. */
export async function updateShopDisabled(db: DbOrTx, shopId: string, disabled: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(shops)
    .set({ disabled, updatedAt: now })
    .where(and(eq(shops.id, shopId), eq(shops.disabled, !disabled)))
    .returning({ id: shops.id });
  return rows.length > 0;
}
