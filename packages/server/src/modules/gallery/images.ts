import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Storage } from "../../adapters/storage/storage";

/** Product variants of the spec (§9 Images): 400x300 thumbnail and 350x419 card; the original is kept. */
export const productVariants = { thumb: { width: 400, height: 300 }, card: { width: 350, height: 419 } } as const;

export interface StoredProductImage {
  original: string;
  thumb: string;
  card: string;
}

export async function storeProductImage(storage: Storage, input: Buffer, folder = "products"): Promise<StoredProductImage> {
  const id = randomUUID();
  const image = sharp(input, { failOn: "error" }).rotate();
  const meta = await image.metadata();
  const extension = meta.format === "png" ? "png" : meta.format === "svg" ? "png" : "jpg";
  const original = meta.format === "svg" ? await image.clone().png().toBuffer() : await image.clone().toBuffer();
  const [thumb, card] = await Promise.all(
    (["thumb", "card"] as const).map((name) =>
      image
        .clone()
        .resize({ ...productVariants[name], fit: "cover", position: "attention" })
        .webp({ quality: 82 })
        .toBuffer(),
    ),
  );
  const [originalUrl, thumbUrl, cardUrl] = await Promise.all([
    storage.put(`${folder}/${id}/original.${extension}`, original, `image/${extension}`),
    storage.put(`${folder}/${id}/400x300.webp`, thumb, "image/webp"),
    storage.put(`${folder}/${id}/350x419.webp`, card, "image/webp"),
  ]);
  return { original: originalUrl, thumb: thumbUrl, card: cardUrl };
}
