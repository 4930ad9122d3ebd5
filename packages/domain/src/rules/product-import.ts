import { packageSideMaxCm, packageWeightMaxGrams } from "./package-size";
import { isPhotoAddress, isPhotoFileName, photoFileKey } from "./photo-zip";
import { productDescriptionMax, productNameMax, productPhotosMax } from "./product-form";
import { startOfLocalDay } from "./reports";

/**
 * Product imports (issue 29 §1; storefront-and-admin §2 'Completed import job'): a spreadsheet row → the product it
 * creates or updates (matched by SKU in the shop), or the coded reason it is rejected. Pure: the server parses the file
 * (CSV or XLSX) into header + string cells and hands them here; the dry run and the job both read these answers.
 */

/** The template's columns, in order; a header is matched without accents, case or spaces, or by its English alias. */
export const importColumns = [
  { key: "sku", header: "sku", alias: ["sku", "codigo"] },
  { key: "name", header: "nombre", alias: ["name"] },
  { key: "type", header: "tipo", alias: ["type"] },
  { key: "price", header: "precio", alias: ["price"] },
  { key: "crossout", header: "precio_anterior", alias: ["compare_at_price", "precio_tachado"] },
  { key: "stock", header: "existencias", alias: ["stock", "inventario"] },
  { key: "category", header: "categoria", alias: ["category"] },
  { key: "description", header: "descripcion", alias: ["description"] },
  { key: "dropshipping", header: "dropshipping", alias: ["is_dropshipping"] },
  { key: "margin", header: "margen", alias: ["margin", "contribution_margin"] },
  { key: "weight", header: "peso_g", alias: ["peso", "weight", "weight_g"] },
  { key: "length", header: "largo_cm", alias: ["largo", "length", "length_cm"] },
  { key: "width", header: "ancho_cm", alias: ["ancho", "width", "width_cm"] },
  { key: "height", header: "alto_cm", alias: ["alto", "height", "height_cm"] },
  { key: "photos", header: "fotos", alias: ["photos", "photo_urls", "imagenes", "urls_fotos"] },
  { key: "date", header: "fecha_experiencia", alias: ["experience_date", "fecha_evento"] },
  { key: "time", header: "hora_experiencia", alias: ["experience_time", "hora_evento"] },
] as const;
export type ImportColumn = (typeof importColumns)[number]["key"];

/** The columns a file must have for its rows to mean anything. */
export const requiredImportColumns: readonly ImportColumn[] = ["sku", "name", "price"];

export const importMaxRows = 20_000;
export const importMaxBytes = 10 * 1024 * 1024;
export const importSkuMax = 64;
export const importCategoryMax = 80;
/** A side of a package, in whole centimetres: the product form's limit (rules/package-size.ts). */
export const importDimensionMaxCm = packageSideMaxCm;
export const importPhotoUrlMax = 2_000;
/** Experiences' dates and times are read on the platform's clock (Mexico City), as the reports read theirs. */
export const importTimeZone = "America/Mexico_City";

/** A row of the template filled in as an example (Spanish, as a Mexican seller writes it). */
export const importExampleRow: Record<ImportColumn, string> = {
  sku: "REB-001",
  name: "Rebozo de Santa María",
  type: "producto",
  price: "1250.00",
  crossout: "1500.00",
  stock: "12",
  category: "Textiles",
  description: "Rebozo de seda tejido a mano",
  dropshipping: "si",
  margin: "250.00",
  weight: "400",
  length: "40",
  width: "30",
  height: "5",
  photos: "",
  date: "",
  time: "",
};

/** A second example row: an experience, which needs its date (day/month/year or year-month-day) and time (24 h). */
export const importExampleExperienceRow: Record<ImportColumn, string> = {
  sku: "TALLER-001",
  name: "Taller de telar de cintura",
  type: "experiencia",
  price: "450.00",
  crossout: "",
  stock: "15",
  category: "Talleres",
  description: "Tres horas en el taller de Santa María con materiales incluidos",
  dropshipping: "no",
  margin: "",
  weight: "",
  length: "",
  width: "",
  height: "",
  photos: "",
  date: "14/03/2027",
  time: "11:00",
};

export type ImportedType = "product" | "service" | "digital" | "experience";

/** What a valid row writes. Prices are integer minor units; stock null = on demand. */
export interface ImportedProduct {
  sku: string;
  name: string;
  type: ImportedType;
  list_price: number;
  crossout_price: number | null;
  stock: number | null;
  category: string | null;
  description: string;
  is_dropshipping: boolean;
  contribution_margin: number | null;
  weight_grams: number | null;
  /** The package's sides in whole centimetres: all three or none. */
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  /**
   * The photos, in order: addresses (http or https) the import job fetches, or the names of entries in the ZIP uploaded
   * with the file (as the archive spells them once the dry run has found them); none keeps the item's photos.
   */
  photos: string[];
  /** An experience's date and time as an ISO instant; null for other types. */
  experience_date: string | null;
}

export const importRowCodes = [
  "import_required",
  "import_too_long",
  "import_formula_rejected",
  "import_invalid_sku",
  "import_invalid_type",
  "import_invalid_price",
  "import_negative_price",
  "import_crossout_not_higher",
  "import_invalid_stock",
  "import_invalid_flag",
  "import_margin_required",
  "import_margin_above_price",
  "import_invalid_weight",
  "import_invalid_dimension",
  "import_dimensions_incomplete",
  "import_invalid_photo_url",
  "import_too_many_photos",
  "import_invalid_date",
  "import_invalid_time",
  "import_experience_past",
  "import_duplicate_sku",
  // Found while importing: the job fetches each row's photos, and a photo it cannot store rejects its row.
  "import_photo_unreachable",
  "import_photo_too_large",
  "import_photo_type",
  "import_photo_blocked",
  // Found at the dry run: a file name the ZIP of photos does not have (or no ZIP came with the file).
  "import_photo_missing",
] as const;
export type ImportRowCode = (typeof importRowCodes)[number];

export interface ImportRowError {
  line: number;
  code: ImportRowCode;
  /** The template's header of the cell at fault. */
  column: string;
}

export type ImportedRow = { line: number; ok: true; product: ImportedProduct } | ({ ok: false } & ImportRowError);

/** `Nombre del Producto` → `nombre_del_producto`: how headers are compared. */
export function normalizeHeader(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/** Which column each header cell is (null when it is none of the template's), and the required ones missing. */
export function mapHeader(header: string[]): { columns: (ImportColumn | null)[]; missing: ImportColumn[] } {
  const columns = header.map((cell) => {
    const name = normalizeHeader(cell);
    return importColumns.find((column) => column.header === name || (column.alias as readonly string[]).includes(name))?.key ?? null;
  });
  return { columns, missing: requiredImportColumns.filter((key) => !columns.includes(key)) };
}

const headerOf = (key: ImportColumn) => importColumns.find((column) => column.key === key)!.header;

class RowError extends Error {
  constructor(
    readonly code: ImportRowCode,
    readonly key: ImportColumn,
  ) {
    super(code);
  }
}

/**
 * A cell a spreadsheet would run as a formula (`=HYPERLINK(...)`, `@SUM`, `+cmd`, a leading tab or return): refused
 * rather than stored, so an export of the shop's products never carries it to the next spreadsheet. A signed number
 * ("-5") is not a formula: the price rules judge it.
 */
export function isFormula(cell: string): boolean {
  if (/^[=@\t\r]/.test(cell)) return true;
  return /^[+-]/.test(cell) && !/^[+-]\s*\$?[\d.,\s]+$/.test(cell);
}

/**
 * Money as sellers type it → minor units: `1250`, `1,250.50`, `$1 250,50`, `1.250,50`. With both separators the last one
 * is the decimal mark; a lone comma is thousands only in groups of three (`1,250`), else decimal (`12,5`).
 */
export function parseMoney(text: string): number | "invalid" | "negative" {
  let value = text.replace(/\s|\$|mxn/gi, "");
  const negative = value.startsWith("-");
  value = value.replace(/^[+-]/, "");
  const lastComma = value.lastIndexOf(",");
  const lastDot = value.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? "," : ".";
    value = value
      .split(decimal === "," ? "." : ",")
      .join("")
      .replace(",", ".");
  } else if (lastComma >= 0) {
    value = /^\d{1,3}(,\d{3})+$/.test(value) ? value.replace(/,/g, "") : value.replace(",", ".");
  } else if (/^\d{1,3}(\.\d{3}){2,}$/.test(value)) {
    value = value.replace(/\./g, "");
  }
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return "invalid";
  if (negative) return "negative";
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

const typeWords: Record<string, ImportedType> = {
  producto: "product",
  product: "product",
  fisico: "product",
  servicio: "service",
  service: "service",
  experiencia: "experience",
  experience: "experience",
  evento: "experience",
  digital: "digital",
  producto_digital: "digital",
};
const yes = new Set(["si", "s", "yes", "y", "true", "1", "verdadero", "x"]);
const no = new Set(["no", "n", "false", "0", "falso", ""]);

function wholeNumber(text: string, key: ImportColumn, code: ImportRowCode): number | null {
  if (text === "") return null;
  if (!/^\d{1,9}$/.test(text.replace(/[\s,]/g, ""))) throw new RowError(code, key);
  return Number(text.replace(/[\s,]/g, ""));
}

function money(text: string, key: ImportColumn): number | null {
  if (text === "") return null;
  const value = parseMoney(text);
  if (value === "negative") throw new RowError("import_negative_price", key);
  if (value === "invalid") throw new RowError("import_invalid_price", key);
  return value;
}

function dimension(text: string, key: ImportColumn): number | null {
  const value = wholeNumber(text, key, "import_invalid_dimension");
  if (value !== null && (value === 0 || value > importDimensionMaxCm)) throw new RowError("import_invalid_dimension", key);
  return value;
}

/**
 * The photos cell: addresses, or file names inside the ZIP of photos (`rebozo.jpg`, `fotos/rebozo-2.png`), separated by
 * `|`, spaces or line breaks (a comma may be part of an address).
 */
export function photoReferences(text: string): string[] | "invalid" | "too_many" {
  const references = text.split(/[|\s]+/).filter(Boolean);
  if (references.length > productPhotosMax) return "too_many";
  for (const reference of references) {
    if (reference.length > importPhotoUrlMax) return "invalid";
    if (!isPhotoAddress(reference)) {
      if (!isPhotoFileName(reference)) return "invalid";
      continue;
    }
    if (!URL.canParse(reference)) return "invalid";
    const { protocol, username, password } = new URL(reference);
    if ((protocol !== "http:" && protocol !== "https:") || username || password) return "invalid";
  }
  return references;
}

/** `14/03/2027` (day first, as Mexico writes it) or `2027-03-14` → `2027-03-14`, or null when it is no calendar day. */
export function parseImportDate(text: string): string | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text) ?? /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!match) return null;
  const [year, month, day] =
    text.includes("/") || /^\d{1,2}[.-]/.test(text) ? [match[3], match[2], match[1]] : [match[1], match[2], match[3]];
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const check = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(check.getTime()) && check.toISOString().startsWith(iso) ? iso : null;
}

/** `11:00`, `9:30`, `21:45:00` → minutes after midnight, or null. */
export function parseImportTime(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

function experienceDate(cell: (key: ImportColumn) => string, now: Date): string {
  if (cell("date") === "") throw new RowError("import_required", "date");
  const day = parseImportDate(cell("date"));
  if (!day) throw new RowError("import_invalid_date", "date");
  if (cell("time") === "") throw new RowError("import_required", "time");
  const minutes = parseImportTime(cell("time"));
  if (minutes === null) throw new RowError("import_invalid_time", "time");
  const instant = new Date(startOfLocalDay(day, importTimeZone).getTime() + minutes * 60_000);
  if (instant <= now) throw new RowError("import_experience_past", "date");
  return instant.toISOString();
}

function product(cell: (key: ImportColumn) => string, now: Date): ImportedProduct {
  const sku = cell("sku");
  if (!sku) throw new RowError("import_required", "sku");
  if (sku.length > importSkuMax || /\s/.test(sku)) throw new RowError("import_invalid_sku", "sku");
  const name = cell("name");
  if (!name) throw new RowError("import_required", "name");
  if (name.length > productNameMax) throw new RowError("import_too_long", "name");
  const typeWord = normalizeHeader(cell("type"));
  const type = typeWord === "" ? "product" : typeWords[typeWord];
  if (!type) throw new RowError("import_invalid_type", "type");
  if (cell("price") === "") throw new RowError("import_required", "price");
  const list_price = money(cell("price"), "price")!;
  const crossout_price = money(cell("crossout"), "crossout");
  if (crossout_price !== null && crossout_price <= list_price) throw new RowError("import_crossout_not_higher", "crossout");
  const stock = wholeNumber(cell("stock"), "stock", "import_invalid_stock");
  const category = cell("category") || null;
  if (category && category.length > importCategoryMax) throw new RowError("import_too_long", "category");
  const description = cell("description");
  if (description.length > productDescriptionMax) throw new RowError("import_too_long", "description");
  const flag = normalizeHeader(cell("dropshipping"));
  if (!yes.has(flag) && !no.has(flag)) throw new RowError("import_invalid_flag", "dropshipping");
  const is_dropshipping = yes.has(flag);
  const contribution_margin = money(cell("margin"), "margin");
  // A dropshipping item is resold for its contribution margin (commerce-and-accounts §6), never above its price.
  if (is_dropshipping && contribution_margin === null) throw new RowError("import_margin_required", "margin");
  if (contribution_margin !== null && contribution_margin > list_price) throw new RowError("import_margin_above_price", "margin");
  const weight_grams = wholeNumber(cell("weight"), "weight", "import_invalid_weight");
  if (weight_grams !== null && (weight_grams === 0 || weight_grams > packageWeightMaxGrams))
    throw new RowError("import_invalid_weight", "weight");
  const length_cm = dimension(cell("length"), "length");
  const width_cm = dimension(cell("width"), "width");
  const height_cm = dimension(cell("height"), "height");
  const sides = [length_cm, width_cm, height_cm];
  if (sides.some((side) => side === null) && sides.some((side) => side !== null)) {
    const key = (["length", "width", "height"] as const)[sides.indexOf(null)];
    throw new RowError("import_dimensions_incomplete", key);
  }
  const photos = photoReferences(cell("photos"));
  if (photos === "invalid") throw new RowError("import_invalid_photo_url", "photos");
  if (photos === "too_many") throw new RowError("import_too_many_photos", "photos");
  const experience_date = type === "experience" ? experienceDate(cell, now) : null;
  return {
    sku,
    name,
    type,
    list_price,
    crossout_price,
    stock,
    category,
    description,
    is_dropshipping,
    contribution_margin,
    weight_grams,
    length_cm,
    width_cm,
    height_cm,
    photos,
    experience_date,
  };
}

/**
 * One data row (its cells in header order) → the product it writes or why not; `line` is its line in the file, `now`
 * the moment an experience's date must come after.
 */
export function mapImportRow(columns: (ImportColumn | null)[], cells: string[], line: number, now: Date): ImportedRow {
  const values = new Map<ImportColumn, string>();
  columns.forEach((key, index) => {
    if (key) values.set(key, (cells[index] ?? "").trim());
  });
  for (const [key, value] of values) {
    if (isFormula(value)) return { line, ok: false, code: "import_formula_rejected", column: headerOf(key) };
  }
  try {
    return { line, ok: true, product: product((key) => values.get(key) ?? "", now) };
  } catch (error) {
    if (error instanceof RowError) return { line, ok: false, code: error.code, column: headerOf(error.key) };
    throw error;
  }
}

/** A row is blank when every cell is empty: spreadsheets keep such rows at the end, and they are no product. */
export const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim() === "");

/**
 * A valid row's file names → the ZIP's entries they name (`photoFiles`: photo-zip.ts's index, null when no ZIP came);
 * a name the ZIP does not have rejects the row ('import_photo_missing').
 */
function withZipPhotos(row: ImportedRow, photoFiles: ReadonlyMap<string, string> | null): ImportedRow {
  if (!row.ok || row.product.photos.every(isPhotoAddress)) return row;
  const photos: string[] = [];
  for (const reference of row.product.photos) {
    const entry = isPhotoAddress(reference) ? reference : photoFiles?.get(photoFileKey(reference));
    if (!entry) return { line: row.line, ok: false, code: "import_photo_missing", column: headerOf("photos") };
    photos.push(entry);
  }
  return { ...row, product: { ...row.product, photos } };
}

/**
 * The file's rows → each row's answer. A SKU that appears on more than one line rejects all of them
 * ('import_duplicate_sku'): which line the seller meant is theirs to say. SKUs compare exactly, as the shop's do.
 * File names in the photos column are looked up in `photoFiles` (the ZIP's index; null when none came).
 */
export function mapImportRows(
  header: string[],
  rows: { line: number; cells: string[] }[],
  now: Date,
  photoFiles: ReadonlyMap<string, string> | null = null,
): ImportedRow[] {
  const { columns } = mapHeader(header);
  const mapped = rows.map((row) => withZipPhotos(mapImportRow(columns, row.cells, row.line, now), photoFiles));
  const lines = new Map<string, number>();
  for (const row of mapped) if (row.ok) lines.set(row.product.sku, (lines.get(row.product.sku) ?? 0) + 1);
  return mapped.map((row) =>
    row.ok && lines.get(row.product.sku)! > 1 ? { line: row.line, ok: false, code: "import_duplicate_sku", column: headerOf("sku") } : row,
  );
}
