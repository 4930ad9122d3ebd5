import { importMaxBytes, importMaxRows, isBlankRow } from "@tianguis/domain/rules/product-import";
import chardet from "chardet";
import type ExcelJS from "exceljs";
import iconv from "iconv-lite";
import Papa from "papaparse";
import { AppError } from "../../http/errors";

/**
 * Reading and writing the spreadsheets of product imports (issue 29 §1): a CSV (UTF-8, or the Latin-1 / Windows-1252
 * Mexican Excel writes; comma, semicolon, tab or bar) or an XLSX becomes a header and string cells per line; the template
 * and the rejected rows become CSV (UTF-8 with BOM, read right by Excel) or XLSX. Libraries do the formats: chardet and
 * iconv-lite the encodings, Papa Parse the CSV dialect, ExcelJS the workbook.
 */

export interface Sheet {
  header: string[];
  /** Data rows with their line in the file (the header is line 1); blank rows left out. */
  rows: { line: number; cells: string[] }[];
}

export interface UploadedSheet {
  filename: string;
  data: Buffer;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const tooLarge = () => new AppError("import_file_too_large", { status: 413, details: { max: importMaxBytes / 1024 / 1024 } });
const wrongType = () => new AppError("import_file_type", { status: 415 });
const unreadable = () => new AppError("import_file_unreadable", { status: 400 });
const empty = () => new AppError("import_file_empty", { status: 400 });

/** UTF-8 when the bytes are valid UTF-8; else what chardet hears among the single-byte Latin encodings, Windows-1252 by default. */
function decode(data: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data).replace(/^\uFEFF/, "");
  } catch {
    const guess = chardet.detect(data)?.toLowerCase() ?? "";
    return iconv.decode(data, /^(iso-8859-1|iso-8859-15|windows-1252)$/.test(guess) ? guess : "windows-1252");
  }
}

function readCsv(data: Buffer): string[][] {
  if (data.includes(0)) throw wrongType();
  const parsed = Papa.parse<string[]>(decode(data), { delimitersToGuess: [",", ";", "\t", "|"], skipEmptyLines: false });
  if (parsed.errors.some((error) => error.type === "Quotes")) throw unreadable();
  return parsed.data;
}

/**
 * A cell's text: a formula keeps its `=` (and is then refused as one), a link its text, rich text its runs, a date its
 * day, a time of day (Excel's day zero, 1899-12-30) its hours and minutes.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.getUTCFullYear() < 1900 ? value.toISOString().slice(11, 16) : value.toISOString().slice(0, 10);
  if (typeof value !== "object") return String(value);
  if ("formula" in value || "sharedFormula" in value) return `=${"formula" in value ? value.formula : value.sharedFormula}`;
  if ("richText" in value) return value.richText.map((run) => run.text).join("");
  if ("text" in value) return typeof value.text === "string" ? value.text : cellText(value.text as ExcelJS.CellValue);
  if ("error" in value) return String(value.error);
  return "";
}

/** ExcelJS is loaded on the first workbook, not with the server: importing it took 7% of a start's CPU time. */
const excel = async () => (await import("exceljs")).default;

async function readXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw empty();
  if (sheet.rowCount > importMaxRows + 1) throw new AppError("import_too_many_rows", { status: 400, details: { max: importMaxRows } });
  const lines: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    for (let column = 1; column <= Math.max(row.cellCount, 1); column += 1) cells.push(cellText(row.getCell(column).value));
    lines[number - 1] = cells;
  });
  return Array.from(lines, (cells) => cells ?? []);
}

/** The uploaded file as a sheet, or a coded error for the file as a whole (type, size, emptiness, row count). */
export async function readSheet(file: UploadedSheet): Promise<Sheet> {
  if (file.data.length > importMaxBytes) throw tooLarge();
  const extension = file.filename.toLowerCase().split(".").pop() ?? "";
  const isZip = file.data.subarray(0, 4).equals(ZIP);
  let lines: string[][];
  if (extension === "xlsx") {
    if (!isZip) throw wrongType();
    lines = await readXlsx(file.data);
  } else if (extension === "csv" || extension === "txt") {
    if (isZip) throw wrongType();
    lines = readCsv(file.data);
  } else {
    throw wrongType();
  }
  const [header = [], ...data] = lines;
  const rows = data.map((cells, index) => ({ line: index + 2, cells })).filter((row) => !isBlankRow(row.cells));
  if (isBlankRow(header) || rows.length === 0) throw empty();
  if (rows.length > importMaxRows) throw new AppError("import_too_many_rows", { status: 400, details: { max: importMaxRows } });
  return { header, rows };
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe: shown as text, never run (CSV injection). */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** A sheet as a file: CSV (UTF-8 with BOM) or XLSX; every cell neutralised. */
export async function writeSheet(format: "csv" | "xlsx", rows: string[][]): Promise<Buffer> {
  const safe = rows.map((cells) => cells.map(neutralise));
  if (format === "csv") return Buffer.from(`\uFEFF${Papa.unparse(safe, { newline: "\r\n" })}\r\n`, "utf8");
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet("Productos");
  for (const cells of safe) sheet.addRow(cells);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const sheetContentType = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
