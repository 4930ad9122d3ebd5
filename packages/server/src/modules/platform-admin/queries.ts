import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { shops } from "../../db/schema/shops";
import { platformAdmins, shopDisablements, shopSupport } from "../../db/schema/support";

export async function platformAdminExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(platformAdmins)
    .where(eq(platformAdmins.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The disablement in force for a shop, if any. */
export async function selectOpenDisablement(db: DbOrTx, shopId: string) {
  const [row] = await db
    .select()
    .from(shopDisablements)
    .where(and(eq(shopDisablements.shopId, shopId), isNull(shopDisablements.enabledAt)))
    .limit(1);
  return row ?? null;
}

/** A new disablement; null when one is already open for the shop (the partial unique index). */
export async function insertDisablement(db: DbOrTx, values: { shopId: string; reason: string; disabledBy: string; disabledAt: Date }) {
  const [row] = await db.insert(shopDisablements).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function closeDisablement(db: DbOrTx, shopId: string, enabledBy: string, enabledAt: Date) {
  await db
    .update(shopDisablements)
    .set({ enabledBy, enabledAt })
    .where(and(eq(shopDisablements.shopId, shopId), isNull(shopDisablements.enabledAt)));
}

/**
 * The platform admin's shop list: a read model joining each shop with its owner, its support settings and its open
 * disablement (those tables are written by shops, support and this module respectively).
 */
export async function selectPlatformShops(
  db: DbOrTx,
  filter: { q?: string; state: "all" | "disabled" | "enabled"; slug?: string },
  page: { offset: number; limit: number },
) {
  const conditions = [];
  if (filter.slug) conditions.push(eq(sql`lower(${shops.slug})`, filter.slug.toLowerCase()));
  if (filter.q) {
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(sql`(lower(${shops.name}) like ${pattern} or lower(${shops.slug}) like ${pattern})`);
  }
  if (filter.state !== "all") conditions.push(eq(shops.disabled, filter.state === "disabled"));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({
      shop: { id: shops.id, slug: shops.slug, name: shops.name, storeType: shops.storeType, disabled: shops.disabled },
      ownerName: users.fullName,
      ownerUsername: users.username,
      reason: shopDisablements.reason,
      disabledAt: shopDisablements.disabledAt,
      advisorId: shopSupport.advisorId,
      franchiseSupportUrl: shopSupport.franchiseSupportUrl,
      affiliateSupportUrl: shopSupport.affiliateSupportUrl,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .leftJoin(shopDisablements, and(eq(shopDisablements.shopId, shops.id), isNull(shopDisablements.enabledAt)))
    .leftJoin(shopSupport, eq(shopSupport.shopId, shops.id))
    .where(where)
    .orderBy(desc(shops.disabled), shops.name, shops.id)
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shops)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export type PlatformShopRow = Awaited<ReturnType<typeof selectPlatformShops>>["rows"][number];
