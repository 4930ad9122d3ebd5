import { photoZipIndex } from "./photo-zip";
import { describe, expect, it } from "vitest";
import {
  importColumns,
  importExampleExperienceRow,
  importExampleRow,
  isFormula,
  mapHeader,
  mapImportRows,
  parseImportDate,
  parseImportTime,
  parseMoney,
  photoReferences,
} from "./product-import";

const header = importColumns.map((column) => column.header);
const row = (values: Partial<Record<keyof typeof importExampleRow, string>>) =>
  importColumns.map((column) => values[column.key] ?? importExampleRow[column.key]);
/** The moment of the dry run: experiences must come after it. */
const now = new Date("2026-11-28T12:00:00Z");
const one = (values: Partial<Record<keyof typeof importExampleRow, string>>) =>
  mapImportRows(header, [{ line: 2, cells: row(values) }], now)[0];
const experience = (values: Partial<Record<keyof typeof importExampleRow, string>>) => one({ ...importExampleExperienceRow, ...values });

describe("product import rows (issue 29 §1)", () => {
  it("maps the template's example row to the product it creates, in minor units", () => {
    expect(one({})).toEqual({
      line: 2,
      ok: true,
      product: {
        sku: "REB-001",
        name: "Rebozo de Santa María",
        type: "product",
        list_price: 125000,
        crossout_price: 150000,
        stock: 12,
        category: "Textiles",
        description: "Rebozo de seda tejido a mano",
        is_dropshipping: true,
        contribution_margin: 25000,
        weight_grams: 400,
        length_cm: 40,
        width_cm: 30,
        height_cm: 5,
        photos: [],
        experience_date: null,
      },
    });
  });

  it("maps the template's experience row to its date and time on Mexico City's clock", () => {
    expect(experience({})).toMatchObject({
      ok: true,
      product: { sku: "TALLER-001", type: "experience", experience_date: "2027-03-14T17:00:00.000Z", weight_grams: null, length_cm: null },
    });
    expect(experience({ date: "2027-03-14", time: "9:30" })).toMatchObject({ product: { experience_date: "2027-03-14T15:30:00.000Z" } });
    expect(experience({ type: "Experiencia", date: "14-03-2027", time: "21:45:00" })).toMatchObject({
      product: { experience_date: "2027-03-15T03:45:00.000Z" },
    });
  });

  it.each([
    [{ date: "" }, "import_required", "fecha_experiencia"],
    [{ date: "31/02/2027" }, "import_invalid_date", "fecha_experiencia"],
    [{ date: "marzo 14" }, "import_invalid_date", "fecha_experiencia"],
    [{ time: "" }, "import_required", "hora_experiencia"],
    [{ time: "25:00" }, "import_invalid_time", "hora_experiencia"],
    [{ time: "11am" }, "import_invalid_time", "hora_experiencia"],
    [{ date: "28/11/2026", time: "05:59" }, "import_experience_past", "fecha_experiencia"],
  ])("rejects the experience %j with %s on column %s", (values, code, column) => {
    expect(experience(values)).toEqual({ line: 2, ok: false, code, column });
  });

  it("keeps an experience later today, and ignores the date columns of other types", () => {
    expect(experience({ date: "28/11/2026", time: "06:01" })).toMatchObject({
      ok: true,
      product: { experience_date: "2026-11-28T12:01:00.000Z" },
    });
    expect(one({ date: "ayer", time: "nunca" })).toMatchObject({ ok: true, product: { type: "product", experience_date: null } });
  });

  it("reads days and times as Mexican spreadsheets write them", () => {
    expect(parseImportDate("1/2/2027")).toBe("2027-02-01");
    expect(parseImportDate("2028-02-29")).toBe("2028-02-29");
    expect(parseImportDate("2027-02-29")).toBeNull();
    expect(parseImportTime("00:00")).toBe(0);
    expect(parseImportTime("23:59")).toBe(1439);
    expect(parseImportTime("24:00")).toBeNull();
  });

  it("reads the photos cell as addresses or ZIP file names split by bars, spaces or lines, up to ten", () => {
    expect(photoReferences("")).toEqual([]);
    expect(photoReferences("https://a.mx/1.jpg | http://b.mx/x,y.png\nhttps://c.mx/3.png")).toEqual([
      "https://a.mx/1.jpg",
      "http://b.mx/x,y.png",
      "https://c.mx/3.png",
    ]);
    expect(photoReferences("ftp://a.mx/1.jpg")).toBe("invalid");
    expect(photoReferences("foto1.jpg | fotos/rebozo-2.PNG logo.svg")).toEqual(["foto1.jpg", "fotos/rebozo-2.PNG", "logo.svg"]);
    expect(photoReferences("foto1.gif")).toBe("invalid");
    expect(photoReferences("../secreto.jpg")).toBe("invalid");
    expect(photoReferences("/etc/foto.jpg")).toBe("invalid");
    expect(photoReferences("https://usuario:clave@a.mx/1.jpg")).toBe("invalid");
    expect(photoReferences(Array.from({ length: 11 }, (_, index) => `https://a.mx/${index}.jpg`).join("|"))).toBe("too_many");
    expect(one({ photos: "https://a.mx/1.jpg|https://a.mx/2.jpg" })).toMatchObject({
      ok: true,
      product: { photos: ["https://a.mx/1.jpg", "https://a.mx/2.jpg"] },
    });
  });

  it("finds a row's file names in the ZIP of photos, by path or bare name, and rejects a row naming a missing one", () => {
    const zip = photoZipIndex(["fotos/Rebozo.JPG", "fotos/logo.svg", "otra/logo.svg"]);
    const mapped = (photos: string) => mapImportRows(header, [{ line: 2, cells: row({ photos }) }], now, zip)[0];
    expect(mapped("rebozo.jpg | https://a.mx/1.jpg")).toMatchObject({
      ok: true,
      product: { photos: ["fotos/Rebozo.JPG", "https://a.mx/1.jpg"] },
    });
    expect(mapped("otra/logo.svg")).toMatchObject({ ok: true, product: { photos: ["otra/logo.svg"] } });
    expect(mapped("logo.svg")).toEqual({ line: 2, ok: false, code: "import_photo_missing", column: "fotos" });
    expect(mapped("rebozo.png")).toEqual({ line: 2, ok: false, code: "import_photo_missing", column: "fotos" });
  });

  it("matches headers without accents, case or spaces, and by their English names", () => {
    expect(mapHeader(["SKU", "Nombre", "Precio", "Descripción", "Categoría"]).columns).toEqual([
      "sku",
      "name",
      "price",
      "description",
      "category",
    ]);
    expect(mapHeader(["\uFEFFname", "price", "sku", "whatever"]).columns).toEqual(["name", "price", "sku", null]);
    expect(mapHeader(["nombre", "precio"]).missing).toEqual(["sku"]);
  });

  it.each([
    ["1250", 125000],
    ["1,250.50", 125050],
    ["$1 250,50", 125050],
    ["1.250,50", 125050],
    ["12,5", 1250],
    ["1,250", 125000],
    ["0.99", 99],
    ["1.234.567", 123456700],
  ])("reads the price %s as %i cents", (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each([
    ["abc", "invalid"],
    ["1.2.3", "invalid"],
    ["12.345", "invalid"],
    ["-5", "negative"],
    ["-1,250.00", "negative"],
  ])("refuses the price %s as %s", (text, answer) => {
    expect(parseMoney(text)).toBe(answer);
  });

  it.each([
    ['=HYPERLINK("http://x","clic")', true],
    ["@SUM(A1)", true],
    ["+cmd|' /C calc'!A0", true],
    ["-2+3", true],
    ["\tx", true],
    ["-5", false],
    ["+52 55 1234", false],
    ["Rebozo = bonito", false],
  ])("judges %j a formula: %s", (cell, formula) => {
    expect(isFormula(cell)).toBe(formula);
  });

  it.each([
    [{ name: '=HYPERLINK("http://malo","gana")' }, "import_formula_rejected", "nombre"],
    [{ price: "-5" }, "import_negative_price", "precio"],
    [{ price: "" }, "import_required", "precio"],
    [{ price: "gratis" }, "import_invalid_price", "precio"],
    [{ sku: "" }, "import_required", "sku"],
    [{ sku: "REB 001" }, "import_invalid_sku", "sku"],
    [{ name: "" }, "import_required", "nombre"],
    [{ name: "x".repeat(151) }, "import_too_long", "nombre"],
    [{ type: "coche" }, "import_invalid_type", "tipo"],
    [{ crossout: "1000" }, "import_crossout_not_higher", "precio_anterior"],
    [{ stock: "3.5" }, "import_invalid_stock", "existencias"],
    [{ dropshipping: "quizá" }, "import_invalid_flag", "dropshipping"],
    [{ margin: "" }, "import_margin_required", "margen"],
    [{ margin: "2000" }, "import_margin_above_price", "margen"],
    [{ weight: "0" }, "import_invalid_weight", "peso_g"],
    [{ length: "0" }, "import_invalid_dimension", "largo_cm"],
    [{ width: "12.5" }, "import_invalid_dimension", "ancho_cm"],
    [{ height: "301" }, "import_invalid_dimension", "alto_cm"],
    [{ width: "" }, "import_dimensions_incomplete", "ancho_cm"],
    [{ length: "", width: "", height: "", weight: "x" }, "import_invalid_weight", "peso_g"],
    [{ photos: "C:\\fotos\\rebozo.jpg" }, "import_invalid_photo_url", "fotos"],
    [{ photos: "rebozo.jpg" }, "import_photo_missing", "fotos"],
    [{ photos: '=IMAGE("https://a.mx/1.jpg")' }, "import_formula_rejected", "fotos"],
    [{ category: "c".repeat(81) }, "import_too_long", "categoria"],
  ])("rejects %j with %s on column %s", (values, code, column) => {
    expect(one(values)).toEqual({ line: 2, ok: false, code, column });
  });

  it("takes empty optional cells as their defaults: a product on demand, not dropshipping", () => {
    const answer = one({
      type: "",
      crossout: "",
      stock: "",
      category: "",
      description: "",
      dropshipping: "",
      margin: "",
      weight: "",
      length: "",
      width: "",
      height: "",
    });
    expect(answer).toMatchObject({
      ok: true,
      product: {
        type: "product",
        crossout_price: null,
        stock: null,
        category: null,
        is_dropshipping: false,
        weight_grams: null,
        length_cm: null,
        width_cm: null,
        height_cm: null,
        photos: [],
      },
    });
    expect(one({ type: "Servicio" })).toMatchObject({ ok: true, product: { type: "service" } });
  });

  it("rejects every line of a SKU the file repeats, and keeps the others", () => {
    const answers = mapImportRows(
      header,
      [
        { line: 2, cells: row({ sku: "A-1" }) },
        { line: 3, cells: row({ sku: "B-2" }) },
        { line: 4, cells: row({ sku: "A-1" }) },
        { line: 5, cells: row({ sku: "a-1" }) },
      ],
      now,
    );
    expect(answers.map((answer) => (answer.ok ? "ok" : answer.code))).toEqual(["import_duplicate_sku", "ok", "import_duplicate_sku", "ok"]);
  });
});
