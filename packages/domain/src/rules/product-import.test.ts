import { describe, expect, it } from "vitest";
import { importColumns, importExampleRow, isFormula, mapHeader, mapImportRows, parseMoney } from "./product-import";

const header = importColumns.map((column) => column.header);
const row = (values: Partial<Record<keyof typeof importExampleRow, string>>) =>
  importColumns.map((column) => values[column.key] ?? importExampleRow[column.key]);
const one = (values: Partial<Record<keyof typeof importExampleRow, string>>) => mapImportRows(header, [{ line: 2, cells: row(values) }])[0];

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
      },
    });
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
    [{ category: "c".repeat(81) }, "import_too_long", "categoria"],
  ])("rejects %j with %s on column %s", (values, code, column) => {
    expect(one(values)).toEqual({ line: 2, ok: false, code, column });
  });

  it("takes empty optional cells as their defaults: a product on demand, not dropshipping", () => {
    const answer = one({ type: "", crossout: "", stock: "", category: "", description: "", dropshipping: "", margin: "", weight: "" });
    expect(answer).toMatchObject({
      ok: true,
      product: { type: "product", crossout_price: null, stock: null, category: null, is_dropshipping: false, weight_grams: null },
    });
    expect(one({ type: "Servicio" })).toMatchObject({ ok: true, product: { type: "service" } });
  });

  it("rejects every line of a SKU the file repeats, and keeps the others", () => {
    const answers = mapImportRows(header, [
      { line: 2, cells: row({ sku: "A-1" }) },
      { line: 3, cells: row({ sku: "B-2" }) },
      { line: 4, cells: row({ sku: "A-1" }) },
      { line: 5, cells: row({ sku: "a-1" }) },
    ]);
    expect(answers.map((answer) => (answer.ok ? "ok" : answer.code))).toEqual(["import_duplicate_sku", "ok", "import_duplicate_sku", "ok"]);
  });
});
