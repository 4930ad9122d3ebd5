import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import {
  type ImportedRow,
  importColumns,
  importExampleExperienceRow,
  importExampleRow,
  mapHeader,
  mapImportRows,
} from "@tianguis/domain/rules/product-import";
import { isPhotoAddress } from "@tianguis/domain/rules/photo-zip";
import { type ImportView, importErrorsShown } from "@tianguis/domain/schemas/product-import";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { productImportPhotos, productImportRows, productImports } from "../../db/schema/imports";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { enqueueJob } from "../../jobs/runner";
import { selectExistingSkus } from "../catalog/service";
import { requireShopAdmin } from "../shops/service";
import { IMPORT_JOB, RESUME_AFTER_MS, kickImport } from "./job";
import { type ImportRow, selectImport, selectImports, selectRejectedLines } from "./queries";
import { type UploadedSheet, readSheet, writeSheet } from "./sheets";
import { toImportView } from "./views";
import { type PhotoZip, openPhotoZip } from "./zip";

/**
 * The imports module's door (issue 29 §1, product imports): a dry run of an uploaded file that writes no product, the
 * 'Importar' that hands its valid rows to the import job (job.ts), the shop's past imports and their rejected rows. Owner
 * and admins only. Products themselves are the catalog module's: they are written through its door.
 */

const ROW_CHUNK = 500;
/** Photos per insert: a few MB per statement at most. */
const PHOTO_CHUNK = 8;
const photosHeader = importColumns.find((column) => column.key === "photos")!.header;

type ShopRef = { id: string; slug: string; name: string };

async function viewOf(ctx: AppContext, row: ImportRow, shop: ShopRef): Promise<ImportView> {
  return toImportView(row, shop, row.rejected > 0 ? await selectRejectedLines(ctx.db, row.id, importErrorsShown) : []);
}

async function requireImport(ctx: AppContext, slug: string, user: SessionUser | null, id: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const row = await selectImport(ctx.db, shop.id, id);
  if (!row) throw new AppError("import_not_found", { status: 404 });
  return { shop, row };
}

/**
 * Judges the rows against the ZIP of photos: unpacks the entries valid rows name and rejects a row one of whose photos
 * is too large or no JPEG, PNG or SVG. Answers the rows' answers and the photos they keep.
 */
async function judgeZipPhotos(zip: PhotoZip, answers: ImportedRow[]): Promise<{ answers: ImportedRow[]; photos: Map<string, Buffer> }> {
  const named = answers.flatMap((answer) => (answer.ok ? answer.product.photos.filter((photo) => !isPhotoAddress(photo)) : []));
  const extracted = await zip.extract(named);
  const judged = answers.map((answer): ImportedRow => {
    if (!answer.ok) return answer;
    const failure = answer.product.photos.map((photo) => extracted.get(photo)).find((found) => typeof found === "string");
    return failure ? { line: answer.line, ok: false, code: failure, column: photosHeader } : answer;
  });
  const kept = new Set(judged.flatMap((answer) => (answer.ok ? answer.product.photos : [])));
  const photos = new Map<string, Buffer>();
  for (const [name, found] of extracted) if (typeof found !== "string" && kept.has(name)) photos.set(name, found);
  return { answers: judged, photos };
}

/**
 * The dry run: reads the file (a coded error for the file as a whole) and the ZIP of photos if one came (likewise),
 * judges every row, looks up which SKUs the shop already has, and keeps the rows, their answers and the ZIP's photos
 * they name as a 'previewed' import. Writes no product.
 */
export async function previewImport(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  file: UploadedSheet,
  photoZip: Buffer | null = null,
): Promise<ImportView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const sheet = await readSheet(file);
  const { missing } = mapHeader(sheet.header);
  if (missing.length > 0) {
    const columns = missing.map((key) => importColumns.find((column) => column.key === key)!.header).join(", ");
    throw new AppError("import_missing_columns", { status: 400, details: { columns } });
  }
  const zip = photoZip ? await openPhotoZip(photoZip) : null;
  let answers: ImportedRow[];
  let photos = new Map<string, Buffer>();
  try {
    answers = mapImportRows(sheet.header, sheet.rows, ctx.clock.now(), zip?.index ?? null);
    if (zip) ({ answers, photos } = await judgeZipPhotos(zip, answers));
  } finally {
    zip?.close();
  }
  const skus = answers.flatMap((answer) => (answer.ok ? [answer.product.sku] : []));
  const existing = await selectExistingSkus(ctx.db, shop.id, skus);
  const toUpdate = skus.filter((sku) => existing.has(sku)).length;
  const cells = new Map(sheet.rows.map((row) => [row.line, row.cells]));
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(productImports)
      .values({
        shopId: shop.id,
        requestedBy: user!.id,
        fileName: file.filename.slice(0, 200),
        header: sheet.header,
        totalRows: answers.length,
        toCreate: skus.length - toUpdate,
        toUpdate,
        rejected: answers.length - skus.length,
        createdAt: ctx.clock.now(),
      })
      .returning();
    for (let start = 0; start < answers.length; start += ROW_CHUNK) {
      await tx.insert(productImportRows).values(
        answers.slice(start, start + ROW_CHUNK).map((answer) => ({
          importId: created.id,
          line: answer.line,
          product: answer.ok ? answer.product : null,
          code: answer.ok ? null : answer.code,
          column: answer.ok ? null : answer.column,
          cells: cells.get(answer.line) ?? [],
        })),
      );
    }
    const kept = [...photos];
    for (let start = 0; start < kept.length; start += PHOTO_CHUNK) {
      await tx
        .insert(productImportPhotos)
        .values(kept.slice(start, start + PHOTO_CHUNK).map(([name, data]) => ({ importId: created.id, name, data })));
    }
    return created;
  });
  return viewOf(ctx, row, shop);
}

/**
 * 'Importar': a previewed import with valid rows becomes 'queued' with its job (which resumes it if this process stops),
 * and starts at once here. Asked again, a started import is answered as it is: it runs once.
 */
export async function startImport(ctx: AppContext, slug: string, user: SessionUser | null, id: string): Promise<ImportView> {
  const { shop, row } = await requireImport(ctx, slug, user, id);
  if (row.state !== "previewed") return viewOf(ctx, row, shop);
  if (row.toCreate + row.toUpdate === 0) throw new AppError("import_nothing_to_import", { status: 409 });
  const now = ctx.clock.now();
  const queued = await ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(productImports)
      .set({ state: "queued", startedAt: now })
      .where(and(eq(productImports.id, row.id), eq(productImports.state, "previewed")))
      .returning();
    if (moved) await enqueueJob(tx, IMPORT_JOB, { id: row.id }, new Date(now.getTime() + RESUME_AFTER_MS));
    return moved ?? null;
  });
  if (queued) kickImport(ctx, row.id);
  return viewOf(ctx, queued ?? (await selectImport(ctx.db, shop.id, id))!, shop);
}

export async function getImport(ctx: AppContext, slug: string, user: SessionUser | null, id: string): Promise<ImportView> {
  const { shop, row } = await requireImport(ctx, slug, user, id);
  return viewOf(ctx, row, shop);
}

export async function listImports(ctx: AppContext, slug: string, user: SessionUser | null, page: { offset: number; limit: number }) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const { rows, total } = await selectImports(ctx.db, shop.id, page);
  return { results: rows.map((row) => toImportView(row, shop)), matches_estimated: total };
}

/** The template: the columns' headers and two example rows, a product and an experience. */
export async function importTemplate(format: "csv" | "xlsx"): Promise<Buffer> {
  return writeSheet(format, [
    importColumns.map((column) => column.header),
    ...[importExampleRow, importExampleExperienceRow].map((example) => importColumns.map((column) => example[column.key])),
  ]);
}

/**
 * The rejected rows as a file: line, column, reason (in the user's language), then the row's own cells under the file's
 * own header; uploaded again once fixed, the three first columns are ignored (they are none of the template's).
 */
export async function rejectedRowsFile(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  id: string,
  format: "csv" | "xlsx",
  locale: Locale,
): Promise<{ fileName: string; data: Buffer }> {
  const { row } = await requireImport(ctx, slug, user, id);
  const lines = await selectRejectedLines(ctx.db, row.id);
  const header = [
    translate(locale, "imports_line"),
    translate(locale, "imports_column"),
    translate(locale, "imports_reason"),
    ...row.header,
  ];
  const rows = lines.map((line) => [
    String(line.line),
    line.column ?? "",
    translate(locale, line.code as Parameters<typeof translate>[1], { column: line.column ?? "" }),
    ...line.cells,
  ]);
  const base = row.fileName.replace(/\.[^.]+$/, "").replace(/[^\w.-]+/g, "_") || "carga";
  return { fileName: `${base}-rechazadas.${format}`, data: await writeSheet(format, [header, ...rows]) };
}
