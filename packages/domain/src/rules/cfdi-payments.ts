import { type TaxRate, isUuid, splitGross, taxBounds } from "./cfdi";

/**
 * Invoices paid later and their payment complements (CFDI 4.0 with Complemento para recepción de Pagos 2.0, issue #30
 * §1). An invoice issued before its money arrives says so: MetodoPago PPD ('pago en parcialidades o diferido') and
 * FormaPago 99 ('por definir'). Each payment received then gets its own CFDI of type P relating the invoice's UUID with
 * the partiality's number, the balance before it, what it paid and the balance left; the last one leaves nothing.
 * Money is integer minor units.
 */

/** c_MetodoPago: paid in one go when issued, or in parts / later. */
export const paymentMethods = ["PUE", "PPD"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** c_FormaPago 99: what an invoice paid later says of how it will be paid. */
export const FORM_TO_BE_DEFINED = "99";

/** The fixed concept of a payment CFDI (SAT's Guía de llenado del CFDI con complemento de pagos). */
export const PAYMENT_CONCEPT = { productKey: "84111506", unitKey: "ACT", description: "Pago" } as const;

/**
 * Cents of another currency in peso cents at a TipoCambio (SAT decimal text, up to 6 decimals), rounded half up: the
 * payment complement's Totales are in pesos.
 */
export function pesosOf(cents: number, exchangeRate: string): number {
  const micro = Math.round(Number(exchangeRate) * 1_000_000);
  return Math.floor((2 * cents * micro + 1_000_000) / 2_000_000);
}

/** A payment's place in its invoice's balance. */
export interface Partiality {
  /** NumParcialidad: 1 for the first payment, then 2, 3… */
  number: number;
  /** ImpSaldoAnt: what was owed before this payment. */
  previousBalance: number;
  /** ImpPagado. */
  paid: number;
  /** ImpSaldoInsoluto: what is owed after it (0 closes the invoice). */
  remaining: number;
}

export type PartialityProblem = "invoice_payment_invalid" | "invoice_payment_exceeds_balance" | "invoice_already_paid";

/**
 * The next partiality of an invoice of `total`, after the payments already recorded (their amounts, in order), for a
 * payment of `amount`: numbered after them, from the balance they left, never below zero. A payment beyond the balance
 * is refused (the balance never goes negative); an invoice already paid in full takes no more.
 */
export function nextPartiality(total: number, earlier: readonly number[], amount: number): Partiality | PartialityProblem {
  const whole = (value: number) => Number.isInteger(value) && value > 0;
  if (!whole(total) || !earlier.every(whole) || !whole(amount)) return "invoice_payment_invalid";
  const previousBalance = total - earlier.reduce((sum, one) => sum + one, 0);
  if (previousBalance < 0) return "invoice_payment_invalid";
  if (previousBalance === 0) return "invoice_already_paid";
  if (amount > previousBalance) return "invoice_payment_exceeds_balance";
  return { number: earlier.length + 1, previousBalance, paid: amount, remaining: previousBalance - amount };
}

/**
 * The IVA a payment carries (ImpuestosDR and ImpuestosP): the paid amount, tax included, split into base + tax as the
 * invoice's lines were (base + tax = the amount paid, the tax within SAT's tolerance of base × rate).
 */
export function paymentTax(paid: number, rate: TaxRate): { base: number; tax: number } {
  return splitGross(paid, rate);
}

// ---------------------------------------------------------------------------------------------------------------
// The checks a PAC makes on a payment CFDI (type P, Pagos 2.0) that need no SAT service (the sandbox PAC's)
// ---------------------------------------------------------------------------------------------------------------

export interface PaymentTransferFacts {
  base: number | null;
  tax: number | null;
  rate: TaxRate | null;
}

/** A DoctoRelacionado as read from the XML (amounts in cents, null when not SAT decimal text). */
export interface RelatedDocumentFacts {
  uuid: string;
  currency?: string;
  partiality: number;
  previousBalance: number | null;
  paid: number | null;
  remaining: number | null;
  taxObject?: string;
  transfers: PaymentTransferFacts[];
}

export interface PaymentFacts {
  date?: string;
  form?: string;
  currency?: string;
  /** TipoCambioP as written. */
  exchangeRate?: string;
  amount: number | null;
  documents: RelatedDocumentFacts[];
  transfers: PaymentTransferFacts[];
}

/** What the checks read of a type P CFDI beyond the common parts. */
export interface PaymentCfdiFacts {
  kind?: string;
  currency?: string;
  subtotal: number | null;
  total: number | null;
  paymentForm?: string;
  paymentMethod?: string;
  use: string;
  concepts: { productKey?: string; unitKey?: string; quantity: number; unitValue: number; base: number | null; taxObject?: string }[];
  pagosVersion?: string;
  /** MontoTotalPagos. */
  totalPaid: number | null;
  /** Totales' TotalTrasladosBaseIVA16 … by rate, as read. */
  totals: Partial<Record<TaxRate, { base: number | null; tax: number | null }>>;
  payments: PaymentFacts[];
}

export type PaymentCfdiProblem =
  "invoice_xml_invalid" | "invoice_totals_mismatch" | "invoice_use_mismatch" | "invoice_payment_exceeds_balance";

function transferProblem(transfers: PaymentTransferFacts[], paid: number): PaymentCfdiProblem | null {
  if (transfers.length !== 1) return "invoice_xml_invalid";
  const [transfer] = transfers;
  if (transfer.base === null || transfer.tax === null || transfer.rate === null) return "invoice_xml_invalid";
  const { lower, upper } = taxBounds(transfer.base, transfer.rate);
  if (transfer.tax < lower || transfer.tax > upper) return "invoice_totals_mismatch";
  // The base is the part of the payment before tax: never more than what was paid.
  return transfer.base <= paid ? null : "invoice_totals_mismatch";
}

function documentProblem(document: RelatedDocumentFacts): PaymentCfdiProblem | null {
  if (!isUuid(document.uuid) || !document.currency) return "invoice_xml_invalid";
  if (!Number.isInteger(document.partiality) || document.partiality < 1) return "invoice_xml_invalid";
  const { previousBalance, paid, remaining } = document;
  if (previousBalance === null || paid === null || previousBalance <= 0 || paid <= 0) return "invoice_xml_invalid";
  // ImpSaldoInsoluto = ImpSaldoAnt − ImpPagado and never below zero (a negative one is not even SAT decimal text).
  if (paid > previousBalance) return "invoice_payment_exceeds_balance";
  if (remaining === null) return "invoice_xml_invalid";
  if (remaining !== previousBalance - paid) return "invoice_totals_mismatch";
  if (document.taxObject !== "02") return "invoice_xml_invalid";
  return transferProblem(document.transfers, paid);
}

/**
 * SAT's rules of a payment CFDI a PAC checks without SAT: type P with SubTotal and Total 0 in currency XXX, no FormaPago
 * nor MetodoPago, use CP01, the one fixed concept; Pagos 2.0 with each payment's form (never 99), currency, amount =
 * Σ of its documents' ImpPagado; each related document's UUID, partiality, balances (insoluto = anterior − pagado ≥ 0)
 * and its IVA within tolerance; the payment's IVA the sum of its documents'; Totales, in pesos at each payment's
 * TipoCambioP: MontoTotalPagos = Σ Monto and the per-rate bases and taxes the sums of the payments'. The first problem found, or null.
 */
export function paymentCfdiProblem(cfdi: PaymentCfdiFacts): PaymentCfdiProblem | null {
  if (cfdi.kind !== "P" || cfdi.currency !== "XXX" || cfdi.subtotal !== 0 || cfdi.total !== 0) return "invoice_xml_invalid";
  if (cfdi.paymentForm !== undefined || cfdi.paymentMethod !== undefined) return "invoice_xml_invalid";
  if (cfdi.use !== "CP01") return "invoice_use_mismatch";
  const [concept] = cfdi.concepts;
  if (
    cfdi.concepts.length !== 1 ||
    concept.productKey !== PAYMENT_CONCEPT.productKey ||
    concept.unitKey !== PAYMENT_CONCEPT.unitKey ||
    concept.quantity !== 1 ||
    concept.unitValue !== 0 ||
    concept.base !== 0 ||
    concept.taxObject !== "01"
  )
    return "invoice_xml_invalid";
  if (cfdi.pagosVersion !== "2.0" || cfdi.payments.length === 0) return "invoice_xml_invalid";
  const byRate = new Map<TaxRate, { base: number; tax: number }>();
  let totalPaid = 0;
  for (const payment of cfdi.payments) {
    if (!payment.date || !/^\d{2}$/.test(payment.form ?? "") || payment.form === FORM_TO_BE_DEFINED) return "invoice_xml_invalid";
    if (!payment.currency || payment.currency === "XXX" || payment.amount === null || payment.amount <= 0) return "invoice_xml_invalid";
    if (payment.currency === "MXN" ? payment.exchangeRate !== "1" : !(Number(payment.exchangeRate) > 0)) return "invoice_xml_invalid";
    if (payment.documents.length === 0) return "invoice_xml_invalid";
    for (const document of payment.documents) {
      const problem = documentProblem(document);
      if (problem) return problem;
    }
    if (payment.documents.reduce((sum, one) => sum + (one.paid ?? 0), 0) !== payment.amount) return "invoice_totals_mismatch";
    const own = new Map<TaxRate, { base: number; tax: number }>();
    for (const document of payment.documents) {
      const [transfer] = document.transfers;
      const sum = own.get(transfer.rate as TaxRate) ?? { base: 0, tax: 0 };
      own.set(transfer.rate as TaxRate, { base: sum.base + (transfer.base ?? 0), tax: sum.tax + (transfer.tax ?? 0) });
    }
    if (payment.transfers.length !== own.size) return "invoice_totals_mismatch";
    for (const transfer of payment.transfers) {
      const sum = transfer.rate ? own.get(transfer.rate) : undefined;
      if (!sum || sum.base !== transfer.base || sum.tax !== transfer.tax) return "invoice_totals_mismatch";
      const total = byRate.get(transfer.rate as TaxRate) ?? { base: 0, tax: 0 };
      const rate = payment.exchangeRate ?? "1";
      byRate.set(transfer.rate as TaxRate, { base: total.base + pesosOf(sum.base, rate), tax: total.tax + pesosOf(sum.tax, rate) });
    }
    totalPaid += pesosOf(payment.amount, payment.exchangeRate ?? "1");
  }
  if (cfdi.totalPaid !== totalPaid) return "invoice_totals_mismatch";
  const rates = Object.keys(cfdi.totals) as TaxRate[];
  if (rates.length !== byRate.size) return "invoice_totals_mismatch";
  for (const rate of rates) {
    const sum = byRate.get(rate);
    const written = cfdi.totals[rate];
    if (!sum || written?.base !== sum.base || (rate !== "exempt" && written.tax !== sum.tax)) return "invoice_totals_mismatch";
  }
  return null;
}

/** Totales' attribute names per rate (Pagos 2.0): TotalTrasladosBaseIVA16 and TotalTrasladosImpuestoIVA16, … */
export const paymentTotalsAttributes: Record<TaxRate, { base: string; tax: string | null }> = {
  iva16: { base: "TotalTrasladosBaseIVA16", tax: "TotalTrasladosImpuestoIVA16" },
  iva8: { base: "TotalTrasladosBaseIVA8", tax: "TotalTrasladosImpuestoIVA8" },
  iva0: { base: "TotalTrasladosBaseIVA0", tax: "TotalTrasladosImpuestoIVA0" },
  exempt: { base: "TotalTrasladosBaseIVAExento", tax: null },
};
