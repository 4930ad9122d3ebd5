import { EXPORT_LINK_DAYS } from "@tianguis/domain/rules/reports";
import type { AppContext } from "../../context";
import { notifyAlert } from "../alerts/service";
import { findShopWithAccess } from "../shops/service";
import { finishExport, markExportRunning, selectExport, updateExportProgress } from "./queries";
import { exportShopIds, exportSource } from "./sources";
import { writeSheet } from "./writer";

const LINK_MS = EXPORT_LINK_DAYS * 24 * 60 * 60 * 1000;

/** Where an export's file lives in private storage: one key per export, so a rerun overwrites its own half-file. */
export function exportFileKey(id: string, fileName: string): string {
  return `exports/${id}/${fileName}`;
}

/**
 * The export job (one per export, claimed by the job runner with SKIP LOCKED): counts the rows, streams them batch by
 * batch into the file in private storage while it records progress, then, in one transaction, marks the export done
 * and raises the 'Completed export' alert. A crash mid-way leaves the export `running`; the runner's lease expires
 * and the rerun starts the file again from the first row under the same key. The done step is a conditional update
 * from `running`, so a second run finds nothing to do and the alert is raised once.
 */
export async function runExport(ctx: AppContext, exportId: string | undefined) {
  if (!exportId) return;
  const found = await selectExport(ctx.db, exportId);
  if (!found || found.state === "done" || found.state === "failed") return;
  const row = found;
  try {
    const shopIds = await exportShopIds(ctx.db, row);
    const source = await exportSource(ctx.db, row, shopIds);
    await markExportRunning(ctx.db, row.id, source.total, ctx.clock.now());
    let rowsDone = 0;
    async function* counted() {
      for await (const batch of source.batches()) {
        yield batch;
        rowsDone += batch.length;
        await updateExportProgress(ctx.db, row.id, rowsDone);
      }
    }
    const fileKey = exportFileKey(row.id, row.fileName);
    const size = await ctx.privateStorage.write(fileKey, writeSheet(row.format as "csv" | "xlsx", source.sheet, source.header, counted()));
    const now = ctx.clock.now();
    const slug = row.shopId ? (await findShopWithAccess(ctx, { id: row.shopId }, null)).shop.slug : null;
    await ctx.db.transaction(async (tx) => {
      const finished = await finishExport(
        tx,
        row.id,
        { state: "done", rowsDone, sizeBytes: size, fileKey },
        now,
        new Date(now.getTime() + LINK_MS),
      );
      if (!finished) return;
      await notifyAlert(
        tx,
        {
          recipientId: row.requestedBy,
          originApp: "store",
          params: { type: "export", subtype: row.kind, ...(slug ? { shop: slug } : {}) },
          message: { code: "alert_export_completed", vars: { report: { code: `report_${row.kind}` as "report_orders" }, rows: rowsDone } },
        },
        now,
      );
    });
  } catch (error) {
    // A failure of the data or the storage is reported on the page; the user can export again.
    ctx.log.error({ err: error, export: row.id }, "export failed");
    await finishExport(ctx.db, row.id, { state: "failed", error: String(error).slice(0, 500) }, ctx.clock.now(), null);
  }
}
