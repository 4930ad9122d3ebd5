import type { ExportKind, ExportFormat, ExportState } from "@tianguis/domain/rules/reports";
import type { ExportView } from "@tianguis/domain/schemas/report";
import type { ExportRow } from "./queries";

/** The private link of a finished export (the route checks who follows it and whether it expired). */
export function downloadPath(id: string): string {
  return `/api/v1/exports/${id}/download`;
}

export function exportViewOf(row: ExportRow, now: Date): ExportView {
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    kind: row.kind as ExportKind,
    format: row.format as ExportFormat,
    params: row.params,
    state: row.state as ExportState,
    rows_done: row.rowsDone,
    rows_total: row.rowsTotal,
    size_bytes: row.sizeBytes,
    file_name: row.fileName,
    download_url: row.state === "done" && !expired ? downloadPath(row.id) : null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    expired,
    requested_by: row.requestedBy,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
