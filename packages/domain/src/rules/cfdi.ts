import { isSatProductKey, isSatUnitKey } from "./sat-keys";

/**
 * CFDI 4.0 electronic invoices (issue #30 §1; SAT's Anexo 20 and its catalogues c_RegimenFiscal, c_UsoCFDI,
 * c_TasaOCuota, c_MotivoCancelacion). Money is integer minor units (cents): every amount on the invoice is a whole
 * number of cents, as SAT requires of MXN with 2 decimals. Prices in the shop include the tax (a consumer price), so an
 * invoice splits each line's paid amount into its base and its tax.
 */

/** The tax a shop charges on what it sells: IVA 16 %, 8 % in the northern and southern border region, 0 %, or exempt. */
export const taxRates = ["iva16", "iva8", "iva0", "exempt"] as const;
export type TaxRate = (typeof taxRates)[number];

/** TasaOCuota in millionths (SAT writes 0.160000); exempt has none. */
export const rateMillionths: Record<TaxRate, number | null> = { iva16: 160_000, iva8: 80_000, iva0: 0, exempt: null };

/** The rate as SAT writes it in the XML (TasaOCuota, 6 decimals). */
export function rateText(rate: TaxRate): string | null {
  const millionths = rateMillionths[rate];
  return millionths === null ? null : (millionths / 1_000_000).toFixed(6);
}

/** The rate from a TasaOCuota and TipoFactor as read back from an XML; null when it is none of ours. */
export function rateFromXml(factor: string, tasa: string | undefined): TaxRate | null {
  if (factor === "Exento") return tasa === undefined ? "exempt" : null;
  if (factor !== "Tasa" || tasa === undefined) return null;
  return (taxRates.find((rate) => rateText(rate) === tasa) as TaxRate | undefined) ?? null;
}

/**
 * SAT's tolerance for a transferred tax (Anexo 20, 'Impuestos, Traslado, Importe'): between (Base − ½ cent) × rate
 * truncated and (Base + ½ cent) × rate rounded up, in cents. Exempt lines carry no amount.
 */
export function taxBounds(base: number, rate: TaxRate): { lower: number; upper: number } {
  const millionths = rateMillionths[rate] ?? 0;
  return {
    lower: Math.floor(((2 * base - 1) * millionths) / 2_000_000),
    upper: Math.ceil(((2 * base + 1) * millionths) / 2_000_000),
  };
}

/** Rounds a / b half up, for non-negative integers. */
function divideRounded(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * Splits a paid amount (tax included) into base + tax, both whole cents, base + tax = gross exactly, the tax within SAT's
 * tolerance of base × rate. Such a split always exists: consecutive bases' tolerances overlap or touch. Among the bases
 * that fit, the one whose tax is nearest base × rate.
 */
export function splitGross(gross: number, rate: TaxRate): { base: number; tax: number } {
  if (!Number.isInteger(gross) || gross < 0) throw new RangeError("gross must be a non-negative integer of cents");
  const millionths = rateMillionths[rate];
  if (!millionths) return { base: gross, tax: 0 };
  const estimate = divideRounded(gross * 1_000_000, 1_000_000 + millionths);
  let best: { base: number; tax: number; off: number } | null = null;
  for (let base = Math.max(0, estimate - 2); base <= estimate + 2; base += 1) {
    const tax = gross - base;
    const { lower, upper } = taxBounds(base, rate);
    if (tax < lower || tax > upper) continue;
    const off = Math.abs(tax * 1_000_000 - base * millionths);
    if (!best || off < best.off) best = { base, tax, off };
  }
  if (!best) throw new Error(`no SAT-valid split of ${gross} at ${rate}`);
  return { base: best.base, tax: best.tax };
}

/** The tax on a base, rounded half up to the cent (what a PAC expects when the base is given). */
export function taxOn(base: number, rate: TaxRate): number {
  const millionths = rateMillionths[rate];
  return millionths ? divideRounded(base * millionths, 1_000_000) : 0;
}

/** A line of what is invoiced: its description, quantity and what was paid for it (tax included). */
export interface PaidLine {
  description: string;
  quantity: number;
  gross: number;
  /** SAT product or service key (c_ClaveProdServ) and unit key (c_ClaveUnidad). */
  productKey: string;
  unitKey: string;
}

/** A concept of the invoice: the line with its base (Importe), unit value and tax. */
export interface Concept extends PaidLine {
  /** ValorUnitario in cents with up to 4 more decimals, written as SAT decimal text. */
  unitValue: string;
  base: number;
  tax: number;
}

export interface InvoiceTotals {
  concepts: Concept[];
  subtotal: number;
  tax: number;
  total: number;
}

/** Cents as SAT decimal text: 12345 → "123.45". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** SAT decimal text to cents; null when it is not a number with at most 2 decimals. */
export function textCents(text: string | undefined): number | null {
  if (text === undefined || !/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * ValorUnitario: the base over the quantity, with 6 decimals (SAT allows up to 6), so that quantity × unit value
 * rounds to the base to the cent.
 */
function unitValueText(base: number, quantity: number): string {
  const micro = divideRounded(base * 10_000, quantity);
  const whole = Math.floor(micro / 1_000_000);
  return `${whole}.${String(micro % 1_000_000).padStart(6, "0")}`;
}

/** The invoice's concepts and totals: SubTotal = Σ bases, taxes = Σ line taxes, Total = SubTotal + taxes = Σ paid. */
export function invoiceTotals(lines: readonly PaidLine[], rate: TaxRate): InvoiceTotals {
  const concepts = lines.map((line) => {
    const { base, tax } = splitGross(line.gross, rate);
    return { ...line, base, tax, unitValue: unitValueText(base, line.quantity) };
  });
  const subtotal = concepts.reduce((sum, concept) => sum + concept.base, 0);
  const tax = concepts.reduce((sum, concept) => sum + concept.tax, 0);
  return { concepts, subtotal, tax, total: subtotal + tax };
}

// ---------------------------------------------------------------------------------------------------------------
// RFC, tax regimes and CFDI uses
// ---------------------------------------------------------------------------------------------------------------

/** The RFC of the public at large (a global invoice's receiver) and of foreign receivers. */
export const PUBLIC_RFC = "XAXX010101000";
export const FOREIGN_RFC = "XEXX010101000";

const RFC = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2}[A\d])$/;

/** 'moral' (12 characters: a company), 'fisica' (13: a person), or null when it is not an RFC. */
export function rfcKind(rfc: string): "moral" | "fisica" | null {
  const match = RFC.exec(rfc);
  if (!match) return null;
  const month = Number(match[3]);
  const day = Number(match[4]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return match[1].length === 3 ? "moral" : "fisica";
}

/** c_RegimenFiscal: who may hold each regime (F: a person, M: a company). */
export const regimeHolders: Record<string, readonly ("fisica" | "moral")[]> = {
  "601": ["moral"],
  "603": ["moral"],
  "605": ["fisica"],
  "606": ["fisica"],
  "607": ["fisica"],
  "608": ["fisica"],
  "610": ["fisica", "moral"],
  "611": ["fisica"],
  "612": ["fisica"],
  "614": ["fisica"],
  "615": ["fisica"],
  "616": ["fisica"],
  "620": ["moral"],
  "621": ["fisica"],
  "622": ["moral"],
  "623": ["moral"],
  "624": ["moral"],
  "625": ["fisica"],
  "626": ["fisica", "moral"],
};

const business = ["601", "603", "606", "612", "620", "621", "622", "623", "624", "625", "626"];
const deductions = ["605", "606", "608", "611", "612", "614", "607", "615", "625"];

/** c_UsoCFDI's 'Régimen Fiscal Receptor' column: the receiver regimes each use may go with. */
export const useRegimes: Record<string, readonly string[]> = {
  G01: business,
  G02: business,
  G03: business,
  I01: business,
  I02: business,
  I03: business,
  I04: business,
  I05: business,
  I06: business,
  I07: business,
  I08: business,
  D01: deductions,
  D02: deductions,
  D03: deductions,
  D04: deductions,
  D05: deductions,
  D06: deductions,
  D07: deductions,
  D08: deductions,
  D09: deductions,
  D10: deductions,
  S01: Object.keys(regimeHolders),
  CP01: [
    "601",
    "603",
    "605",
    "606",
    "608",
    "610",
    "611",
    "612",
    "614",
    "616",
    "620",
    "621",
    "622",
    "623",
    "624",
    "607",
    "615",
    "625",
    "626",
  ],
  CN01: ["605"],
};

/** Uses only a person may give (deductions and payroll). */
const personalUses = new Set(["D01", "D02", "D03", "D04", "D05", "D06", "D07", "D08", "D09", "D10", "CN01"]);

export type ReceiverProblem =
  "invoice_rfc_invalid" | "invoice_regime_mismatch" | "invoice_use_mismatch" | "invoice_postal_code_invalid" | "invoice_public_rfc_rules";

/** Whether a receiver's RFC, regime, CFDI use and postal code go together (SAT's CFDI 4.0 receiver checks). */
export function receiverProblem(receiver: { rfc: string; regime: string; use: string; postalCode: string }): ReceiverProblem | null {
  const kind = rfcKind(receiver.rfc);
  if (!kind) return "invoice_rfc_invalid";
  if (!/^\d{5}$/.test(receiver.postalCode)) return "invoice_postal_code_invalid";
  if (receiver.rfc === PUBLIC_RFC) return receiver.regime === "616" && receiver.use === "S01" ? null : "invoice_public_rfc_rules";
  if (!regimeHolders[receiver.regime]?.includes(kind)) return "invoice_regime_mismatch";
  if (!useRegimes[receiver.use]?.includes(receiver.regime)) return "invoice_use_mismatch";
  if (kind === "moral" && personalUses.has(receiver.use)) return "invoice_use_mismatch";
  return null;
}

/** Whether an issuer's RFC and regime go together (a shop's fiscal data). */
export function issuerProblem(issuer: { rfc: string; regime: string }): "invoice_rfc_invalid" | "invoice_regime_mismatch" | null {
  const kind = rfcKind(issuer.rfc);
  if (!kind || issuer.rfc === PUBLIC_RFC || issuer.rfc === FOREIGN_RFC) return "invoice_rfc_invalid";
  return regimeHolders[issuer.regime]?.includes(kind) && issuer.regime !== "616" ? null : "invoice_regime_mismatch";
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers, payment forms, cancellation
// ---------------------------------------------------------------------------------------------------------------

/** c_MotivoCancelacion: 01 issued with errors and replaced (names the replacement), 02 errors, 03 not carried out, 04 global. */
export const cancellationReasons = ["01", "02", "03", "04"] as const;
export type CancellationReason = (typeof cancellationReasons)[number];

/** The invoice number as people read it: series and folio, "A-17". */
export function invoiceNumber(series: string, folio: number): string {
  return `${series}-${folio}`;
}

/** c_FormaPago of how the purchase was paid (PUE: paid in one go, so never 99 'por definir'). */
export function paymentForm(method: string | null): string {
  if (!method) return "31";
  if (/card/.test(method) || method === "aplazo") return "04";
  if (/bank|spei|transfer/.test(method)) return "03";
  if (/store|oxxo|cash/.test(method)) return "01";
  return "31";
}

/** The invoice's readable state for filters and labels. */
export const invoiceStates = ["valid", "cancelled"] as const;
export type InvoiceState = (typeof invoiceStates)[number];

/** 'I' ingreso (a sale), 'E' egreso (a credit note for a refund), 'P' pago (a payment of a PPD invoice). */
export const invoiceKinds = ["I", "E", "P"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/**
 * The URL SAT's QR carries (Anexo 20, 'representación impresa'): the verifier with the UUID, issuer and receiver RFCs,
 * the total with 6 decimals (no padding zeros beyond SAT's form) and the seal's last 8 characters.
 */
export function satQrUrl(input: { uuid: string; issuerRfc: string; receiverRfc: string; total: number; seal: string }): string {
  const total = (input.total / 100).toFixed(6);
  const params = [
    `id=${input.uuid}`,
    `re=${encodeURIComponent(input.issuerRfc)}`,
    `rr=${encodeURIComponent(input.receiverRfc)}`,
    `tt=${total}`,
    `fe=${encodeURIComponent(input.seal.slice(-8))}`,
  ];
  return `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?${params.join("&")}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The checks a PAC makes on a CFDI 4.0 before stamping it, those that need no SAT service (the sandbox PAC's)
// ---------------------------------------------------------------------------------------------------------------

/** A transfer as read from the XML: amounts in cents, null when not SAT decimal text; the rate, null when unknown. */
export interface TransferFacts {
  base: number | null;
  tax: number | null;
  rate: TaxRate | null;
}

/** What the checks read of a CFDI. */
export interface CfdiFacts {
  version?: string;
  kind?: string;
  currency?: string;
  /** TipoCambio as written. */
  exchangeRate?: string;
  postalCode?: string;
  paymentForm?: string;
  paymentMethod?: string;
  subtotal: number | null;
  total: number | null;
  totalTax: number | null;
  issuer: { rfc: string; name: string; regime: string };
  receiver: { rfc: string; name: string; regime: string; use: string; postalCode: string };
  concepts: {
    description?: string;
    productKey?: string;
    unitKey?: string;
    quantity: number;
    unitValue: number;
    base: number | null;
    taxObject?: string;
    transfers: TransferFacts[];
  }[];
  transfers: TransferFacts[];
  relatedUuids: string[];
  /** c_TipoRelacion of the related UUIDs. */
  relation?: string;
  /** Further CfdiRelacionados beyond the first (a substitute credit note's 04 beside its 01). */
  moreRelations?: { relation?: string; uuids: string[] }[];
}

export type CfdiProblem =
  | ReceiverProblem
  | "invoice_regime_mismatch"
  | "invoice_totals_mismatch"
  | "invoice_xml_invalid"
  | "invoice_product_key_invalid"
  | "invoice_unit_key_invalid";

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** TipoCambio: pesos per unit of the invoice's currency, above zero, with up to 6 decimals (SAT's pattern). */
export function exchangeRateValid(text: string | undefined): boolean {
  return text !== undefined && /^\d{1,18}(\.\d{1,6})?$/.test(text) && Number(text) > 0;
}

/** Whether a text is a folio fiscal (a UUID). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}

function conceptProblem(concept: CfdiFacts["concepts"][number]): CfdiProblem | null {
  if (!isSatProductKey(concept.productKey ?? "")) return "invoice_product_key_invalid";
  if (!isSatUnitKey(concept.unitKey ?? "")) return "invoice_unit_key_invalid";
  if (concept.base === null || !(concept.quantity > 0) || !(concept.unitValue >= 0)) return "invoice_xml_invalid";
  // Importe = Cantidad × ValorUnitario, within the half cent SAT allows for rounding.
  if (Math.abs(concept.quantity * concept.unitValue * 100 - concept.base) > 0.5 + 1e-6) return "invoice_totals_mismatch";
  if (concept.taxObject !== "02" || concept.transfers.length !== 1) return "invoice_xml_invalid";
  const [transfer] = concept.transfers;
  if (transfer.base === null || transfer.tax === null || transfer.rate === null) return "invoice_xml_invalid";
  if (transfer.base !== concept.base) return "invoice_totals_mismatch";
  const { lower, upper } = taxBounds(transfer.base, transfer.rate);
  return transfer.tax < lower || transfer.tax > upper ? "invoice_totals_mismatch" : null;
}

/**
 * SAT's CFDI 4.0 rules a PAC checks and that need no SAT service: version, type, method PUE, the issuer's and
 * receiver's RFC, regime, use and postal code; every concept's product and unit keys (rules/sat-keys.ts), amount, its
 * one IVA transfer within tolerance; the
 * summary transfers per rate equal the sums of the concepts', SubTotal = Σ Importe and Total = SubTotal + taxes, to
 * the cent; a credit note relates a UUID (TipoRelacion 01), a substitute the one it replaces (04). The first problem
 * found, or null.
 */
export function cfdiProblem(cfdi: CfdiFacts): CfdiProblem | null {
  if (cfdi.version !== "4.0" || (cfdi.kind !== "I" && cfdi.kind !== "E")) return "invoice_xml_invalid";
  if (!cfdi.paymentForm || !/^\d{2}$/.test(cfdi.paymentForm)) return "invoice_xml_invalid";
  // Paid in one go names how (never 99 'por definir'); paid in parts or later says 99 (c_MetodoPago, c_FormaPago).
  if (cfdi.paymentMethod === "PUE" ? cfdi.paymentForm === "99" : cfdi.paymentMethod !== "PPD" || cfdi.paymentForm !== "99")
    return "invoice_xml_invalid";
  if (cfdi.kind === "E" && cfdi.paymentMethod !== "PUE") return "invoice_xml_invalid";
  if (!cfdi.currency || !/^[A-Z]{3}$/.test(cfdi.currency) || cfdi.currency === "XXX" || !/^\d{5}$/.test(cfdi.postalCode ?? ""))
    return "invoice_xml_invalid";
  // A currency other than the peso carries its exchange rate to pesos (TipoCambio); the peso's is 1 or left out.
  if (cfdi.currency === "MXN" ? cfdi.exchangeRate !== undefined && cfdi.exchangeRate !== "1" : !exchangeRateValid(cfdi.exchangeRate))
    return "invoice_xml_invalid";
  const issuer = issuerProblem({ rfc: cfdi.issuer.rfc, regime: cfdi.issuer.regime });
  if (issuer) return issuer;
  if (!cfdi.issuer.name.trim() || !cfdi.receiver.name.trim()) return "invoice_xml_invalid";
  const receiver = receiverProblem(cfdi.receiver);
  if (receiver) return receiver;
  if (!cfdi.relatedUuids.every((uuid) => UUID.test(uuid))) return "invoice_xml_invalid";
  // A credit note relates its invoice (01); an invoice relates only the one it replaces (04, SAT's substitution).
  if (cfdi.kind === "E" && (cfdi.relatedUuids.length === 0 || cfdi.relation !== "01")) return "invoice_xml_invalid";
  if (cfdi.kind === "I" && cfdi.relatedUuids.length > 0 && (cfdi.relatedUuids.length !== 1 || cfdi.relation !== "04"))
    return "invoice_xml_invalid";
  // Only a credit note that replaces another says so beside its invoice: one more relation, 04, one UUID.
  const more = cfdi.moreRelations ?? [];
  if (more.length > (cfdi.kind === "E" ? 1 : 0)) return "invoice_xml_invalid";
  if (more.some((one) => one.relation !== "04" || one.uuids.length !== 1 || !one.uuids.every(isUuid))) return "invoice_xml_invalid";
  if (cfdi.concepts.length === 0 || cfdi.subtotal === null || cfdi.total === null || cfdi.totalTax === null) return "invoice_xml_invalid";
  for (const concept of cfdi.concepts) {
    const problem = conceptProblem(concept);
    if (problem) return problem;
  }
  const byRate = new Map<TaxRate, { base: number; tax: number }>();
  for (const concept of cfdi.concepts) {
    const [transfer] = concept.transfers;
    const sum = byRate.get(transfer.rate as TaxRate) ?? { base: 0, tax: 0 };
    byRate.set(transfer.rate as TaxRate, { base: sum.base + (transfer.base ?? 0), tax: sum.tax + (transfer.tax ?? 0) });
  }
  if (cfdi.transfers.length !== byRate.size) return "invoice_totals_mismatch";
  for (const transfer of cfdi.transfers) {
    const sum = transfer.rate ? byRate.get(transfer.rate) : undefined;
    if (!sum || sum.base !== transfer.base || sum.tax !== transfer.tax) return "invoice_totals_mismatch";
  }
  const subtotal = cfdi.concepts.reduce((sum, concept) => sum + (concept.base ?? 0), 0);
  const taxes = [...byRate.values()].reduce((sum, one) => sum + one.tax, 0);
  if (subtotal !== cfdi.subtotal || taxes !== cfdi.totalTax || cfdi.total !== subtotal + taxes) return "invoice_totals_mismatch";
  return null;
}
