import { describe, expect, it } from "vitest";
import {
  type CfdiFacts,
  centsText,
  cfdiProblem,
  invoiceTotals,
  issuerProblem,
  paymentForm,
  rateFromXml,
  receiverProblem,
  rfcKind,
  satQrUrl,
  splitGross,
  taxBounds,
  taxOn,
  textCents,
} from "./cfdi";

describe("splitGross: a paid amount, tax included, as base + tax in whole cents within SAT's tolerance", () => {
  it.each([
    // gross, rate, base, tax
    [11_600, "iva16", 10_000, 1_600],
    [10_800, "iva8", 10_000, 800],
    [25_000, "iva16", 21_552, 3_448],
    [1, "iva16", 1, 0],
    [0, "iva16", 0, 0],
    [9_999, "iva0", 9_999, 0],
    [9_999, "exempt", 9_999, 0],
  ] as const)("%i cents at %s → base %i, tax %i", (gross, rate, base, tax) => {
    expect(splitGross(gross, rate)).toEqual({ base, tax });
  });

  it("always adds up and stays within the tolerance, for every amount up to 5,000.00 at 16 % and 8 %", () => {
    for (const rate of ["iva16", "iva8"] as const) {
      for (let gross = 0; gross <= 500_000; gross += 1) {
        const { base, tax } = splitGross(gross, rate);
        const { lower, upper } = taxBounds(base, rate);
        if (base + tax !== gross || tax < lower || tax > upper) throw new Error(`${rate} ${gross} → ${base} + ${tax}`);
      }
    }
  });

  it("refuses negative or fractional cents", () => {
    expect(() => splitGross(-1, "iva16")).toThrow(RangeError);
    expect(() => splitGross(10.5, "iva16")).toThrow(RangeError);
  });
});

describe("taxBounds and taxOn: SAT's lower bound truncated, upper rounded up, the tax rounded half up", () => {
  it("gives (base ± ½ cent) × rate", () => {
    expect(taxBounds(10_000, "iva16")).toEqual({ lower: 1_599, upper: 1_601 });
    expect(taxBounds(3, "iva16")).toEqual({ lower: 0, upper: 1 });
    expect(taxBounds(10_000, "exempt")).toEqual({ lower: 0, upper: 0 });
    expect(taxOn(3_125, "iva16")).toBe(500);
    expect(taxOn(3_128, "iva16")).toBe(500);
    expect(taxOn(3_129, "iva16")).toBe(501);
    expect(taxOn(3_128, "exempt")).toBe(0);
  });
});

describe("invoiceTotals: concepts whose totals equal what was paid", () => {
  it("sums bases and taxes per line, total = paid", () => {
    const totals = invoiceTotals(
      [
        { description: "Rebozo", quantity: 3, gross: 75_000, productKey: "53102500", unitKey: "H87" },
        { description: "Envío", quantity: 1, gross: 9_900, productKey: "78102203", unitKey: "E48" },
      ],
      "iva16",
    );
    expect(totals.total).toBe(84_900);
    expect(totals.subtotal + totals.tax).toBe(84_900);
    expect(totals.concepts.map((concept) => [concept.base, concept.tax, concept.unitValue])).toEqual([
      [64_655, 10_345, "215.516667"],
      [8_534, 1_366, "85.340000"],
    ]);
  });
});

describe("money text as SAT writes it", () => {
  it("reads and writes 2 decimals", () => {
    expect(centsText(12_345)).toBe("123.45");
    expect(centsText(5)).toBe("0.05");
    expect(centsText(-150)).toBe("-1.50");
    expect(textCents("123.45")).toBe(12_345);
    expect(textCents("7.5")).toBe(750);
    expect(textCents("7")).toBe(700);
    expect(textCents("7.555")).toBeNull();
    expect(textCents("abc")).toBeNull();
    expect(rateFromXml("Tasa", "0.160000")).toBe("iva16");
    expect(rateFromXml("Tasa", "0.080000")).toBe("iva8");
    expect(rateFromXml("Tasa", "0.000000")).toBe("iva0");
    expect(rateFromXml("Exento", undefined)).toBe("exempt");
    expect(rateFromXml("Tasa", "0.150000")).toBeNull();
  });
});

describe("RFC, regime and CFDI use (SAT's receiver checks)", () => {
  it("tells companies (12) from people (13) and refuses impossible dates", () => {
    expect(rfcKind("ABC010203AB1")).toBe("moral");
    expect(rfcKind("PEGC850101AB1")).toBe("fisica");
    expect(rfcKind("PEGC851301AB1")).toBeNull();
    expect(rfcKind("PEGC850132AB1")).toBeNull();
    expect(rfcKind("PEG850101")).toBeNull();
  });

  it.each([
    ["PEGC850101AB1", "612", "G03", null],
    ["PEGC850101AB1", "605", "D01", null],
    ["PEGC850101AB1", "605", "G03", "invoice_use_mismatch"],
    ["PEGC850101AB1", "601", "G03", "invoice_regime_mismatch"],
    ["ABC010203AB1", "601", "G01", null],
    ["ABC010203AB1", "601", "D01", "invoice_use_mismatch"],
    ["ABC010203AB1", "626", "CP01", null],
    ["XAXX010101000", "616", "S01", null],
    ["XAXX010101000", "601", "G03", "invoice_public_rfc_rules"],
    ["NOT-AN-RFC", "601", "G03", "invoice_rfc_invalid"],
  ] as const)("%s regime %s use %s → %s", (rfc, regime, use, problem) => {
    expect(receiverProblem({ rfc, regime, use, postalCode: "06700" })).toBe(problem);
  });

  it("asks for a 5-digit postal code and an issuer regime its RFC may hold", () => {
    expect(receiverProblem({ rfc: "ABC010203AB1", regime: "601", use: "G01", postalCode: "6700" })).toBe("invoice_postal_code_invalid");
    expect(issuerProblem({ rfc: "ABC010203AB1", regime: "601" })).toBeNull();
    expect(issuerProblem({ rfc: "ABC010203AB1", regime: "612" })).toBe("invoice_regime_mismatch");
    expect(issuerProblem({ rfc: "XAXX010101000", regime: "616" })).toBe("invoice_rfc_invalid");
  });
});

describe("payment form and the SAT QR", () => {
  it("maps how the purchase was paid to c_FormaPago", () => {
    expect(paymentForm("str_card")).toBe("04");
    expect(paymentForm("openpay_bank")).toBe("03");
    expect(paymentForm("openpay_store")).toBe("01");
    expect(paymentForm("paypal")).toBe("31");
    expect(paymentForm(null)).toBe("31");
  });

  it("builds the verifier URL with the total's 6 decimals and the seal's last 8 characters", () => {
    const url = satQrUrl({
      uuid: "5FB2822E-396D-4725-8521-CDC4BDD20CCF",
      issuerRfc: "EKU9003173C9",
      receiverRfc: "XAXX010101000",
      total: 84_900,
      seal: "abcdefgh12345678",
    });
    expect(url).toBe(
      "https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=5FB2822E-396D-4725-8521-CDC4BDD20CCF&re=EKU9003173C9&rr=XAXX010101000&tt=849.000000&fe=12345678",
    );
  });
});

describe("cfdiProblem: the checks a PAC makes without SAT", () => {
  const totals = invoiceTotals([{ description: "Rebozo", quantity: 2, gross: 50_000, productKey: "01010101", unitKey: "H87" }], "iva16");
  const [concept] = totals.concepts;
  const valid = (): CfdiFacts => ({
    version: "4.0",
    kind: "I",
    currency: "MXN",
    postalCode: "06700",
    paymentForm: "04",
    paymentMethod: "PUE",
    subtotal: totals.subtotal,
    total: totals.total,
    totalTax: totals.tax,
    issuer: { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regime: "601" },
    receiver: { rfc: "PEGC850101AB1", name: "CARLOS PEREZ", regime: "612", use: "G03", postalCode: "06700" },
    concepts: [
      {
        productKey: "53102500",
        unitKey: "H87",
        quantity: 2,
        unitValue: Number(concept.unitValue),
        base: concept.base,
        taxObject: "02",
        transfers: [{ base: concept.base, tax: concept.tax, rate: "iva16" }],
      },
    ],
    transfers: [{ base: totals.subtotal, tax: totals.tax, rate: "iva16" }],
    relatedUuids: [],
  });

  it("accepts what invoiceTotals builds", () => {
    expect(cfdiProblem(valid())).toBeNull();
  });

  it("accepts a substitute relating the invoice it replaces (TipoRelacion 04) and a credit note relating its invoice (01)", () => {
    const uuid = "5FB2822E-396D-4725-8521-CDC4BDD20CCF";
    expect(cfdiProblem({ ...valid(), relatedUuids: [uuid], relation: "04" })).toBeNull();
    expect(cfdiProblem({ ...valid(), kind: "E", relatedUuids: [uuid], relation: "01" })).toBeNull();
  });

  it.each<[string, (facts: CfdiFacts) => void, string]>([
    ["version 3.3", (f) => (f.version = "3.3"), "invoice_xml_invalid"],
    ["method PPD", (f) => (f.paymentMethod = "PPD"), "invoice_xml_invalid"],
    ["issuer regime of a person", (f) => (f.issuer.regime = "612"), "invoice_regime_mismatch"],
    ["receiver use for another regime", (f) => (f.receiver.use = "CN01"), "invoice_use_mismatch"],
    ["credit note without its invoice", (f) => (f.kind = "E"), "invoice_xml_invalid"],
    ["Importe ≠ Cantidad × ValorUnitario", (f) => (f.concepts[0].unitValue += 0.01), "invoice_totals_mismatch"],
    [
      "a tax out of tolerance, every sum consistent with it",
      (f) => {
        f.concepts[0].transfers[0].tax = (f.concepts[0].transfers[0].tax ?? 0) + 5;
        f.transfers[0].tax = (f.transfers[0].tax ?? 0) + 5;
        f.totalTax = (f.totalTax ?? 0) + 5;
        f.total = (f.total ?? 0) + 5;
      },
      "invoice_totals_mismatch",
    ],
    ["the summary's tax off by a cent", (f) => (f.transfers[0].tax = (f.transfers[0].tax ?? 0) + 1), "invoice_totals_mismatch"],
    ["SubTotal off by a cent", (f) => (f.subtotal = (f.subtotal ?? 0) + 1), "invoice_totals_mismatch"],
    ["Total off by a cent", (f) => (f.total = (f.total ?? 0) - 1), "invoice_totals_mismatch"],
    ["a transfer at an unknown rate", (f) => (f.concepts[0].transfers[0].rate = null), "invoice_xml_invalid"],
    ["a product key of 7 digits", (f) => (f.concepts[0].productKey = "5310250"), "invoice_product_key_invalid"],
    ["a product key outside SAT's segments", (f) => (f.concepts[0].productKey = "99999999"), "invoice_product_key_invalid"],
    ["no product key", (f) => (f.concepts[0].productKey = undefined), "invoice_product_key_invalid"],
    ["a unit key SAT does not list", (f) => (f.concepts[0].unitKey = "PZA"), "invoice_unit_key_invalid"],
    [
      "a credit note related as a substitution",
      (f) => {
        f.kind = "E";
        f.relatedUuids = ["5FB2822E-396D-4725-8521-CDC4BDD20CCF"];
        f.relation = "04";
      },
      "invoice_xml_invalid",
    ],
    [
      "an invoice related as a credit note",
      (f) => {
        f.relatedUuids = ["5FB2822E-396D-4725-8521-CDC4BDD20CCF"];
        f.relation = "01";
      },
      "invoice_xml_invalid",
    ],
    ["a related folio that is no UUID", (f) => Object.assign(f, { relatedUuids: ["A-1"], relation: "04" }), "invoice_xml_invalid"],
  ])("refuses %s", (_name, mutate, code) => {
    const facts = valid();
    mutate(facts);
    expect(cfdiProblem(facts)).toBe(code);
  });
});
