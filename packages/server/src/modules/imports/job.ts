import type { ImportedProduct } from "@tianguis/domain/rules/product-import";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { productImports } from "../../db/schema/imports";
import { registerJob } from "../../jobs/runner";
import { notifyAlert } from "../alerts/service";
import { forgetCatalogAnswers, writeImportedProducts } from "../catalog/service";
import { requireShopById } from "../shops/service";
import { lockImport, selectValidLines } from "./queries";

/**
 * The import job (issue 29 §1): writes an import's valid rows BATCH at a time. Each batch is one transaction that locks
 * the import's row, writes its items through the catalog's door (by SKU: created or updated, each whole), and moves the
 * cursor and the counts; the last one also marks the import done and alerts whoever started it ('Completed import job',
 * storefront-and-admin §2). A process killed mid-batch leaves nothing of that batch, and the job runner (or a second
 * runner, which waits on the lock) goes on from the cursor: every row is written once, the alert is sent once.
 */
export const IMPORT_JOB = "product_import";
/** The job runner takes an import up only if the process that started it has not finished it by then. */
export const RESUME_AFTER_MS = 2 * 60 * 1000;
const BATCH = 500;

/** Writes the next batch; answers whether the import is done. */
async function runBatch(ctx: AppContext, id: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockImport(tx, id);
    if (!row || row.state === "done" || row.state === "previewed") return true;
    const lines = await selectValidLines(tx, id, row.cursor, BATCH);
    const now = ctx.clock.now();
    const written = await writeImportedProducts(
      tx,
      row.shopId,
      lines.map((line) => line.product as ImportedProduct),
      now,
    );
    const done = lines.length < BATCH;
    const created = row.created + written.created;
    const updated = row.updated + written.updated;
    await tx
      .update(productImports)
      .set({
        cursor: lines.at(-1)?.line ?? row.cursor,
        processed: sql`${productImports.processed} + ${lines.length}`,
        created,
        updated,
        state: done ? "done" : "running",
        finishedAt: done ? now : null,
      })
      .where(eq(productImports.id, id));
    if (done) {
      const shop = await requireShopById(tx, row.shopId);
      await notifyAlert(
        tx,
        {
          recipientId: row.requestedBy,
          originApp: "store",
          params: { type: "import", shop: shop.slug },
          message: { code: "imports_completed_alert", vars: { file: row.fileName, created, updated, rejected: row.rejected } },
        },
        now,
      );
    }
    return done;
  });
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
