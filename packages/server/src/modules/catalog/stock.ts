import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { products } from "../../db/schema/catalog";

/** Takes `quantity` units in the caller's transaction: a conditional update, so stock never goes negative under races. */
export async function takeStock(db: DbOrTx, productId: string, quantity: number): Promise<boolean> {
  const taken = await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.stock, quantity)))
    .returning({ id: products.id });
  return taken.length === 1;
}

/** Gives reserved units back (an unpaid purchase expired). */
export async function releaseStock(db: DbOrTx, productId: string, quantity: number): Promise<void> {
  await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}` })
    .where(eq(products.id, productId));
}
