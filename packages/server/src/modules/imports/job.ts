import { isPhotoAddress } from "@tianguis/domain/rules/photo-zip";
import { type ImportedProduct, type ImportRowCode, importColumns } from "@tianguis/domain/rules/product-import";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { productImportRows, productImports } from "../../db/schema/imports";
import { registerJob } from "../../jobs/runner";
import { notifyAlert } from "../alerts/service";
import { forgetCatalogAnswers, writeImportedProducts } from "../catalog/service";
import { type StoredProductImage, deleteStoredFile, storeProductImage } from "../gallery/service";
import { requireShopById } from "../shops/service";
import { fetchPhoto } from "./photos";
import { type ImportLine, deleteImportPhotos, lockImport, selectImportById, selectImportPhoto, selectValidLines } from "./queries";

/**
 * The import job (issue 29 §1): writes an import's valid rows BATCH at a time. Each batch is one transaction that locks
 * the import's row, writes its items through the catalog's door (by SKU: created or updated, each whole), and moves the
 * cursor and the counts; the last one also marks the import done and alerts whoever started it ('Completed import job',
 * storefront-and-admin §2). A process killed mid-batch leaves nothing of that batch, and the job runner (or a second
 * runner, which waits on the lock) goes on from the cursor: every row is written once, the alert is sent once.
 *
 * Photos: before its transaction a batch fetches the photos its rows name (photos.ts), or reads the ones they name inside
 * the import's ZIP (kept at the dry run, deleted with the last batch), and stores them like uploaded ones
 * (PHOTO_CONCURRENCY at a time, outside any transaction: PGlite has one connection). A row with a photo that cannot be
 * fetched or stored is rejected in the batch's transaction with its coded reason, like the dry run's rejections. If the
 * transaction does not commit (a failure, or another runner wrote the batch first) the batch's stored files are deleted;
 * a process killed between storing and committing leaves them unused in storage.
 */
export const IMPORT_JOB = "product_import";
/** The job runner takes an import up only if the process that started it has not finished it by then. */
export const RESUME_AFTER_MS = 2 * 60 * 1000;
const BATCH = 500;
const PHOTO_CONCURRENCY = 4;
const photosHeader = importColumns.find((column) => column.key === "photos")!.header;

interface BatchPhotos {
  /** Each row's stored photos, by SKU. */
  stored: Map<string, StoredProductImage[]>;
  /** The rows rejected for a photo, by line. */
  failed: Map<number, ImportRowCode>;
}

const filesOf = (images: StoredProductImage[]) => images.flatMap((image) => [image.original, image.thumb, image.card, image.large]);

/** A photo's bytes: fetched from its address, or the import's ZIP entry the dry run kept. */
async function photoBytes(ctx: AppContext, importId: string, reference: string): Promise<Buffer | ImportRowCode> {
  if (!isPhotoAddress(reference)) return (await selectImportPhoto(ctx.db, importId, reference)) ?? "import_photo_missing";
  const options = { timeoutMs: ctx.config.IMPORT_PHOTO_TIMEOUT_MS, allowPrivate: ctx.config.IMPORT_PHOTO_PRIVATE_HOSTS };
  const fetched = await fetchPhoto(reference, options);
  return fetched.ok ? fetched.data : fetched.code;
}

/** Fetches and stores one row's photos in order; the first that fails rejects the row (and its stored ones are deleted). */
async function rowPhotos(ctx: AppContext, importId: string, references: string[]): Promise<StoredProductImage[] | ImportRowCode> {
  const stored: StoredProductImage[] = [];
  for (const reference of references) {
    const bytes = await photoBytes(ctx, importId, reference);
    const image = typeof bytes === "string" ? null : await storeProductImage(ctx.storage, bytes).catch(() => null);
    if (!image) {
      await deleteFiles(ctx, filesOf(stored));
      return typeof bytes === "string" ? bytes : "import_photo_type";
    }
    stored.push(image);
  }
  return stored;
}

async function batchPhotos(ctx: AppContext, importId: string, lines: ImportLine[]): Promise<BatchPhotos> {
  const result: BatchPhotos = { stored: new Map(), failed: new Map() };
  const pending = lines.filter((line) => ((line.product as ImportedProduct).photos ?? []).length > 0);
  const worker = async () => {
    for (let line = pending.shift(); line; line = pending.shift()) {
      const product = line.product as ImportedProduct;
      const photos = await rowPhotos(ctx, importId, product.photos);
      if (typeof photos === "string") result.failed.set(line.line, photos);
      else result.stored.set(product.sku, photos);
    }
  };
  await Promise.all(Array.from({ length: PHOTO_CONCURRENCY }, worker));
  return result;
}

async function deleteFiles(ctx: AppContext, urls: string[]) {
  for (const url of urls) {
    await deleteStoredFile(ctx, url).catch((error) => ctx.log.warn({ err: error, url }, "could not delete an imported photo's file"));
  }
}

/** Writes the next batch; answers whether the import is done. */
async function runBatch(ctx: AppContext, id: string): Promise<boolean> {
  const before = await selectImportById(ctx.db, id);
  if (!before || before.state === "done" || before.state === "previewed") return true;
  const lines = await selectValidLines(ctx.db, id, before.cursor, BATCH);
  const photos = await batchPhotos(ctx, id, lines);
  let replacedFiles: string[] = [];
  let outcome: "done" | "more" | "again" | null = null;
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const row = await lockImport(tx, id);
      if (!row || row.state === "done" || row.state === "previewed") return "done";
      if (row.cursor !== before.cursor) return "again";
      const now = ctx.clock.now();
      for (const [line, code] of photos.failed) {
        await tx
          .update(productImportRows)
          .set({ code, column: photosHeader })
          .where(and(eq(productImportRows.importId, id), eq(productImportRows.line, line)));
      }
      const written = await writeImportedProducts(
        tx,
        row.shopId,
        lines.filter((line) => !photos.failed.has(line.line)).map((line) => line.product as ImportedProduct),
        now,
        photos.stored,
      );
      replacedFiles = written.replacedFiles;
      const done = lines.length < BATCH;
      const created = row.created + written.created;
      const updated = row.updated + written.updated;
      const rejected = row.rejected + photos.failed.size;
      await tx
        .update(productImports)
        .set({
          cursor: lines.at(-1)?.line ?? row.cursor,
          processed: sql`${productImports.processed} + ${lines.length}`,
          created,
          updated,
          rejected,
          state: done ? "done" : "running",
          finishedAt: done ? now : null,
        })
        .where(eq(productImports.id, id));
      if (done) {
        await deleteImportPhotos(tx, id);
        await alertDone(tx, row, { created, updated, rejected }, now);
      }
      return done ? "done" : "more";
    });
  } finally {
    if (outcome === null || outcome === "again") await deleteFiles(ctx, [...photos.stored.values()].flatMap(filesOf));
  }
  await deleteFiles(ctx, replacedFiles);
  return outcome === "done";
}

/** 'Completed import job' (storefront-and-admin §2) to whoever started the import, pointing to the imports page. */
async function alertDone(
  tx: DbOrTx,
  row: { requestedBy: string; shopId: string; fileName: string },
  counts: { created: number; updated: number; rejected: number },
  now: Date,
) {
  const shop = await requireShopById(tx, row.shopId);
  await notifyAlert(
    tx,
    {
      recipientId: row.requestedBy,
      originApp: "store",
      params: { type: "import", shop: shop.slug },
      message: { code: "imports_completed_alert", vars: { file: row.fileName, ...counts } },
    },
    now,
  );
}

/** Writes what is left of an import; safe to run again, or twice at once. */
export async function runImport(ctx: AppContext, id: string): Promise<void> {
  for (;;) {
    const done = await runBatch(ctx, id);
    forgetCatalogAnswers({ items: true });
    if (done) return;
  }
}

/**
 * Runs the import now, in this process, without holding up the response. If it stops, the import says 'interrupted'
 * (the page tells the seller it will go on) and the job runner resumes it from its cursor.
 */
export function kickImport(ctx: AppContext, id: string) {
  runImport(ctx, id).catch(async (error) => {
    ctx.log.error({ err: error, productImport: id }, "product import stopped");
    await ctx.db
      .update(productImports)
      .set({ state: "interrupted" })
      .where(and(eq(productImports.id, id), inArray(productImports.state, ["queued", "running"])))
      .catch(() => undefined);
  });
}

/** The jobs this module runs; registered where the app is composed. */
export function registerImportJobs() {
  registerJob(IMPORT_JOB, async (jobCtx, payload) => {
    if (payload.id) await runImport(jobCtx, payload.id);
  });
}
