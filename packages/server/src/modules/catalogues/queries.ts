import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { catalogueProducts, catalogues } from "../../db/schema/catalogues";

export type CatalogueRow = typeof catalogues.$inferSelect;

const numProducts = sql<number>`(select count(*)::int from ${catalogueProducts} where ${catalogueProducts.catalogueId} = ${catalogues.id})`;

export function toCatalogueView(row: CatalogueRow, count: number): CatalogueView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    photo: row.photo,
    position: row.position,
    num_products: Number(count),
    updated_at: row.updatedAt.toISOString(),
    owner: row.shopId,
    origin_id: row.originId,
  };
}

export async function selectCatalogues(db: DbOrTx, shopId: string, options: { offset: number; limit: number; text?: string }) {
  const where = and(eq(catalogues.shopId, shopId), options.text ? ilike(catalogues.name, `%${options.text.replace(/[%_\\]/g, "\\$&")}%`) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ catalogue: catalogues, count: numProducts })
      .from(catalogues)
      .where(where)
      .orderBy(asc(catalogues.position), asc(catalogues.createdAt), asc(catalogues.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(catalogues).where(where),
  ]);
  return { results: rows.map((row) => toCatalogueView(row.catalogue, row.count)), matches_estimated: Number(total) };
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A catalogue of the shop by id or slug. */
export async function selectCatalogue(db: DbOrTx, shopId: string, ref: string) {
  const match = isUuid(ref) ? or(eq(catalogues.id, ref), eq(catalogues.slug, ref)) : eq(catalogues.slug, ref);
  const [row] = await db.select({ catalogue: catalogues, count: numProducts }).from(catalogues).where(and(eq(catalogues.shopId, shopId), match)).limit(1);
  return row ?? null;
}

export async function countCatalogues(db: DbOrTx, shopId: string): Promise<number> {
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(catalogues).where(eq(catalogues.shopId, shopId));
  return Number(total);
}

/** A slug for `base` not yet used in the shop: base, base-2, base-3… */
export async function freeSlug(db: DbOrTx, shopId: string, base: string, exceptId?: string): Promise<string> {
  const rows = await db.select({ id: catalogues.id, slug: catalogues.slug }).from(catalogues).where(and(eq(catalogues.shopId, shopId), ilike(catalogues.slug, `${base}%`)));
  const taken = new Set(rows.filter((row) => row.id !== exceptId).map((row) => row.slug));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}
