/**
 * Digital products are delivered after payment (issue 'digital downloads'): the owner attaches one file to a digital
 * item; once the purchase is paid the buyer gets a signed, expiring link good for a few downloads, never a public URL.
 * A purchase of digital items only has nothing to ship or hand over, so it skips the delivery step.
 */
import type { SupplierOrderState } from "./order-progress";

/** The file types a digital item may carry, by extension: the stored content type comes from here, not from the browser. */
export const digitalFileTypes = {
  pdf: "application/pdf",
  zip: "application/zip",
  epub: "application/epub+zip",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
} as const;

export const digitalFileMaxMb = 50;
export const digitalFileMaxBytes = digitalFileMaxMb * 1024 * 1024;
/** A link works this many days after the purchase was paid. */
export const DOWNLOAD_DAYS = 7;
/** Each bought item may be downloaded this many times. */
export const DOWNLOAD_LIMIT = 5;

/** The content type of an allowed file name (by its extension), or null when the type is not accepted. */
export function digitalFileType(fileName: string): string | null {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (!extension || !Object.hasOwn(digitalFileTypes, extension)) return null;
  return digitalFileTypes[extension as keyof typeof digitalFileTypes];
}

/** The `accept` list of a file picker: extensions and content types. */
export const digitalFileAccept = [
  ...Object.keys(digitalFileTypes).map((extension) => `.${extension}`),
  ...new Set(Object.values(digitalFileTypes)),
];

/** A file name safe to show and to send back in content-disposition: no path, no control characters, at most 150 characters. */
export function cleanFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\p{Cc}"]/gu, "").trim();
  if (clean.length <= 150) return clean || "archivo";
  const extension = clean.match(/\.[a-z0-9]{1,5}$/i)?.[0] ?? "";
  return clean.slice(0, 150 - extension.length) + extension;
}

/** A purchase with only digital items needs no delivery: no address, no shipping cost. */
export function needsDelivery(itemTypes: readonly string[]): boolean {
  return itemTypes.length === 0 || itemTypes.some((type) => type !== "digital");
}

/** Order states in which the buyer has paid and the order was not cancelled: its digital items may be downloaded. */
const downloadableStates: readonly SupplierOrderState[] = [
  "paid",
  "confirmed",
  "in_process",
  "ready_to_deliver",
  "on_the_way",
  "delivered",
];

export function isDownloadable(state: string): boolean {
  return (downloadableStates as readonly string[]).includes(state);
}

/** When a purchase's links stop working: DOWNLOAD_DAYS after payment. */
export function downloadExpiry(paidAt: Date): Date {
  return new Date(paidAt.getTime() + DOWNLOAD_DAYS * 24 * 3600 * 1000);
}

export type DownloadRefusal = "download_expired" | "download_limit_reached";

/** Why a correctly signed link may not be used now, or null when it may. */
export function downloadRefusal(link: { expiresAt: Date; used: number }, now: Date): DownloadRefusal | null {
  if (now.getTime() >= link.expiresAt.getTime()) return "download_expired";
  if (link.used >= DOWNLOAD_LIMIT) return "download_limit_reached";
  return null;
}
