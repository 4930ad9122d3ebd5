import sharp from "sharp";

function hex(value: number): string {
  return Math.round(value).toString(16).padStart(2, "0");
}

/**
 * The `count` main colours of an image (get_main_colors): the image is shrunk to at most 64x64, its raw
 * pixels are bucketed by 3 bits per channel, and the averages of the most populated buckets are returned
 * as #rrggbb, most frequent first. Transparent pixels are ignored.
 */
export async function mainColors(input: Buffer, count = 5): Promise<string[]> {
  if (count <= 0) return [];
  const { data, info } = await sharp(input)
    .rotate()
    .resize({ width: 64, height: 64, fit: "inside", kernel: "nearest" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const buckets = new Map<number, { r: number; g: number; b: number; n: number }>();
  for (let offset = 0; offset < data.length; offset += info.channels) {
    if (data[offset + 3] < 128) continue;
    const r = data[offset];
    const g = data[offset + 1];
    const b = data[offset + 2];
    const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
    const bucket = buckets.get(key) ?? { r: 0, g: 0, b: 0, n: 0 };
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    bucket.n += 1;
    buckets.set(key, bucket);
  }
  return [...buckets.values()]
    .sort((left, right) => right.n - left.n)
    .slice(0, count)
    .map((bucket) => `#${hex(bucket.r / bucket.n)}${hex(bucket.g / bucket.n)}${hex(bucket.b / bucket.n)}`);
}
