import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import {
  DOWNLOAD_LIMIT,
  cleanFileName,
  digitalFileMaxMb,
  digitalFileType,
  downloadExpiry,
  downloadRefusal,
  isDownloadable,
} from "@tianguis/domain/rules/digital-delivery";
import type { DigitalFileState, DigitalFileView } from "@tianguis/domain/schemas/download";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { requireOwnProduct } from "../catalog/service";
import {
  type DigitalFileRow,
  countDownload,
  deleteDigitalFile,
  selectDigitalFile,
  selectDigitalLines,
  selectDownloadsUsed,
  upsertDigitalFile,
} from "./queries";
import { signDownload, verifyDownload } from "./tokens";

/**
 * The downloads module's door: a digital item's one file, and the signed links that deliver it after payment.
 * A module of its own rather than part of catalog: it owns private files and per-purchase download counts, and it
 * reads paid orders, which the catalog never does; the catalog is asked only whether the user may change the item.
 */

/** An uploaded file as the route hands it over: its name, its bytes as a stream, and whether the size limit cut it. */
export interface UploadedFile {
  filename: string;
  file: Readable & { truncated?: boolean };
}

export function digitalFileRejected(): AppError {
  return new AppError("digital_file_rejected", { status: 400, details: { max: digitalFileMaxMb } });
}

const toView = (row: DigitalFileRow): DigitalFileView => ({
  file_name: row.fileName,
  size: row.sizeBytes,
  content_type: row.contentType,
  uploaded_at: row.uploadedAt.toISOString(),
});

type Owner = { slug: string; user: SessionUser | null; productId: string };

async function requireDigitalProduct(ctx: AppContext, { slug, user, productId }: Owner) {
  const { product } = await requireOwnProduct(ctx, slug, user, productId);
  if (product.type !== "digital") throw new AppError("digital_file_not_digital", { status: 422 });
  return product;
}

export async function getDigitalFile(ctx: AppContext, owner: Owner): Promise<DigitalFileState> {
  const product = await requireDigitalProduct(ctx, owner);
  const row = await selectDigitalFile(ctx.db, product.id);
  return { file: row ? toView(row) : null };
}

/**
 * Attaches or replaces the item's file: the owner is checked before the upload is read, the bytes stream into private
 * storage under a fresh key, and the replaced file is removed once the new one is recorded.
 */
export async function attachDigitalFile(
  ctx: AppContext,
  owner: Owner,
  receive: () => Promise<UploadedFile | undefined>,
): Promise<DigitalFileState> {
  const product = await requireDigitalProduct(ctx, owner);
  const upload = await receive();
  if (!upload) throw digitalFileRejected();
  const contentType = digitalFileType(upload.filename);
  if (!contentType) {
    upload.file.resume();
    throw digitalFileRejected();
  }
  const key = `digital/${product.id}/${randomUUID()}`;
  const size = await ctx.privateStorage.write(key, upload.file);
  if (upload.file.truncated || size === 0) {
    await ctx.privateStorage.delete(key);
    throw digitalFileRejected();
  }
  const row: DigitalFileRow = {
    productId: product.id,
    storageKey: key,
    fileName: cleanFileName(upload.filename),
    contentType,
    sizeBytes: size,
    uploadedBy: owner.user?.id ?? null,
    uploadedAt: ctx.clock.now(),
  };
  const replaced = await upsertDigitalFile(ctx.db, row);
  if (replaced && replaced.storageKey !== key) await ctx.privateStorage.delete(replaced.storageKey);
  return { file: toView(row) };
}

export async function removeDigitalFile(ctx: AppContext, owner: Owner): Promise<void> {
  const product = await requireDigitalProduct(ctx, owner);
  const removed = await deleteDigitalFile(ctx.db, product.id);
  if (!removed) throw new AppError("not_found");
  await ctx.privateStorage.delete(removed.storageKey);
}

/** A bought digital item's link, for the purchase view and the paid e-mail (the path; prefix the site's origin). */
export interface DownloadLink {
  order_id: string;
  order_item_id: string;
  product_id: string;
  name: string;
  url: string;
  expires_at: string;
  downloads_left: number;
}

export const downloadPath = (token: string) => `/api/v1/downloads/${token}`;

/**
 * The download links of purchases: one per digital item with a file, once its order is paid and not cancelled.
 * Other modules call this (checkout's purchase view, the paid e-mail); only a purchase's customer or a holder of
 * its access token may be shown them.
 */
export async function downloadLinksOf(ctx: AppContext, checkoutIds: string[]): Promise<DownloadLink[]> {
  if (checkoutIds.length === 0) return [];
  const lines = (await selectDigitalLines(ctx.db, { checkoutIds })).filter((line) => isDownloadable(line.orderState) && line.paidAt);
  const used = await selectDownloadsUsed(
    ctx.db,
    lines.map((line) => line.orderItemId),
  );
  return lines.map((line) => {
    const expiresAt = downloadExpiry(line.paidAt as Date);
    return {
      order_id: line.orderId,
      order_item_id: line.orderItemId,
      product_id: line.productId,
      name: line.name,
      url: downloadPath(signDownload(ctx.config.APP_SECRET, { orderItemId: line.orderItemId, expiresAt })),
      expires_at: expiresAt.toISOString(),
      downloads_left: Math.max(DOWNLOAD_LIMIT - (used.get(line.orderItemId) ?? 0), 0),
    };
  });
}

export interface Download {
  stream: Readable;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * Opens the file a link names and counts the download: a token this server did not sign, or an item that is no longer
 * downloadable (unpaid, cancelled, file removed), is 404; an expired link or a used-up item is 410.
 */
export async function openDownload(ctx: AppContext, token: string): Promise<Download> {
  const notFound = () => new AppError("download_not_found", { status: 404 });
  const claim = verifyDownload(ctx.config.APP_SECRET, token);
  if (!claim) throw notFound();
  const [line] = await selectDigitalLines(ctx.db, { orderItemId: claim.orderItemId });
  if (!line || !isDownloadable(line.orderState)) throw notFound();
  const now = ctx.clock.now();
  const used = (await selectDownloadsUsed(ctx.db, [line.orderItemId])).get(line.orderItemId) ?? 0;
  const refusal = downloadRefusal({ expiresAt: claim.expiresAt, used }, now);
  if (refusal) throw new AppError(refusal, { status: 410, details: { max: DOWNLOAD_LIMIT } });
  const stream = await ctx.privateStorage.read(line.file.storageKey).catch(() => {
    throw notFound();
  });
  if ((await countDownload(ctx.db, line.orderItemId, DOWNLOAD_LIMIT, now)) === null) {
    stream.destroy();
    throw new AppError("download_limit_reached", { status: 410, details: { max: DOWNLOAD_LIMIT } });
  }
  return { stream, fileName: line.file.fileName, contentType: line.file.contentType, size: line.file.sizeBytes };
}

/** content-disposition for a download: an ASCII fallback name and the real one in UTF-8 (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
