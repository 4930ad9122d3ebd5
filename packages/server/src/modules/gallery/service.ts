import { randomUUID } from "node:crypto";
import { imageMimeTypes } from "@tianguis/domain/schemas/catalogue";
import type { GalleryImageView } from "@tianguis/domain/schemas/merchandising";
import { shopPhotoMaxBytes, uploadLimitMb } from "@tianguis/domain/schemas/shop-settings";
import { and, eq, inArray } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import type { AppContext } from "../../context";
import { galleryImages } from "../../db/schema/merchandising";
import { AppError } from "../../http/errors";
import { mainColors } from "./colors";
import { storeHeaderImage, storeLogoImage } from "./images";

/** The gallery module's door: uploads and deletions of gallery images, product photo storage for the catalog, header and logo variants for shops. */
export { type StoredProductImage, productVariants, storeProductImage } from "./images";

export interface UploadInput {
  ownerId: string;
  name: string;
  mimetype: string;
  data: Buffer;
  getMainColors: number;
}

export function imageRejected(): AppError {
  return new AppError("image_rejected", { status: 400, details: { max: uploadLimitMb } });
}

type GalleryRow = typeof galleryImages.$inferSelect;
const toView = (row: GalleryRow): GalleryImageView => ({ id: row.id, name: row.name, url: row.url, main_colors: row.mainColors });

/** Stores an uploaded image (jpeg, png, svg; at most the upload limit) and samples its main colours. SVGs are stored rasterised. */
export async function uploadImage(ctx: AppContext, input: UploadInput): Promise<GalleryImageView> {
  if (!(imageMimeTypes as readonly string[]).includes(input.mimetype) || input.data.length > shopPhotoMaxBytes) throw imageRejected();
  let meta: Metadata;
  try {
    meta = await sharp(input.data).metadata();
  } catch {
    throw imageRejected();
  }
  const isSvg = meta.format === "svg";
  const extension = isSvg || meta.format === "png" ? "png" : "jpg";
  const stored = isSvg ? await sharp(input.data).png().toBuffer() : await sharp(input.data).rotate().toBuffer();
  const key = `gallery/${input.ownerId}/${randomUUID()}.${extension}`;
  const url = await ctx.storage.put(key, stored, `image/${extension === "jpg" ? "jpeg" : "png"}`);
  const colors = await mainColors(stored, input.getMainColors);
  const [row] = await ctx.db
    .insert(galleryImages)
    .values({
      ownerId: input.ownerId,
      name: input.name.slice(0, 200) || "image",
      url,
      storageKey: key,
      mainColors: colors,
      createdAt: ctx.clock.now(),
    })
    .returning();
  return toView(row);
}

/** Deletes gallery images and their files; only those owned by `ownerId` when given. */
export async function deleteGalleryImages(ctx: AppContext, ids: (string | null | undefined)[], ownerId?: string): Promise<number> {
  const wanted = ids.filter((id): id is string => !!id);
  if (wanted.length === 0) return 0;
  const rows = await ctx.db
    .delete(galleryImages)
    .where(and(inArray(galleryImages.id, wanted), ownerId ? eq(galleryImages.ownerId, ownerId) : undefined))
    .returning();
  await Promise.all(rows.map((row) => (row.storageKey ? ctx.storage.delete(row.storageKey) : undefined)));
  return rows.length;
}

export async function deleteOwnImage(ctx: AppContext, id: string, ownerId: string): Promise<void> {
  const [row] = await ctx.db.select().from(galleryImages).where(eq(galleryImages.id, id)).limit(1);
  if (!row) throw new AppError("not_found");
  if (row.ownerId !== ownerId) throw new AppError("forbidden");
  await deleteGalleryImages(ctx, [id]);
}

/**
 * Image ids a merchandising row may reference: the acting user's own uploads, or ids the row already had.
 * Anything else is refused, so deleting the row can never remove someone else's gallery images.
 */
export async function checkImageIds(
  ctx: AppContext,
  userId: string,
  ids: Record<string, string | null | undefined>,
  kept: (string | null)[] = [],
) {
  const wanted = Object.entries(ids).filter((entry): entry is [string, string] => !!entry[1] && !kept.includes(entry[1]));
  if (wanted.length === 0) return;
  const rows = await ctx.db
    .select({ id: galleryImages.id })
    .from(galleryImages)
    .where(
      and(
        inArray(
          galleryImages.id,
          wanted.map(([, id]) => id),
        ),
        eq(galleryImages.ownerId, userId),
      ),
    );
  const owned = new Set(rows.map((row) => row.id));
  const fields = Object.fromEntries(wanted.filter(([, id]) => !owned.has(id)).map(([field]) => [field, "image_not_in_gallery" as const]));
  if (Object.keys(fields).length > 0) throw new AppError("validation_failed", { status: 400, fields });
}

/**
 * The header variant (WebP, at most 1600 px wide) of a header picture that is one of our stored files, stored under
 * `folder`; null for a foreign URL or a file that cannot be read as an image, which the page then shows as it is.
 */
export function storeHeaderVariant(ctx: AppContext, url: string | null, folder: string): Promise<string | null> {
  return storeVariant(ctx, url, (data) => storeHeaderImage(ctx.storage, data, folder));
}

/** The logo variant (a small WebP, see logoVariant) of a shop logo that is one of our stored files; null as for headers. */
export function storeLogoVariant(ctx: AppContext, url: string | null, folder: string): Promise<string | null> {
  return storeVariant(ctx, url, (data) => storeLogoImage(ctx.storage, data, folder));
}

async function storeVariant(ctx: AppContext, url: string | null, store: (data: Buffer) => Promise<string>): Promise<string | null> {
  const key = url ? ctx.storage.keyOf(url) : null;
  if (!key) return null;
  try {
    const data = await ctx.storage.read(key);
    if (data) return await store(data);
    ctx.log.warn({ url }, "no variant for this picture: its file is missing");
  } catch (error) {
    ctx.log.warn({ err: error, url }, "no variant for this picture");
  }
  return null;
}

/** Deletes a file we stored, by its URL; foreign URLs are left alone. */
export async function deleteStoredFile(ctx: AppContext, url: string | null): Promise<void> {
  const key = url ? ctx.storage.keyOf(url) : null;
  if (key) await ctx.storage.delete(key);
}
