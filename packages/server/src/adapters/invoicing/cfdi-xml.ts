import {
  type CfdiFacts,
  type Concept,
  type InvoiceKind,
  type TaxRate,
  centsText,
  rateFromXml,
  rateText,
  textCents,
} from "@tianguis/domain/rules/cfdi";
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
  currency: string;
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
  /** A global invoice's period (InformacionGlobal: monthly, month and year). */
  global?: { month: number; year: number };
}

export const CFDI_NS = "http://www.sat.gob.mx/cfd/4";
export const TFD_NS = "http://www.sat.gob.mx/TimbreFiscalDigital";
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
    Total: centsText(doc.total),
    TipoDeComprobante: doc.kind,
    Exportacion: "01",
    MetodoPago: "PUE",
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
  root.ele(CFDI_NS, "cfdi:Complemento").ele(TFD_NS, "tfd:TimbreFiscalDigital", {
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

/** What a PAC reads back from an XML (rules/cfdi.ts checks it), with the stamp's UUID when it has one. */
export type ReadCfdi = CfdiFacts & { timbreUuid?: string };

function readTransfer(node: XmlNode) {
  const factor = attr(node, "TipoFactor") ?? "";
  return {
    base: textCents(attr(node, "Base")),
    tax: factor === "Exento" ? 0 : textCents(attr(node, "Importe")),
    rate: rateFromXml(factor, attr(node, "TasaOCuota")),
  };
}

/** Reads a CFDI 4.0's parts (elements in the cfdi namespace with the usual prefixes); null when it is not one. */
export function readCfdiXml(xml: string): ReadCfdi | null {
  let tree: XmlNode;
  try {
    tree = create(xml).end({ format: "object" }) as unknown as XmlNode;
  } catch {
    return null;
  }
  const root = child(tree, "cfdi:Comprobante");
  if (!root || attr(root, "xmlns:cfdi") !== CFDI_NS) return null;
  const issuer = child(root, "cfdi:Emisor");
  const receiver = child(root, "cfdi:Receptor");
  const concepts = children(child(root, "cfdi:Conceptos"), "cfdi:Concepto");
  const taxes = child(root, "cfdi:Impuestos");
  const timbre = child(child(root, "cfdi:Complemento"), "tfd:TimbreFiscalDigital");
  return {
    version: attr(root, "Version"),
    kind: attr(root, "TipoDeComprobante"),
    currency: attr(root, "Moneda"),
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
    timbreUuid: attr(timbre, "UUID"),
  };
}
