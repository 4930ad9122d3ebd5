import type { ImportRowCode } from "@tianguis/domain/rules/product-import";
import type { ImportState, ImportView } from "@tianguis/domain/schemas/product-import";
import type { ImportLine, ImportRow } from "./queries";

export function toImportView(row: ImportRow, shop: { slug: string; name: string }, rejected: ImportLine[] = []): ImportView {
  return {
    id: row.id,
    shop: { slug: shop.slug, name: shop.name },
    file_name: row.fileName,
    state: row.state as ImportState,
    total_rows: row.totalRows,
    to_create: row.toCreate,
    to_update: row.toUpdate,
    rejected: row.rejected,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    errors: rejected.map((line) => ({ line: line.line, code: line.code as ImportRowCode, column: line.column ?? "" })),
  };
}
