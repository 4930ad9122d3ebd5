import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import { neutraliseCell, type ExportFormat } from "@tianguis/domain/rules/reports";
import { stringify } from "csv-stringify";

/** A cell: text (neutralised against formulas), a number (money already in major units) or nothing. */
export type Cell = string | number | null;

/**
 * Writes rows as CSV (UTF-8 with a byte order mark, so Excel keeps accents) or XLSX, as a stream: the rows arrive batch
 * by batch and leave as bytes, so a 100,000-order report never sits whole in memory. Text cells starting with =, +, -
 * or @ are neutralised (rules/reports.ts); numbers are written as numbers.
 */
export function writeSheet(format: ExportFormat, sheetName: string, header: string[], batches: AsyncIterable<Cell[][]>): Readable {
  const safe = (row: Cell[]) => row.map((cell) => (typeof cell === "string" ? neutraliseCell(cell) : cell));
  return format === "csv" ? writeCsv(header, batches, safe) : writeXlsx(sheetName, header, batches, safe);
}

function writeCsv(header: string[], batches: AsyncIterable<Cell[][]>, safe: (row: Cell[]) => Cell[]): Readable {
  const csv = stringify({ bom: true, record_delimiter: "\r\n", cast: { number: (value) => String(value) } });
  (async () => {
    // Waits for the reader when the buffer is full (backpressure), so a slow disk or bucket never piles rows up.
    const put = async (row: Cell[]) => {
      if (!csv.write(row)) await once(csv, "drain");
    };
    await put(header.map(neutraliseCell));
    for await (const batch of batches) for (const row of batch) await put(safe(row));
    csv.end();
  })().catch((error: Error) => csv.destroy(error));
  return csv;
}

function writeXlsx(sheetName: string, header: string[], batches: AsyncIterable<Cell[][]>, safe: (row: Cell[]) => Cell[]): Readable {
  const out = new PassThrough();
  (async () => {
    // ExcelJS is loaded on the first workbook, not with the server: importing it took 7% of a start's CPU time.
    const { default: ExcelJS } = await import("exceljs");
    // Inline strings instead of a shared-strings table: the table would grow with every distinct text until the end.
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
    const headerRow = sheet.addRow(header.map(neutraliseCell));
    headerRow.font = { bold: true };
    headerRow.commit();
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(safe(row)).commit();
      if (out.writableNeedDrain) await once(out, "drain");
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
