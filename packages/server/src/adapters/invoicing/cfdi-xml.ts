import {
  type CfdiFacts,
  type CfdiProblem,
  type Concept,
  type InvoiceKind,
  type TaxRate,
  centsText,
  cfdiProblem,
  issuerProblem,
  rateFromXml,
  receiverProblem,
  rateText,
  textCents,
} from "@tianguis/domain/rules/cfdi";
import {
  PAYMENT_CONCEPT,
  type Partiality,
  type PaymentCfdiFacts,
  type PaymentCfdiProblem,
  type PaymentMethod,
  type PaymentTransferFacts,
  paymentCfdiProblem,
  paymentTax,
  paymentTotalsAttributes,
  pesosOf,
} from "@tianguis/domain/rules/cfdi-payments";
import { create } from "xmlbuilder2";

/**
 * A CFDI 4.0 as this app issues it (SAT's Anexo 20): the document every PAC adapter is given, its XML built with
 * xmlbuilder2 (escaping and namespaces done by the library, never by string concatenation), and read back.
 */
export interface CfdiDocument {
  kind: InvoiceKind;
  series: string;
  folio: number;
  /** Local time of issue in Mexico City, "2026-11-28T10:00:00" (SAT's Fecha has no zone). */
  issuedAt: string;
  paymentForm: string;
  /** c_MetodoPago: PUE (paid when issued) or PPD (paid in parts or later, with form 99); PUE when left out. */
  paymentMethod?: PaymentMethod;
  currency: string;
  /** TipoCambio (pesos per unit, SAT decimal text) of a currency other than MXN. */
  exchangeRate?: string;
  postalCode: string;
  issuer: { rfc: string; name: string; regime: string };
  receiver: { rfc: string; name: string; regime: string; use: string; postalCode: string };
  rate: TaxRate;
  concepts: Concept[];
  subtotal: number;
  tax: number;
  total: number;
  /** A credit note's original invoice (TipoRelacion 01, nota de crédito) or the invoice this one replaces (04). */
  relatedUuid?: string;
  /** c_TipoRelacion of relatedUuid: 01 a credit note's, 04 a substitution's; 01 when left out. */
  relation?: "01" | "04";
  /** The credit note a substitute credit note replaces (a second CfdiRelacionados, TipoRelacion 04). */
  replacedUuid?: string;
  /** A global invoice's period (InformacionGlobal: monthly, month and year). */
  global?: { month: number; year: number };
  /** A payment CFDI's (kind P) one payment of one PPD invoice (Pagos 2.0). */
  payment?: PaymentOfInvoice;
}

/** What a payment complement says: when and how the money came, and the invoice's partiality it pays. */
export interface PaymentOfInvoice {
  /** FechaPago, SAT's local form. */
  paidAt: string;
  /** c_FormaPago of the payment (never 99). */
  form: string;
  /** The payment's and the invoice's currency, and its TipoCambioP ("1" for MXN). */
  currency: string;
  exchangeRate: string;
  invoice: { uuid: string; series: string; folio: number };
  partiality: Partiality;
}

export const CFDI_NS = "http://www.sat.gob.mx/cfd/4";
export const TFD_NS = "http://www.sat.gob.mx/TimbreFiscalDigital";
export const PAGOS_NS = "http://www.sat.gob.mx/Pagos20";
const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";

/** SAT's Fecha: the instant as wall-clock time in Mexico City, seconds precision. */
export function satDate(instant: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Mexico_City",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:${part("second")}`;
}

function transferAttributes(base: number, tax: number, rate: TaxRate): Record<string, string> {
  const tasa = rateText(rate);
  if (tasa === null) return { Base: centsText(base), Impuesto: "002", TipoFactor: "Exento" };
  return { Base: centsText(base), Impuesto: "002", TipoFactor: "Tasa", TasaOCuota: tasa, Importe: centsText(tax) };
}

/** The unsigned CFDI (Sello, NoCertificado and Certificado are the PAC's or the CSD's to fill). */
export function buildCfdiXml(doc: CfdiDocument, seal: { sello: string; noCertificado: string } = { sello: "", noCertificado: "" }): string {
  if (doc.kind === "P") return buildPaymentXml(doc, seal);
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele(CFDI_NS, "cfdi:Comprobante", {
    "xmlns:xsi": XSI_NS,
    "xsi:schemaLocation": `${CFDI_NS} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`,
    Version: "4.0",
    Serie: doc.series,
    Folio: String(doc.folio),
    Fecha: doc.issuedAt,
    Sello: seal.sello,
    FormaPago: doc.paymentForm,
    NoCertificado: seal.noCertificado,
    SubTotal: centsText(doc.subtotal),
    Moneda: doc.currency,
    ...(doc.exchangeRate ? { TipoCambio: doc.exchangeRate } : {}),
    Total: centsText(doc.total),
    TipoDeComprobante: doc.kind,
    Exportacion: "01",
    MetodoPago: doc.paymentMethod ?? "PUE",
    LugarExpedicion: doc.postalCode,
  });
  if (doc.global) {
    root.ele(CFDI_NS, "cfdi:InformacionGlobal", {
      Periodicidad: "04",
      Meses: String(doc.global.month).padStart(2, "0"),
      Año: String(doc.global.year),
    });
  }
  if (doc.relatedUuid) {
    root
      .ele(CFDI_NS, "cfdi:CfdiRelacionados", { TipoRelacion: doc.relation ?? "01" })
      .ele(CFDI_NS, "cfdi:CfdiRelacionado", { UUID: doc.relatedUuid });
  }
  if (doc.replacedUuid) {
    root.ele(CFDI_NS, "cfdi:CfdiRelacionados", { TipoRelacion: "04" }).ele(CFDI_NS, "cfdi:CfdiRelacionado", { UUID: doc.replacedUuid });
  }
  root.ele(CFDI_NS, "cfdi:Emisor", { Rfc: doc.issuer.rfc, Nombre: doc.issuer.name, RegimenFiscal: doc.issuer.regime });
  root.ele(CFDI_NS, "cfdi:Receptor", {
    Rfc: doc.receiver.rfc,
    Nombre: doc.receiver.name,
    DomicilioFiscalReceptor: doc.receiver.postalCode,
    RegimenFiscalReceptor: doc.receiver.regime,
    UsoCFDI: doc.receiver.use,
  });
  const concepts = root.ele(CFDI_NS, "cfdi:Conceptos");
  for (const concept of doc.concepts) {
    concepts
      .ele(CFDI_NS, "cfdi:Concepto", {
        ClaveProdServ: concept.productKey,
        Cantidad: String(concept.quantity),
        ClaveUnidad: concept.unitKey,
        Descripcion: concept.description,
        ValorUnitario: concept.unitValue,
        Importe: centsText(concept.base),
        ObjetoImp: "02",
      })
      .ele(CFDI_NS, "cfdi:Impuestos")
      .ele(CFDI_NS, "cfdi:Traslados")
      .ele(CFDI_NS, "cfdi:Traslado", transferAttributes(concept.base, concept.tax, doc.rate));
  }
  const taxes = root.ele(CFDI_NS, "cfdi:Impuestos", doc.rate === "exempt" ? {} : { TotalImpuestosTrasladados: centsText(doc.tax) });
  taxes.ele(CFDI_NS, "cfdi:Traslados").ele(CFDI_NS, "cfdi:Traslado", transferAttributes(doc.subtotal, doc.tax, doc.rate));
  return root.end({ prettyPrint: true });
}

function paymentTransfer(suffix: "DR" | "P", base: number, tax: number, rate: TaxRate): Record<string, string> {
  const tasa = rateText(rate);
  const head = { [`Base${suffix}`]: centsText(base), [`Impuesto${suffix}`]: "002" };
  if (tasa === null) return { ...head, [`TipoFactor${suffix}`]: "Exento" };
  return { ...head, [`TipoFactor${suffix}`]: "Tasa", [`TasaOCuota${suffix}`]: tasa, [`Importe${suffix}`]: centsText(tax) };
}

/**
 * A payment CFDI (kind P, SAT's Guía de llenado de pagos): SubTotal and Total 0 in XXX, no FormaPago nor MetodoPago,
 * use CP01, the one fixed concept (84111506 'Pago', not an object of tax), and Complemento de Pagos 2.0 with the
 * payment, its related PPD invoice (partiality, balance before, paid, balance left) and the IVA the payment carries;
 * Totales in pesos.
 */
function buildPaymentXml(doc: CfdiDocument, seal: { sello: string; noCertificado: string }): string {
  const payment = doc.payment;
  if (!payment) throw new Error("a payment CFDI needs its payment");
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele(CFDI_NS, "cfdi:Comprobante", {
    "xmlns:xsi": XSI_NS,
    "xmlns:pago20": PAGOS_NS,
    "xsi:schemaLocation": `${CFDI_NS} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd ${PAGOS_NS} http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd`,
    Version: "4.0",
    Serie: doc.series,
    Folio: String(doc.folio),
    Fecha: doc.issuedAt,
    Sello: seal.sello,
    NoCertificado: seal.noCertificado,
    SubTotal: "0",
    Moneda: "XXX",
    Total: "0",
    TipoDeComprobante: "P",
    Exportacion: "01",
    LugarExpedicion: doc.postalCode,
  });
  root.ele(CFDI_NS, "cfdi:Emisor", { Rfc: doc.issuer.rfc, Nombre: doc.issuer.name, RegimenFiscal: doc.issuer.regime });
  root.ele(CFDI_NS, "cfdi:Receptor", {
    Rfc: doc.receiver.rfc,
    Nombre: doc.receiver.name,
    DomicilioFiscalReceptor: doc.receiver.postalCode,
    RegimenFiscalReceptor: doc.receiver.regime,
    UsoCFDI: "CP01",
  });
  root.ele(CFDI_NS, "cfdi:Conceptos").ele(CFDI_NS, "cfdi:Concepto", {
    ClaveProdServ: PAYMENT_CONCEPT.productKey,
    Cantidad: "1",
    ClaveUnidad: PAYMENT_CONCEPT.unitKey,
    Descripcion: PAYMENT_CONCEPT.description,
    ValorUnitario: "0",
    Importe: "0",
    ObjetoImp: "01",
  });
  const { partiality } = payment;
  const { base, tax } = paymentTax(partiality.paid, doc.rate);
  const names = paymentTotalsAttributes[doc.rate];
  const pesos = (cents: number) => centsText(pesosOf(cents, payment.exchangeRate));
  const pagos = root.ele(CFDI_NS, "cfdi:Complemento").ele(PAGOS_NS, "pago20:Pagos", { Version: "2.0" });
  pagos.ele(PAGOS_NS, "pago20:Totales", {
    [names.base]: pesos(base),
    ...(names.tax ? { [names.tax]: pesos(tax) } : {}),
    MontoTotalPagos: pesos(partiality.paid),
  });
  const pago = pagos.ele(PAGOS_NS, "pago20:Pago", {
    FechaPago: payment.paidAt,
    FormaDePagoP: payment.form,
    MonedaP: payment.currency,
    TipoCambioP: payment.exchangeRate,
    Monto: centsText(partiality.paid),
  });
  pago
    .ele(PAGOS_NS, "pago20:DoctoRelacionado", {
      IdDocumento: payment.invoice.uuid,
      Serie: payment.invoice.series,
      Folio: String(payment.invoice.folio),
      MonedaDR: payment.currency,
      EquivalenciaDR: "1",
      NumParcialidad: String(partiality.number),
      ImpSaldoAnt: centsText(partiality.previousBalance),
      ImpPagado: centsText(partiality.paid),
      ImpSaldoInsoluto: centsText(partiality.remaining),
      ObjetoImpDR: "02",
    })
    .ele(PAGOS_NS, "pago20:ImpuestosDR")
    .ele(PAGOS_NS, "pago20:TrasladosDR")
    .ele(PAGOS_NS, "pago20:TrasladoDR", paymentTransfer("DR", base, tax, doc.rate));
  pago
    .ele(PAGOS_NS, "pago20:ImpuestosP")
    .ele(PAGOS_NS, "pago20:TrasladosP")
    .ele(PAGOS_NS, "pago20:TrasladoP", paymentTransfer("P", base, tax, doc.rate));
  return root.end({ prettyPrint: true });
}

/** The stamp a PAC adds (TimbreFiscalDigital 1.1), inside cfdi:Complemento. */
export interface Timbre {
  uuid: string;
  stampedAt: string;
  satSeal: string;
  satCertificate: string;
  issuerSeal: string;
  pacRfc: string;
}

/** The XML with its issuer seal and the PAC's stamp added. */
export function addTimbre(xml: string, timbre: Timbre): string {
  const doc = create(xml);
  const root = doc.root();
  root.att("Sello", timbre.issuerSeal);
  // One cfdi:Complemento: a payment CFDI's already holds its Pagos, the stamp goes beside it.
  const complement = root.find((node) => node.node.nodeName === "cfdi:Complemento") ?? root.ele(CFDI_NS, "cfdi:Complemento");
  complement.ele(TFD_NS, "tfd:TimbreFiscalDigital", {
    "xmlns:tfd": TFD_NS,
    Version: "1.1",
    UUID: timbre.uuid,
    FechaTimbrado: timbre.stampedAt,
    RfcProvCertif: timbre.pacRfc,
    SelloCFD: timbre.issuerSeal,
    NoCertificadoSAT: timbre.satCertificate,
    SelloSAT: timbre.satSeal,
  });
  return doc.end({ prettyPrint: true });
}

type XmlNode = { [key: string]: string | XmlNode | XmlNode[] };

function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const value = node?.[name];
  if (Array.isArray(value)) return value[0];
  return typeof value === "object" ? value : undefined;
}
function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  if (Array.isArray(value)) return value;
  return typeof value === "object" ? [value] : [];
}
function attr(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@${name}`];
  return typeof value === "string" ? value : undefined;
}

/** What a PAC reads back from an XML (rules/cfdi.ts checks it), with the stamp's UUID and a global invoice's period. */
export type ReadCfdi = CfdiFacts & { timbreUuid?: string; global?: { month: number; year: number } };

function globalOf(node: XmlNode | undefined): { month: number; year: number } | undefined {
  if (!node) return undefined;
  return { month: Number(attr(node, "Meses")), year: Number(attr(node, "Año")) };
}

function readTransfer(node: XmlNode) {
  const factor = attr(node, "TipoFactor") ?? "";
  return {
    base: textCents(attr(node, "Base")),
    tax: factor === "Exento" ? 0 : textCents(attr(node, "Importe")),
    rate: rateFromXml(factor, attr(node, "TasaOCuota")),
  };
}

/** A CFDI's root element (cfdi:Comprobante in the CFDI namespace); null when the text is not XML or not a CFDI. */
function comprobanteOf(xml: string): XmlNode | null {
  let tree: XmlNode;
  try {
    tree = create(xml).end({ format: "object" }) as unknown as XmlNode;
  } catch {
    return null;
  }
  const root = child(tree, "cfdi:Comprobante");
  return root && attr(root, "xmlns:cfdi") === CFDI_NS ? root : null;
}

/** Reads a CFDI 4.0's parts (elements in the cfdi namespace with the usual prefixes); null when it is not one. */
export function readCfdiXml(xml: string): ReadCfdi | null {
  const root = comprobanteOf(xml);
  if (!root) return null;
  const issuer = child(root, "cfdi:Emisor");
  const receiver = child(root, "cfdi:Receptor");
  const concepts = children(child(root, "cfdi:Conceptos"), "cfdi:Concepto");
  const taxes = child(root, "cfdi:Impuestos");
  const timbre = child(child(root, "cfdi:Complemento"), "tfd:TimbreFiscalDigital");
  return {
    version: attr(root, "Version"),
    kind: attr(root, "TipoDeComprobante"),
    currency: attr(root, "Moneda"),
    exchangeRate: attr(root, "TipoCambio"),
    postalCode: attr(root, "LugarExpedicion"),
    paymentForm: attr(root, "FormaPago"),
    paymentMethod: attr(root, "MetodoPago"),
    subtotal: textCents(attr(root, "SubTotal")),
    total: textCents(attr(root, "Total")),
    totalTax: attr(taxes, "TotalImpuestosTrasladados") === undefined ? 0 : textCents(attr(taxes, "TotalImpuestosTrasladados")),
    issuer: { rfc: attr(issuer, "Rfc") ?? "", name: attr(issuer, "Nombre") ?? "", regime: attr(issuer, "RegimenFiscal") ?? "" },
    receiver: {
      rfc: attr(receiver, "Rfc") ?? "",
      name: attr(receiver, "Nombre") ?? "",
      regime: attr(receiver, "RegimenFiscalReceptor") ?? "",
      use: attr(receiver, "UsoCFDI") ?? "",
      postalCode: attr(receiver, "DomicilioFiscalReceptor") ?? "",
    },
    concepts: concepts.map((concept) => ({
      description: attr(concept, "Descripcion"),
      productKey: attr(concept, "ClaveProdServ"),
      unitKey: attr(concept, "ClaveUnidad"),
      quantity: Number(attr(concept, "Cantidad") ?? Number.NaN),
      unitValue: Number(attr(concept, "ValorUnitario") ?? Number.NaN),
      base: textCents(attr(concept, "Importe")),
      taxObject: attr(concept, "ObjetoImp"),
      transfers: children(child(child(concept, "cfdi:Impuestos"), "cfdi:Traslados"), "cfdi:Traslado").map(readTransfer),
    })),
    transfers: children(child(taxes, "cfdi:Traslados"), "cfdi:Traslado").map(readTransfer),
    relatedUuids: children(child(root, "cfdi:CfdiRelacionados"), "cfdi:CfdiRelacionado").map((one) => attr(one, "UUID") ?? ""),
    relation: attr(child(root, "cfdi:CfdiRelacionados"), "TipoRelacion"),
    moreRelations: children(root, "cfdi:CfdiRelacionados")
      .slice(1)
      .map((node) => ({
        relation: attr(node, "TipoRelacion"),
        uuids: children(node, "cfdi:CfdiRelacionado").map((one) => attr(one, "UUID") ?? ""),
      })),
    global: globalOf(child(root, "cfdi:InformacionGlobal")),
    timbreUuid: attr(timbre, "UUID"),
  };
}

function readPaymentTransfer(node: XmlNode, suffix: "DR" | "P"): PaymentTransferFacts {
  const factor = attr(node, `TipoFactor${suffix}`) ?? "";
  return {
    base: textCents(attr(node, `Base${suffix}`)),
    tax: factor === "Exento" ? 0 : textCents(attr(node, `Importe${suffix}`)),
    rate: rateFromXml(factor, attr(node, `TasaOCuota${suffix}`)),
  };
}

/** Reads a payment CFDI's (type P) parts for rules/cfdi-payments.ts; null when it is not a CFDI. */
export function readPaymentXml(xml: string): (PaymentCfdiFacts & Pick<CfdiFacts, "issuer" | "receiver" | "postalCode">) | null {
  const root = comprobanteOf(xml);
  if (!root) return null;
  const issuer = child(root, "cfdi:Emisor");
  const receiver = child(root, "cfdi:Receptor");
  const pagos = child(child(root, "cfdi:Complemento"), "pago20:Pagos");
  const totals = child(pagos, "pago20:Totales");
  const written: PaymentCfdiFacts["totals"] = {};
  for (const [rate, names] of Object.entries(paymentTotalsAttributes) as [TaxRate, { base: string; tax: string | null }][]) {
    if (attr(totals, names.base) === undefined) continue;
    written[rate] = { base: textCents(attr(totals, names.base)), tax: names.tax ? textCents(attr(totals, names.tax)) : 0 };
  }
  return {
    kind: attr(root, "TipoDeComprobante"),
    currency: attr(root, "Moneda"),
    subtotal: textCents(attr(root, "SubTotal")),
    total: textCents(attr(root, "Total")),
    paymentForm: attr(root, "FormaPago"),
    paymentMethod: attr(root, "MetodoPago"),
    postalCode: attr(root, "LugarExpedicion"),
    use: attr(receiver, "UsoCFDI") ?? "",
    issuer: { rfc: attr(issuer, "Rfc") ?? "", name: attr(issuer, "Nombre") ?? "", regime: attr(issuer, "RegimenFiscal") ?? "" },
    receiver: {
      rfc: attr(receiver, "Rfc") ?? "",
      name: attr(receiver, "Nombre") ?? "",
      regime: attr(receiver, "RegimenFiscalReceptor") ?? "",
      use: attr(receiver, "UsoCFDI") ?? "",
      postalCode: attr(receiver, "DomicilioFiscalReceptor") ?? "",
    },
    concepts: children(child(root, "cfdi:Conceptos"), "cfdi:Concepto").map((concept) => ({
      productKey: attr(concept, "ClaveProdServ"),
      unitKey: attr(concept, "ClaveUnidad"),
      quantity: Number(attr(concept, "Cantidad") ?? Number.NaN),
      unitValue: Number(attr(concept, "ValorUnitario") ?? Number.NaN),
      base: textCents(attr(concept, "Importe")),
      taxObject: attr(concept, "ObjetoImp"),
    })),
    pagosVersion: attr(pagos, "Version"),
    totalPaid: textCents(attr(totals, "MontoTotalPagos")),
    totals: written,
    payments: children(pagos, "pago20:Pago").map((pago) => ({
      date: attr(pago, "FechaPago"),
      form: attr(pago, "FormaDePagoP"),
      currency: attr(pago, "MonedaP"),
      exchangeRate: attr(pago, "TipoCambioP"),
      amount: textCents(attr(pago, "Monto")),
      documents: children(pago, "pago20:DoctoRelacionado").map((document) => ({
        uuid: attr(document, "IdDocumento") ?? "",
        currency: attr(document, "MonedaDR"),
        partiality: Number(attr(document, "NumParcialidad") ?? Number.NaN),
        previousBalance: textCents(attr(document, "ImpSaldoAnt")),
        paid: textCents(attr(document, "ImpPagado")),
        remaining: textCents(attr(document, "ImpSaldoInsoluto")),
        taxObject: attr(document, "ObjetoImpDR"),
        transfers: children(child(child(document, "pago20:ImpuestosDR"), "pago20:TrasladosDR"), "pago20:TrasladoDR").map((node) =>
          readPaymentTransfer(node, "DR"),
        ),
      })),
      transfers: children(child(child(pago, "pago20:ImpuestosP"), "pago20:TrasladosP"), "pago20:TrasladoP").map((node) =>
        readPaymentTransfer(node, "P"),
      ),
    })),
  };
}

/**
 * SAT's local rules for a CFDI's XML, whatever its type (what the sandbox PAC and the Facturapi fake check before they
 * stamp): an invoice or credit note by rules/cfdi.ts, a payment CFDI by its issuer, its receiver and rules/cfdi-payments.ts.
 * The first problem, or null.
 */
export function localProblem(xml: string): CfdiProblem | PaymentCfdiProblem | null {
  const read = readCfdiXml(xml);
  if (!read) return "invoice_xml_invalid";
  if (read.kind !== "P") return cfdiProblem(read);
  const payment = readPaymentXml(xml);
  if (!payment || read.version !== "4.0" || !/^\d{5}$/.test(payment.postalCode ?? "")) return "invoice_xml_invalid";
  const issuer = issuerProblem(payment.issuer);
  if (issuer) return issuer;
  if (!payment.issuer.name.trim() || !payment.receiver.name.trim()) return "invoice_xml_invalid";
  return receiverProblem(payment.receiver) ?? paymentCfdiProblem(payment);
}
