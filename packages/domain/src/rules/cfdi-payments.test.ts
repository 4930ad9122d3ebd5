import { describe, expect, it } from "vitest";
import { type CfdiFacts, cfdiProblem, exchangeRateValid } from "./cfdi";
import { type PaymentCfdiFacts, nextPartiality, paymentCfdiProblem, paymentTax, pesosOf } from "./cfdi-payments";

describe("nextPartiality: a payment's place in a PPD invoice's balance", () => {
  it("numbers the payments and carries the balance from one to the next; the last leaves nothing", () => {
    expect(nextPartiality(11_600, [], 5_000)).toEqual({ number: 1, previousBalance: 11_600, paid: 5_000, remaining: 6_600 });
    expect(nextPartiality(11_600, [5_000], 6_000)).toEqual({ number: 2, previousBalance: 6_600, paid: 6_000, remaining: 600 });
    expect(nextPartiality(11_600, [5_000, 6_000], 600)).toEqual({ number: 3, previousBalance: 600, paid: 600, remaining: 0 });
  });

  it("a single payment of the whole invoice is partiality 1 and closes it", () => {
    expect(nextPartiality(34_999, [], 34_999)).toEqual({ number: 1, previousBalance: 34_999, paid: 34_999, remaining: 0 });
  });

  it("never lets the balance go below zero", () => {
    expect(nextPartiality(11_600, [], 11_601)).toBe("invoice_payment_exceeds_balance");
    expect(nextPartiality(11_600, [11_000], 601)).toBe("invoice_payment_exceeds_balance");
    expect(nextPartiality(11_600, [11_600], 1)).toBe("invoice_already_paid");
    expect(nextPartiality(11_600, [11_000, 1_000], 1)).toBe("invoice_payment_invalid");
  });

  it("takes whole positive cents only", () => {
    expect(nextPartiality(11_600, [], 0)).toBe("invoice_payment_invalid");
    expect(nextPartiality(11_600, [], -5)).toBe("invoice_payment_invalid");
    expect(nextPartiality(11_600, [], 10.5)).toBe("invoice_payment_invalid");
    expect(nextPartiality(0, [], 1)).toBe("invoice_payment_invalid");
    expect(nextPartiality(11_600, [0], 1)).toBe("invoice_payment_invalid");
  });

  it("payments that add up to the invoice always end at a zero balance, whatever the split", () => {
    for (const parts of [[1, 2, 3, 4], [9_999, 1], [3_333, 3_333, 3_334], [10_000]]) {
      const total = parts.reduce((sum, one) => sum + one, 0);
      const done: number[] = [];
      let last = null;
      for (const part of parts) {
        last = nextPartiality(total, done, part);
        if (typeof last === "string") throw new Error(last);
        done.push(part);
      }
      expect(last).toMatchObject({ number: parts.length, remaining: 0 });
    }
  });
});

describe("pesosOf: cents of another currency in peso cents at a TipoCambio, rounded half up", () => {
  it.each([
    [5_000, "17.250000", 86_250],
    [4_310, "17.250000", 74_348],
    [1, "17.250000", 17],
    [12_345, "1", 12_345],
    [100, "0.054321", 5],
  ] as const)("%i at %s → %i", (cents, rate, pesos) => {
    expect(pesosOf(cents, rate)).toBe(pesos);
  });
});

describe("paymentTax: a payment's IVA as the invoice's lines split theirs", () => {
  it.each([
    [11_600, "iva16", 10_000, 1_600],
    [5_000, "iva16", 4_310, 690],
    [10_800, "iva8", 10_000, 800],
    [777, "exempt", 777, 0],
  ] as const)("%i at %s → %i + %i", (paid, rate, base, tax) => {
    expect(paymentTax(paid, rate)).toEqual({ base, tax });
  });
});

function paymentCfdi(overrides: Partial<PaymentCfdiFacts> = {}): PaymentCfdiFacts {
  return {
    kind: "P",
    currency: "XXX",
    subtotal: 0,
    total: 0,
    use: "CP01",
    concepts: [{ productKey: "84111506", unitKey: "ACT", quantity: 1, unitValue: 0, base: 0, taxObject: "01" }],
    pagosVersion: "2.0",
    totalPaid: 5_000,
    totals: { iva16: { base: 4_310, tax: 690 } },
    payments: [
      {
        date: "2026-11-28T10:00:00",
        form: "03",
        currency: "MXN",
        exchangeRate: "1",
        amount: 5_000,
        documents: [
          {
            uuid: "5FB2822E-396D-4725-8521-CDC4BDD20CCF",
            currency: "MXN",
            partiality: 1,
            previousBalance: 11_600,
            paid: 5_000,
            remaining: 6_600,
            taxObject: "02",
            transfers: [{ base: 4_310, tax: 690, rate: "iva16" }],
          },
        ],
        transfers: [{ base: 4_310, tax: 690, rate: "iva16" }],
      },
    ],
    ...overrides,
  };
}

describe("paymentCfdiProblem: SAT's local rules for a payment CFDI (Pagos 2.0)", () => {
  it("passes a well-formed payment complement", () => {
    expect(paymentCfdiProblem(paymentCfdi())).toBeNull();
  });

  it("wants type P in XXX with zero totals, use CP01, no payment form or method and the one fixed concept", () => {
    expect(paymentCfdiProblem(paymentCfdi({ currency: "MXN" }))).toBe("invoice_xml_invalid");
    expect(paymentCfdiProblem(paymentCfdi({ total: 5_000 }))).toBe("invoice_xml_invalid");
    expect(paymentCfdiProblem(paymentCfdi({ paymentMethod: "PPD" }))).toBe("invoice_xml_invalid");
    expect(paymentCfdiProblem(paymentCfdi({ use: "G03" }))).toBe("invoice_use_mismatch");
    const concept = paymentCfdi().concepts[0];
    expect(paymentCfdiProblem(paymentCfdi({ concepts: [{ ...concept, productKey: "01010101" }] }))).toBe("invoice_xml_invalid");
    expect(paymentCfdiProblem(paymentCfdi({ concepts: [{ ...concept, taxObject: "02" }] }))).toBe("invoice_xml_invalid");
    expect(paymentCfdiProblem(paymentCfdi({ pagosVersion: "1.0" }))).toBe("invoice_xml_invalid");
  });

  it("refuses a balance that does not carry over or goes negative", () => {
    const base = paymentCfdi();
    const doc = base.payments[0].documents[0];
    const withDoc = (changes: Partial<typeof doc>) =>
      paymentCfdi({ payments: [{ ...base.payments[0], documents: [{ ...doc, ...changes }] }] });
    expect(paymentCfdiProblem(withDoc({ remaining: 6_601 }))).toBe("invoice_totals_mismatch");
    expect(paymentCfdiProblem(withDoc({ previousBalance: 4_000, remaining: -1_000 }))).toBe("invoice_payment_exceeds_balance");
    expect(paymentCfdiProblem(withDoc({ partiality: 0 }))).toBe("invoice_xml_invalid");
    expect(paymentCfdiProblem(withDoc({ uuid: "not-a-uuid" }))).toBe("invoice_xml_invalid");
    expect(paymentCfdiProblem(withDoc({ transfers: [{ base: 4_300, tax: 700, rate: "iva16" }] }))).toBe("invoice_totals_mismatch");
  });

  it("wants the payment's amount, taxes and the totals to be the sums of what it pays", () => {
    const base = paymentCfdi();
    expect(paymentCfdiProblem(paymentCfdi({ payments: [{ ...base.payments[0], amount: 5_001 }] }))).toBe("invoice_totals_mismatch");
    expect(paymentCfdiProblem(paymentCfdi({ payments: [{ ...base.payments[0], form: "99" }] }))).toBe("invoice_xml_invalid");
    expect(
      paymentCfdiProblem(paymentCfdi({ payments: [{ ...base.payments[0], transfers: [{ base: 4_310, tax: 691, rate: "iva16" }] }] })),
    ).toBe("invoice_totals_mismatch");
    expect(paymentCfdiProblem(paymentCfdi({ totalPaid: 4_999 }))).toBe("invoice_totals_mismatch");
    expect(paymentCfdiProblem(paymentCfdi({ totals: { iva16: { base: 4_310, tax: 689 } } }))).toBe("invoice_totals_mismatch");
    expect(paymentCfdiProblem(paymentCfdi({ totals: {} }))).toBe("invoice_totals_mismatch");
  });

  it("a payment in another currency carries its exchange rate", () => {
    const base = paymentCfdi();
    const usd = { ...base.payments[0], currency: "USD" };
    // Totales are in pesos: 50.00 USD at 17.25 is 862.50 MXN, its base 743.48 and IVA 119.03 (each rounded half up).
    const inPesos = { totalPaid: 86_250, totals: { iva16: { base: 74_348, tax: 11_903 } } };
    expect(paymentCfdiProblem(paymentCfdi({ ...inPesos, payments: [{ ...usd, exchangeRate: "17.250000" }] }))).toBeNull();
    expect(paymentCfdiProblem(paymentCfdi({ payments: [{ ...usd, exchangeRate: "17.250000" }] }))).toBe("invoice_totals_mismatch");
    expect(paymentCfdiProblem(paymentCfdi({ payments: [{ ...usd, exchangeRate: "1" }] }))).toBeNull();
    expect(paymentCfdiProblem(paymentCfdi({ payments: [{ ...usd, exchangeRate: undefined }] }))).toBe("invoice_xml_invalid");
    expect(paymentCfdiProblem(paymentCfdi({ payments: [{ ...base.payments[0], exchangeRate: "17.25" }] }))).toBe("invoice_xml_invalid");
  });
});

function invoiceCfdi(overrides: Partial<CfdiFacts> = {}): CfdiFacts {
  return {
    version: "4.0",
    kind: "I",
    currency: "MXN",
    postalCode: "06700",
    paymentForm: "03",
    paymentMethod: "PUE",
    subtotal: 10_000,
    total: 11_600,
    totalTax: 1_600,
    issuer: { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regime: "601" },
    receiver: { rfc: "XIA190128J61", name: "XENON INDUSTRIAL ARTICLES", regime: "601", use: "G03", postalCode: "76343" },
    concepts: [
      {
        productKey: "01010101",
        unitKey: "H87",
        quantity: 1,
        unitValue: 100,
        base: 10_000,
        taxObject: "02",
        transfers: [{ base: 10_000, tax: 1_600, rate: "iva16" }],
      },
    ],
    transfers: [{ base: 10_000, tax: 1_600, rate: "iva16" }],
    relatedUuids: [],
    ...overrides,
  };
}

describe("cfdiProblem: PPD invoices and other currencies", () => {
  it("an invoice paid later is PPD with form 99; one paid in one go names the form", () => {
    expect(cfdiProblem(invoiceCfdi({ paymentMethod: "PPD", paymentForm: "99" }))).toBeNull();
    expect(cfdiProblem(invoiceCfdi({ paymentMethod: "PPD", paymentForm: "03" }))).toBe("invoice_xml_invalid");
    expect(cfdiProblem(invoiceCfdi({ paymentMethod: "PUE", paymentForm: "99" }))).toBe("invoice_xml_invalid");
    expect(cfdiProblem(invoiceCfdi({ paymentMethod: "PPX", paymentForm: "99" }))).toBe("invoice_xml_invalid");
  });

  it("a credit note is never PPD", () => {
    const note = invoiceCfdi({ kind: "E", relatedUuids: ["5FB2822E-396D-4725-8521-CDC4BDD20CCF"], relation: "01" });
    expect(cfdiProblem(note)).toBeNull();
    expect(cfdiProblem({ ...note, paymentMethod: "PPD", paymentForm: "99" })).toBe("invoice_xml_invalid");
  });

  it("a currency other than the peso carries TipoCambio; the peso's is 1 or absent", () => {
    expect(cfdiProblem(invoiceCfdi({ currency: "USD", exchangeRate: "17.250000" }))).toBeNull();
    expect(cfdiProblem(invoiceCfdi({ currency: "USD" }))).toBe("invoice_xml_invalid");
    expect(cfdiProblem(invoiceCfdi({ currency: "USD", exchangeRate: "0" }))).toBe("invoice_xml_invalid");
    expect(cfdiProblem(invoiceCfdi({ currency: "MXN", exchangeRate: "1" }))).toBeNull();
    expect(cfdiProblem(invoiceCfdi({ currency: "MXN", exchangeRate: "17.25" }))).toBe("invoice_xml_invalid");
    expect(cfdiProblem(invoiceCfdi({ currency: "XXX" }))).toBe("invoice_xml_invalid");
  });

  it("exchangeRateValid: above zero, up to 6 decimals", () => {
    expect(exchangeRateValid("17.123456")).toBe(true);
    expect(exchangeRateValid("17.1234567")).toBe(false);
    expect(exchangeRateValid("-1")).toBe(false);
    expect(exchangeRateValid("0.000000")).toBe(false);
    expect(exchangeRateValid(undefined)).toBe(false);
  });
});
