import { and, asc, count, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { productImportPhotos, productImportRows, productImports } from "../../db/schema/imports";

/** The imports module's SQL over its own two tables. */

export type ImportRow = typeof productImports.$inferSelect;
export type ImportLine = typeof productImportRows.$inferSelect;

export async function selectImport(db: DbOrTx, shopId: string, id: string): Promise<ImportRow | null> {
  const [row] = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.id, id), eq(productImports.shopId, shopId)))
    .limit(1);
  return row ?? null;
}

export async function selectImportById(db: DbOrTx, id: string): Promise<ImportRow | null> {
  const [row] = await db.select().from(productImports).where(eq(productImports.id, id)).limit(1);
  return row ?? null;
}

export async function selectImports(db: DbOrTx, shopId: string, page: { offset: number; limit: number }) {
  const where = eq(productImports.shopId, shopId);
  const rows = await db
    .select()
    .from(productImports)
    .where(where)
    .orderBy(desc(productImports.createdAt), desc(productImports.id))
    .offset(page.offset)
    .limit(page.limit);
  const [{ total }] = await db.select({ total: count() }).from(productImports).where(where);
  return { rows, total: Number(total) };
}

/** Rejected rows in line order: the first `limit` (the view) or all (the file). */
export async function selectRejectedLines(db: DbOrTx, importId: string, limit?: number): Promise<ImportLine[]> {
  const query = db
    .select()
    .from(productImportRows)
    .where(and(eq(productImportRows.importId, importId), isNotNull(productImportRows.code)))
    .orderBy(asc(productImportRows.line));
  return limit === undefined ? query : query.limit(limit);
}

/** The next valid rows after line `cursor`, in line order. */
export async function selectValidLines(db: DbOrTx, importId: string, cursor: number, limit: number): Promise<ImportLine[]> {
  return db
    .select()
    .from(productImportRows)
    .where(and(eq(productImportRows.importId, importId), gt(productImportRows.line, cursor), isNull(productImportRows.code)))
    .orderBy(asc(productImportRows.line))
    .limit(limit);
}

/** The import's row, locked until the transaction ends: one batch of an import at a time, however many runners. */
export async function lockImport(db: DbOrTx, id: string): Promise<ImportRow | null> {
  const [row] = await db.select().from(productImports).where(eq(productImports.id, id)).for("update").limit(1);
  return row ?? null;
}

/** A photo the import's rows name inside its ZIP, as kept at the dry run. */
export async function selectImportPhoto(db: DbOrTx, importId: string, name: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: productImportPhotos.data })
    .from(productImportPhotos)
    .where(and(eq(productImportPhotos.importId, importId), eq(productImportPhotos.name, name)))
    .limit(1);
  return row?.data ?? null;
}

/** The import's ZIP photos, once its job has stored every row's. */
export async function deleteImportPhotos(db: DbOrTx, importId: string): Promise<void> {
  await db.delete(productImportPhotos).where(eq(productImportPhotos.importId, importId));
}
