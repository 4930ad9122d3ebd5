import {
  type ProductInput,
  productInput,
  productPhotoMaxBytes,
  productPhotoTypes,
  productPhotosMax,
} from "@tianguis/domain/rules/product-form";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { pickFields } from "@tianguis/domain/rules/audit";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { productImages, products } from "../../db/schema/catalog";
import { fieldCodeOf } from "@tianguis/domain/messages/field-codes";
import { AppError, type FieldCodes } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { recordChange } from "../audit/service";
import { deleteStoredFile, storeProductImage } from "../gallery/service";
import { requireShopAdmin } from "../shops/service";
import { invalidateCatalogCache } from "./cache";
import { slugify } from "./slugs";
import { getShopProduct, requireOwnProduct } from "./service";
import type { ProductRow } from "./views";

/** zod issues of the product form → { field: code } for the API's field errors. */
function validate(value: unknown): ProductInput {
  const parsed = productInput.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: FieldCodes = {};
  for (const issue of parsed.error.issues) fields[issue.path.join(".") || "body"] ??= fieldCodeOf(issue);
  throw new AppError("validation_failed", { status: 400, fields });
}

function columnsOf(input: ProductInput) {
  return {
    type: input.type,
    mainType: input.main_type,
    name: input.name,
    description: input.description,
    listPrice: input.is_free ? 0 : input.list_price,
    crossoutPrice: input.crossout_price,
    hidePrice: input.hide_price,
    isFree: input.is_free,
    isDropshipping: input.is_dropshipping,
    contributionMargin: input.contribution_margin,
    stockType: input.stock_type,
    stock: input.stock_type === "ondemand" ? null : input.stock,
    maxPurchaseAmount: input.max_purchase_amount,
    experienceDate: input.experience_date ? new Date(input.experience_date) : null,
    variants: input.variants,
    returnInfo: input.return_info,
    listState: input.list_state,
    category: input.category || null,
    satProductKey: input.sat_product_key || null,
    satUnitKey: input.sat_unit_key || null,
    weightGrams: input.weight_grams,
    lengthCm: input.package_cm?.length ?? null,
    widthCm: input.package_cm?.width ?? null,
    heightCm: input.package_cm?.height ?? null,
  };
}

function inputOf(row: ProductRow): Record<string, unknown> {
  return {
    type: row.type,
    main_type: row.mainType,
    name: row.name,
    description: row.description,
    list_price: row.listPrice,
    crossout_price: row.crossoutPrice,
    hide_price: row.hidePrice,
    is_free: row.isFree,
    is_dropshipping: row.isDropshipping,
    contribution_margin: row.contributionMargin,
    stock_type: row.stockType,
    stock: row.stock,
    max_purchase_amount: row.maxPurchaseAmount,
    experience_date: row.experienceDate?.toISOString() ?? null,
    variants: row.variants,
    return_info: row.returnInfo,
    list_state: row.listState,
    category: row.category,
    sat_product_key: row.satProductKey,
    sat_unit_key: row.satUnitKey,
    weight_grams: row.weightGrams,
    package_cm: row.lengthCm === null ? null : { length: row.lengthCm, width: row.widthCm, height: row.heightCm },
  };
}

export async function createShopProduct(ctx: AppContext, slug: string, user: SessionUser | null, body: unknown): Promise<ProductView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const input = validate(body);
  const base = slugify(input.name);
  const id = await ctx.db.transaction(async (tx) => {
    const [{ taken }] = await tx
      .select({ taken: count() })
      .from(products)
      .where(and(eq(products.shopId, shop.id), sql`${products.slug} ~ ${`^${base}(-[0-9]+)?$`}`));
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${products.queuePosition}) + 1, 0)::int` })
      .from(products)
      .where(eq(products.shopId, shop.id));
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(products)
      .values({
        shopId: shop.id,
        slug: Number(taken) === 0 ? base : `${base}-${Number(taken) + 1}`,
        queuePosition: Number(next),
        createdAt: now,
        updatedAt: now,
        ...columnsOf(input),
      })
      .returning();
    await recordProductChange(tx, shop.id, row.id, null, row, now);
    return row.id;
  });
  invalidateCatalogCache();
  return getShopProduct(ctx, null, id);
}

export async function updateShopProduct(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  productId: string,
  patch: Record<string, unknown>,
): Promise<ProductView> {
  const { product } = await requireOwnProduct(ctx, slug, user, productId);
  const input = validate({ ...inputOf(product), ...patch });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ ...columnsOf(input), updatedAt: now })
      .where(eq(products.id, product.id))
      .returning();
    await recordProductChange(tx, product.shopId, product.id, product, row, now);
  });
  invalidateCatalogCache();
  return getShopProduct(ctx, null, product.id);
}

/** The price fields, which the audit log keeps as a kind of change of their own ('price'), apart from the rest. */
const priceFields = ["listPrice", "crossoutPrice", "hidePrice", "isFree"] as const;
const productFields = [
  "name",
  "type",
  "mainType",
  "description",
  "isDropshipping",
  "contributionMargin",
  "stockType",
  "stock",
  "maxPurchaseAmount",
  "experienceDate",
  "variants",
  "returnInfo",
  "listState",
  "category",
  "satProductKey",
  "satUnitKey",
  "weightGrams",
  "lengthCm",
  "widthCm",
  "heightCm",
] as const;

/** A product's creation (one 'product' entry with its price) or its edit (a 'price' and a 'product' entry, each if changed). */
async function recordProductChange(tx: DbOrTx, shopId: string, id: string, before: ProductRow | null, after: ProductRow, now: Date) {
  const entry = { shopId, entityId: id, entityLabel: after.name };
  if (!before) {
    const created = pickFields(after, [...productFields, ...priceFields]);
    await recordChange(tx, { ...entry, kind: "product", action: "create", before: null, after: created }, now);
    return;
  }
  const price = { before: pickFields(before, priceFields), after: pickFields(after, priceFields) };
  await recordChange(tx, { ...entry, kind: "price", action: "update", ...price }, now);
  const rest = { before: pickFields(before, productFields), after: pickFields(after, productFields) };
  await recordChange(tx, { ...entry, kind: "product", action: "update", ...rest }, now);
}

export async function getEditableProduct(ctx: AppContext, slug: string, user: SessionUser | null, productId: string): Promise<ProductView> {
  const { product } = await requireOwnProduct(ctx, slug, user, productId);
  return getShopProduct(ctx, null, product.id);
}

export interface UploadedPhoto {
  mimetype: string;
  data: Buffer;
  filename: string;
}

export function photoRejected(): AppError {
  return new AppError("image_rejected_product", { status: 400 });
}

/** Stores each photo through sharp (400x300, 350x419 and large variants, original kept), up to 10 per item. */
export async function addProductPhotos(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  productId: string,
  files: UploadedPhoto[],
): Promise<ProductView> {
  const { product } = await requireOwnProduct(ctx, slug, user, productId);
  if (files.length === 0) throw photoRejected();
  for (const file of files) {
    if (!(productPhotoTypes as readonly string[]).includes(file.mimetype) || file.data.length > productPhotoMaxBytes) throw photoRejected();
  }
  const existing = await ctx.db
    .select({ position: productImages.position })
    .from(productImages)
    .where(eq(productImages.productId, product.id))
    .orderBy(asc(productImages.position));
  if (existing.length + files.length > productPhotosMax)
    throw new AppError("photos_limit", { status: 400, details: { max: productPhotosMax } });
  let position = existing.length === 0 ? 0 : existing[existing.length - 1].position + 1;
  for (const file of files) {
    const stored = await storeProductImage(ctx.storage, file.data).catch(() => {
      throw photoRejected();
    });
    await ctx.db.insert(productImages).values({ productId: product.id, position, alt: product.name, ...stored });
    position += 1;
  }
  invalidateCatalogCache();
  return getShopProduct(ctx, null, product.id);
}

export async function deleteProductPhoto(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  productId: string,
  imageId: string,
): Promise<ProductView> {
  const { product } = await requireOwnProduct(ctx, slug, user, productId);
  const [removed] = await ctx.db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, product.id)))
    .returning();
  if (!removed) throw new AppError("not_found");
  for (const url of [removed.original, removed.thumb, removed.card, removed.large]) await deleteStoredFile(ctx, url);
  invalidateCatalogCache();
  return getShopProduct(ctx, null, product.id);
}
