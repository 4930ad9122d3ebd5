import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { shopPages } from "../../db/schema/shop-pages";

export type ShopPageRow = typeof shopPages.$inferSelect;

export async function selectShopPages(db: DbOrTx, shopId: string): Promise<ShopPageRow[]> {
  return db.select().from(shopPages).where(eq(shopPages.shopId, shopId));
}

export async function upsertShopPage(db: DbOrTx, row: { shopId: string; page: string; title: string; body: string; now: Date }) {
  const [saved] = await db
    .insert(shopPages)
    .values({ shopId: row.shopId, page: row.page, title: row.title, body: row.body, updatedAt: row.now })
    .onConflictDoUpdate({
      target: [shopPages.shopId, shopPages.page],
      set: { title: row.title, body: row.body, updatedAt: row.now },
    })
    .returning();
  return saved;
}

export async function deleteShopPage(db: DbOrTx, shopId: string, page: string): Promise<void> {
  await db.delete(shopPages).where(and(eq(shopPages.shopId, shopId), eq(shopPages.page, page)));
}

/**
 * The owner's e-mail, phone and language: read here (a read model may join) because the contact form writes to the
 * owner and the default texts name the owner's e-mail when the shop has no contact e-mail of its own.
 */
export async function selectOwnerContact(db: DbOrTx, ownerId: string) {
  const [owner] = await db
    .select({ email: users.email, phone: users.phone, locale: users.locale })
    .from(users)
    .where(eq(users.id, ownerId));
  return owner ?? null;
}
