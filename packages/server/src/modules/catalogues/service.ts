import { catalogueSlug, moveItem, sectionsAfterCatalogues } from "@tianguis/domain/rules/catalogue-position";
import { type CatalogueInput, type CatalogueView, catalogueNameMax } from "@tianguis/domain/schemas/catalogue";
import { asc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { products, storeProducts } from "../../db/schema/catalog";
import { catalogueProducts, catalogues } from "../../db/schema/catalogues";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { changeSections, requireShopAdmin, requireShopBySlug } from "../shops/service";
import {
  countCatalogues,
  copyCatalogueProducts,
  freeSlug,
  lockShopCatalogues,
  selectCatalogue,
  selectCatalogueByName,
  selectCatalogues,
  selectPublishedCatalogues,
  toCatalogueView,
} from "./queries";
import { ensureCatalogueItemsInShop } from "./shop-products";
async function shopIdOf(ctx: AppContext, slug: string): Promise<string> {
  return (await requireShopBySlug(ctx.db, slug)).id;
}

export async function listCatalogues(ctx: AppContext, slug: string, options: { offset: number; limit: number; text?: string }) {
  return selectCatalogues(ctx.db, await shopIdOf(ctx, slug), options);
}

/** The marketplace's public catalogues list, heaviest first (storefront-and-admin §2 '/catalogos'). */
export async function listPublishedCatalogues(ctx: AppContext, options: { offset: number; limit: number; name?: string }) {
  return selectPublishedCatalogues(ctx.db, options);
}

export async function getCatalogue(ctx: AppContext, shopId: string, ref: string) {
  const row = await selectCatalogue(ctx.db, shopId, ref);
  if (!row) throw new AppError("catalogue_not_found", { status: 404 });
  return row;
}

export async function readCatalogue(ctx: AppContext, slug: string, ref: string): Promise<CatalogueView> {
  const row = await getCatalogue(ctx, await shopIdOf(ctx, slug), ref);
  return toCatalogueView(row.catalogue, row.count);
}

/** Renumbers the shop's catalogues 0..n-1 in the given order. */
async function writePositions(db: DbOrTx, ids: string[]) {
  for (const [position, id] of ids.entries()) await db.update(catalogues).set({ position }).where(eq(catalogues.id, id));
}

/** Catalogue names are unique in a shop, ignoring case and spaces at the ends (spec §8: a duplicate name is 'Invalid name'). */
async function requireFreeName(db: DbOrTx, shopId: string, name: string, exceptId?: string) {
  const taken = await selectCatalogueByName(db, shopId, name);
  if (taken && taken.id !== exceptId) throw new AppError("catalogue_name_taken", { status: 409, fields: { name: "invalid_name" } });
}

/** `name` when the shop has no catalogue called so, else 'name (2)', 'name (3)'… (a copy without a chosen name). */
async function freeName(db: DbOrTx, shopId: string, name: string): Promise<string> {
  let candidate = name;
  for (let suffix = 2; await selectCatalogueByName(db, shopId, candidate); suffix += 1) {
    candidate = `${name.slice(0, catalogueNameMax - 6)} (${suffix})`;
  }
  return candidate;
}

async function orderedIds(db: DbOrTx, shopId: string): Promise<string[]> {
  const rows = await db
    .select({ id: catalogues.id })
    .from(catalogues)
    .where(eq(catalogues.shopId, shopId))
    .orderBy(asc(catalogues.position), asc(catalogues.createdAt), asc(catalogues.id));
  return rows.map((row) => row.id);
}

/** Creates a catalogue at the end of the list and adds the catalogues section to the shop if missing. */
export async function createCatalogue(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  input: CatalogueInput & { originId?: string },
): Promise<CatalogueView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  return ctx.db.transaction(async (tx) => {
    await lockShopCatalogues(tx, shop.id);
    await requireFreeName(tx, shop.id, input.name);
    const now = ctx.clock.now();
    const count = await countCatalogues(tx, shop.id);
    const [row] = await tx
      .insert(catalogues)
      .values({
        shopId: shop.id,
        name: input.name,
        slug: await freeSlug(tx, shop.id, catalogueSlug(input.name)),
        photo: input.photo ?? null,
        position: count,
        originId: input.originId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await changeSections(tx, shop.id, (sections) => sectionsAfterCatalogues(sections, count + 1));
    return toCatalogueView(row, 0);
  });
}

export async function updateCatalogue(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  id: string,
  input: Partial<CatalogueInput>,
): Promise<CatalogueView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const found = await getCatalogue(ctx, shop.id, id);
  const values: Partial<typeof catalogues.$inferInsert> = { updatedAt: ctx.clock.now() };
  if (input.name !== undefined) {
    await requireFreeName(ctx.db, shop.id, input.name, found.catalogue.id);
    values.name = input.name;
    values.slug = await freeSlug(ctx.db, shop.id, catalogueSlug(input.name), found.catalogue.id);
  }
  if (input.photo !== undefined) values.photo = input.photo;
  const [row] = await ctx.db.update(catalogues).set(values).where(eq(catalogues.id, found.catalogue.id)).returning();
  return toCatalogueView(row, found.count);
}

/**
 * Deletes a catalogue; one that still has products only when forced (spec §7 'force query', §8
 * product_catalogue_has_products). When none remain the catalogues section leaves the shop's sections.
 */
export async function deleteCatalogue(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  id: string,
  options: { force: boolean },
): Promise<{ remaining: number }> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const found = await getCatalogue(ctx, shop.id, id);
  if (found.count > 0 && !options.force) {
    throw new AppError("product_catalogue_has_products", { status: 409, details: { num_products: Number(found.count) } });
  }
  return ctx.db.transaction(async (tx) => {
    await tx.delete(catalogues).where(eq(catalogues.id, found.catalogue.id));
    const ids = await orderedIds(tx, shop.id);
    await writePositions(tx, ids);
    await changeSections(tx, shop.id, (sections) => sectionsAfterCatalogues(sections, ids.length));
    return { remaining: ids.length };
  });
}

/** Drag-to-reorder: the catalogue moves to `position` (zero-based) and the others shift. */
export async function moveCatalogue(ctx: AppContext, slug: string, user: SessionUser | null, id: string, position: number) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const found = await getCatalogue(ctx, shop.id, id);
  return ctx.db.transaction(async (tx) => {
    const ids = await orderedIds(tx, shop.id);
    if (position >= ids.length) throw new AppError("validation_failed", { status: 400, fields: { position: "validation_failed" } });
    await writePositions(tx, moveItem(ids, ids.indexOf(found.catalogue.id), position));
    return selectCatalogues(tx, shop.id, { offset: 0, limit: 100 });
  });
}

/** Duplicates a catalogue (own, or another shop's by slug) with its items; only level-2 users (entrepreneurs with a shop). */
export async function duplicateCatalogue(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  input: { origin_id?: string; origin_slug?: string; origin_shop?: string; name?: string },
): Promise<CatalogueView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  if ((user?.userLevel ?? 0) < 2) throw new AppError("duplicate_needs_level_2", { status: 403 });
  const originShopId = input.origin_shop ? await shopIdOf(ctx, input.origin_shop) : shop.id;
  const origin = await getCatalogue(ctx, originShopId, input.origin_id ?? input.origin_slug ?? "");
  const created = await createCatalogue(ctx, slug, user, {
    name: input.name ?? (await freeName(ctx.db, shop.id, origin.catalogue.name)),
    photo: origin.catalogue.photo,
    originId: origin.catalogue.id,
  });
  await copyCatalogueProducts(ctx.db, { from: origin.catalogue.id, to: created.id, shopId: shop.id, now: ctx.clock.now() });
  await ensureCatalogueItemsInShop(ctx.db, shop.id, created.id);
  return readCatalogue(ctx, slug, created.id);
}

/**
 * For the reseller picker's 'add all': puts a batch of items (checked by the caller) in the shop after its other resold
 * items and, with a catalogue, at its end. Items already there are left alone, so a retried batch adds nothing twice.
 */
export async function addItemsToShop(db: DbOrTx, batch: { shopId: string; productIds: string[]; catalogueId: string | null; now: Date }) {
  if (batch.productIds.length === 0) return;
  const ids = sql`unnest(${`{${batch.productIds.join(",")}}`}::uuid[]) with ordinality as u(id, n)`;
  await db.execute(sql`
    insert into ${storeProducts} (shop_id, product_id, queue_position, added_at)
    select ${batch.shopId}, u.id, (select coalesce(max(queue_position) + 1, 0) from ${storeProducts} where shop_id = ${batch.shopId}) + u.n - 1, ${batch.now}
    from ${ids}
    on conflict do nothing`);
  if (!batch.catalogueId) return;
  await db.execute(sql`
    insert into ${catalogueProducts} (catalogue_id, product_id, queue_position, added_at)
    select ${batch.catalogueId}, u.id, (select count(*) from ${catalogueProducts} where catalogue_id = ${batch.catalogueId}) + u.n - 1, ${batch.now}
    from ${ids}
    on conflict do nothing`);
  await db.update(catalogues).set({ updatedAt: batch.now }).where(eq(catalogues.id, batch.catalogueId));
}

/** When a supplier rejects a reseller: every item of that supplier leaves the reseller's store and its catalogues. */
export async function removeSupplierItemsFromShop(db: DbOrTx, shopId: string, supplierShopId: string) {
  await db.execute(sql`
    delete from ${catalogueProducts} cp using ${catalogues} c, ${products} p
    where cp.catalogue_id = c.id and c.shop_id = ${shopId} and p.id = cp.product_id and p.shop_id = ${supplierShopId}`);
  await db.execute(sql`
    delete from ${storeProducts} sp using ${products} p
    where sp.shop_id = ${shopId} and p.id = sp.product_id and p.shop_id = ${supplierShopId}`);
}
