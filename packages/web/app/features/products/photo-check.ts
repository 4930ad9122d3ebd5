import { productPhotoMaxBytes, productPhotoTypes } from "@tianguis/domain/rules/product-form";

/**
 * Whether the browser accepts `file` as a product photo before anything is saved: the spec's formats and size,
 * and a real decode, so a text file named '.png' is refused on the spot (the server decodes again with sharp).
 */
export async function isUsablePhoto(file: File): Promise<boolean> {
  if (!(productPhotoTypes as readonly string[]).includes(file.type) || file.size > productPhotoMaxBytes) return false;
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0 || file.type === "image/svg+xml";
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}
