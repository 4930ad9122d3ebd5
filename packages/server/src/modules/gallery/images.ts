import { randomUUID } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import type { Storage } from "../../adapters/storage/storage";

/** Product variants of the spec (§9 Images): 400x300 thumbnail and 350x419 card; the original is kept. */
export const productVariants = { thumb: { width: 400, height: 300 }, card: { width: 350, height: 419 } } as const;

/**
 * The detail page's main photo (issue 16, its largest paint): the original fitted inside 800x800, never enlarged, as WebP,
 * so a phone downloads tens of kilobytes instead of the uploaded file.
 */
export const largeVariant = { width: 800, height: 800 } as const;

/** The shop header picture as the home paints it (issue 16): at most 1600 px wide, never enlarged, as WebP. */
export const headerVariant = { width: 1600 } as const;

/**
 * The shop logo as the top bar shows it (issue 16): 42 px high, as wide again for wide logos, covering its box. Scaled so its
 * shorter side is at most 128 px (sharp at three device pixels a CSS pixel) and its longer side at most 512 px, never
 * enlarged, as WebP.
 */
export const logoVariant = { shortSide: 128, longSide: 512 } as const;

export interface StoredProductImage {
  original: string;
  thumb: string;
  card: string;
  large: string;
}

/** The detail-page variant of an image: fitted inside 800x800 without enlargement. */
export function largeWebp(image: Sharp): Promise<Buffer> {
  return image
    .clone()
    .resize({ ...largeVariant, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

export async function storeProductImage(storage: Storage, input: Buffer, folder = "products"): Promise<StoredProductImage> {
  const id = randomUUID();
  const image = sharp(input, { failOn: "error" }).rotate();
  const meta = await image.metadata();
  const extension = meta.format === "png" ? "png" : meta.format === "svg" ? "png" : "jpg";
  const original = meta.format === "svg" ? await image.clone().png().toBuffer() : await image.clone().toBuffer();
  const [thumb, card, large] = await Promise.all([
    ...(["thumb", "card"] as const).map((name) =>
      image
        .clone()
        .resize({ ...productVariants[name], fit: "cover", position: "attention" })
        .webp({ quality: 82 })
        .toBuffer(),
    ),
    largeWebp(image),
  ]);
  const [originalUrl, thumbUrl, cardUrl, largeUrl] = await Promise.all([
    storage.put(`${folder}/${id}/original.${extension}`, original, `image/${extension}`),
    storage.put(`${folder}/${id}/400x300.webp`, thumb, "image/webp"),
    storage.put(`${folder}/${id}/350x419.webp`, card, "image/webp"),
    storage.put(`${folder}/${id}/large.webp`, large, "image/webp"),
  ]);
  return { original: originalUrl, thumb: thumbUrl, card: cardUrl, large: largeUrl };
}

/** Stores the header variant of a shop's header picture under `folder` and returns its URL. */
export async function storeHeaderImage(storage: Storage, input: Buffer, folder: string): Promise<string> {
  const webp = await sharp(input, { failOn: "error" })
    .rotate()
    .resize({ ...headerVariant, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return storage.put(`${folder}/header-${randomUUID()}.webp`, webp, "image/webp");
}

/** Stores the logo variant of a shop's logo under `folder` and returns its URL. */
export async function storeLogoImage(storage: Storage, input: Buffer, folder: string): Promise<string> {
  const image = sharp(input, { failOn: "error" }).rotate();
  const { width = 1, height = 1 } = await image.metadata();
  const scale = Math.min(1, logoVariant.shortSide / Math.min(width, height), logoVariant.longSide / Math.max(width, height));
  // A square box as long as the scaled longer side: fitted inside it, the logo keeps its proportions whatever its orientation.
  const box = Math.max(1, Math.round(Math.max(width, height) * scale));
  const webp = await image.resize({ width: box, height: box, fit: "inside", withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  return storage.put(`${folder}/logo-${randomUUID()}.webp`, webp, "image/webp");
}
