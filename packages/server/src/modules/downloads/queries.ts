import { and, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { products } from "../../db/schema/catalog";
import { digitalFiles, downloadCounts } from "../../db/schema/downloads";
import { checkouts, orderItems, orders } from "../../db/schema/orders";

export type DigitalFileRow = typeof digitalFiles.$inferSelect;

export async function selectDigitalFile(db: DbOrTx, productId: string): Promise<DigitalFileRow | null> {
  const [row] = await db.select().from(digitalFiles).where(eq(digitalFiles.productId, productId)).limit(1);
  return row ?? null;
}

/** Attaches or replaces an item's file; answers the row it replaced (its stored file is then removed), if any. */
export async function upsertDigitalFile(db: DbOrTx, row: DigitalFileRow): Promise<DigitalFileRow | null> {
  return db.transaction(async (tx) => {
    const [previous] = await tx.select().from(digitalFiles).where(eq(digitalFiles.productId, row.productId)).for("update").limit(1);
    const { productId, ...values } = row;
    await tx.insert(digitalFiles).values(row).onConflictDoUpdate({ target: digitalFiles.productId, set: values });
    return previous ?? null;
  });
}

export async function deleteDigitalFile(db: DbOrTx, productId: string): Promise<DigitalFileRow | null> {
  const [row] = await db.delete(digitalFiles).where(eq(digitalFiles.productId, productId)).returning();
  return row ?? null;
}

/**
 * The digital items of purchases that carry a file, with the order's state and the purchase's payment time.
 * A read model: it joins the checkout module's purchases and the catalog's items (those modules write them).
 */
export async function selectDigitalLines(db: DbOrTx, where: { checkoutIds?: string[]; orderItemId?: string }) {
  return db
    .select({
      orderItemId: orderItems.id,
      orderId: orders.id,
      checkoutId: orders.checkoutId,
      productId: orderItems.productId,
      name: orderItems.name,
      orderState: orders.state,
      paidAt: checkouts.paidAt,
      file: digitalFiles,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(digitalFiles, eq(digitalFiles.productId, orderItems.productId))
    .where(
      and(
        eq(products.type, "digital"),
        isNotNull(checkouts.paidAt),
        where.checkoutIds ? inArray(orders.checkoutId, where.checkoutIds) : undefined,
        where.orderItemId ? eq(orderItems.id, where.orderItemId) : undefined,
      ),
    );
}

export async function selectDownloadsUsed(db: DbOrTx, orderItemIds: string[]): Promise<Map<string, number>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await db.select().from(downloadCounts).where(inArray(downloadCounts.orderItemId, orderItemIds));
  return new Map(rows.map((row) => [row.orderItemId, row.used]));
}

/** Counts one download unless `limit` were passed: a conditional upsert, so parallel requests never go past it. */
export async function countDownload(db: DbOrTx, orderItemId: string, limit: number, now: Date): Promise<number | null> {
  const [row] = await db
    .insert(downloadCounts)
    .values({ orderItemId, used: 1, lastDownloadedAt: now })
    .onConflictDoUpdate({
      target: downloadCounts.orderItemId,
      set: { used: sql`${downloadCounts.used} + 1`, lastDownloadedAt: now },
      setWhere: lt(downloadCounts.used, limit),
    })
    .returning({ used: downloadCounts.used });
  return row?.used ?? null;
}
