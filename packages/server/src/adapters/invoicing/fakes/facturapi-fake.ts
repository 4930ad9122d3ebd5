import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type TaxRate, invoiceNumber, taxOn } from "@tianguis/domain/rules/cfdi";
import { type CfdiDocument, addTimbre, buildCfdiXml, localProblem, satDate } from "../cfdi-xml";

/**
 * A local fake of the part of Facturapi's REST API (v2) the adapter uses, with Facturapi's shapes: POST /invoices
 * (Bearer secret key; computes each item's tax from its price as Facturapi does, refuses what SAT would refuse; a
 * second create with an `idempotency_key` already used answers the invoice stamped with it, never a new one),
 * GET /invoices/{id}/xml (application/xml), DELETE /invoices/{id}?motive=&substitution=. Errors answer
 * { message, path, status } as Facturapi does.
 */
interface FakeInvoice {
  id: string;
  uuid: string;
  status: "valid" | "canceled";
  total: number;
  xml: string;
  series: string;
  folio_number: number;
  body: Record<string, unknown>;
  stamp: {
    date: string;
    sat_signature: string;
    sat_cert_number: string;
    signature: string;
    complement_string: string;
    rfc_provider_cert: string;
  };
}

export interface FacturapiFake {
  url: string;
  invoices: Map<string, FakeInvoice>;
  /** Stamps the next invoice created and then drops the connection without answering (a PAC call lost mid-way). */
  dropNextAnswer(): void;
  requests: { method: string; path: string; authorization?: string; body: unknown }[];
  close(): Promise<void>;
}

type Item = {
  quantity: number;
  product: { description: string; product_key: string; unit_key?: string; price: number; taxes?: { rate?: number; factor?: string }[] };
};

function rateOf(item: Pick<Item, "product">): TaxRate | null {
  const [tax] = item.product.taxes ?? [];
  if (!tax) return null;
  if (tax.factor === "Exento") return "exempt";
  return ({ 0.16: "iva16", 0.08: "iva8", 0: "iva0" } as Record<number, TaxRate>)[tax.rate ?? -1] ?? null;
}

const issuer = { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regime: "601" };

function receiverOf(body: Record<string, any>, use: string) {
  return {
    rfc: String(body.customer?.tax_id ?? ""),
    name: String(body.customer?.legal_name ?? ""),
    regime: String(body.customer?.tax_system ?? ""),
    use,
    postalCode: String(body.customer?.address?.zip ?? ""),
  };
}

/**
 * A payment CFDI (type "P") from its "pago" complement: one payment of one related document; the tax is worked out
 * from the base and rate given (as Facturapi does), and a payment beyond the balance is refused at `last_balance`.
 */
function toPaymentDocument(body: Record<string, any>, now: Date): CfdiDocument | { status: number; message: string; path: string } {
  const pago = body.complements?.find((one: { type?: string }) => one.type === "pago")?.data?.[0];
  const related = pago?.related_documents?.[0];
  if (!pago || !related) return { status: 400, message: "complements is required", path: "complements" };
  const rate = rateOf({ product: { description: "", product_key: "", price: 0, taxes: related.taxes } });
  if (!rate) return { status: 400, message: "invalid taxes", path: "complements.data.related_documents.taxes" };
  const paid = Math.round(Number(related.amount) * 100);
  const previousBalance = Math.round(Number(related.last_balance) * 100);
  if (!(paid > 0) || paid > previousBalance)
    return { status: 400, message: "amount exceeds last_balance", path: "complements.data.related_documents.last_balance" };
  return {
    kind: "P",
    series: String(body.series ?? "P"),
    folio: Number(body.folio_number ?? 1),
    issuedAt: satDate(now),
    paymentForm: "",
    currency: "XXX",
    postalCode: "06700",
    issuer,
    receiver: receiverOf(body, "CP01"),
    rate,
    concepts: [],
    subtotal: 0,
    tax: 0,
    total: 0,
    payment: {
      paidAt: String(pago.date),
      form: String(pago.payment_form ?? ""),
      currency: String(pago.currency ?? "MXN"),
      exchangeRate: pago.currency && pago.currency !== "MXN" ? Number(pago.exchange).toFixed(6) : "1",
      invoice: { uuid: String(related.uuid), series: String(related.series ?? ""), folio: Number(related.folio_number ?? 0) },
      partiality: { number: Number(related.installment), previousBalance, paid, remaining: previousBalance - paid },
    },
  };
}

/** Builds the CFDI Facturapi would, or answers the error it would. */
function toDocument(body: Record<string, any>, now: Date): CfdiDocument | { status: number; message: string; path: string } {
  if (body.type === "P") return toPaymentDocument(body, now);
  const items = (body.items ?? []) as Item[];
  if (!Array.isArray(items) || items.length === 0) return { status: 400, message: "items is required", path: "items" };
  const rate = rateOf(items[0]);
  if (!rate || items.some((item) => rateOf(item) !== rate)) return { status: 400, message: "invalid taxes", path: "items.product.taxes" };
  const concepts = items.map((item) => {
    const base = Math.round(item.quantity * item.product.price * 100);
    const tax = taxOn(base, rate);
    return {
      description: item.product.description,
      quantity: item.quantity,
      gross: base + tax,
      productKey: item.product.product_key,
      unitKey: item.product.unit_key ?? "H87",
      unitValue: item.product.price.toFixed(6),
      base,
      tax,
    };
  });
  const subtotal = concepts.reduce((sum, one) => sum + one.base, 0);
  const tax = concepts.reduce((sum, one) => sum + one.tax, 0);
  const related = body.related_documents?.[0]?.documents?.[0];
  const relation = body.related_documents?.[0]?.relationship === "04" ? "04" : "01";
  const replaced = body.related_documents?.[1]?.relationship === "04" ? body.related_documents[1].documents?.[0] : undefined;
  return {
    kind: body.type === "E" ? "E" : "I",
    series: String(body.series ?? "F"),
    folio: Number(body.folio_number ?? 1),
    issuedAt: satDate(now),
    paymentForm: String(body.payment_form ?? ""),
    paymentMethod: body.payment_method === "PPD" ? "PPD" : "PUE",
    currency: String(body.currency ?? "MXN"),
    ...(body.currency && body.currency !== "MXN" && body.exchange !== undefined ? { exchangeRate: Number(body.exchange).toFixed(6) } : {}),
    postalCode: "06700",
    issuer,
    receiver: receiverOf(body, String(body.use ?? "")),
    rate,
    concepts,
    subtotal,
    tax,
    total: subtotal + tax,
    ...(related ? { relatedUuid: String(related), relation } : {}),
    ...(replaced ? { replacedUuid: String(replaced) } : {}),
    ...(body.global ? { global: { month: Number(body.global.months), year: Number(body.global.year) } } : {}),
  };
}

const problemPath: Record<string, string> = {
  invoice_rfc_invalid: "customer.tax_id",
  invoice_regime_mismatch: "customer.tax_system",
  invoice_use_mismatch: "use",
  invoice_public_rfc_rules: "use",
  invoice_postal_code_invalid: "customer.address.zip",
  invoice_product_key_invalid: "items.0.product.product_key",
  invoice_unit_key_invalid: "items.0.product.unit_key",
  invoice_payment_exceeds_balance: "complements.data.related_documents.last_balance",
};

export async function startFacturapiFake(options: { secretKey: string; now: () => Date }): Promise<FacturapiFake> {
  const invoices = new Map<string, FakeInvoice>();
  const byKey = new Map<string, string>();
  const requests: FacturapiFake["requests"] = [];
  let dropNext = false;
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://fake.local");
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: any;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      requests.push({ method: incoming.method ?? "GET", path: url.pathname, authorization: incoming.headers.authorization, body });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(value));
      };
      if (incoming.headers.authorization !== `Bearer ${options.secretKey}`) return json(401, { message: "Invalid API key", status: 401 });
      const path = url.pathname.replace(/^\/v2/, "");
      const one = /^\/invoices\/([\w-]+)(\/xml)?$/.exec(path);
      const answerInvoice = (invoice: FakeInvoice, type: string) => {
        const { xml: _xml, body: _body, ...answer } = invoice;
        if (dropNext) {
          dropNext = false;
          return incoming.socket.destroy();
        }
        return json(200, {
          ...answer,
          type,
          cancellation_status: "none",
          verification_url: `https://verify/${invoiceNumber(invoice.series, invoice.folio_number)}`,
        });
      };
      if (incoming.method === "POST" && path === "/invoices") {
        const key = typeof body?.idempotency_key === "string" ? body.idempotency_key : null;
        const earlier = key ? invoices.get(byKey.get(key) ?? "") : undefined;
        if (earlier) return answerInvoice(earlier, String(earlier.body.type ?? "I"));
        const doc = toDocument(body ?? {}, options.now());
        if ("status" in doc) return json(doc.status, doc);
        const unsigned = buildCfdiXml(doc, { sello: "", noCertificado: "30001000000500003416" });
        const problem = localProblem(unsigned);
        if (problem) return json(400, { message: `SAT: ${problem}`, path: problemPath[problem] ?? "items", status: 400 });
        const uuid = randomUUID();
        const stamp = {
          date: options.now().toISOString(),
          sat_signature: Buffer.from(`sat-${uuid}`).toString("base64"),
          sat_cert_number: "30001000000500003456",
          signature: Buffer.from(`cfd-${uuid}`).toString("base64"),
          complement_string: `||1.1|${uuid}||`,
          rfc_provider_cert: "FAC210101AB1",
        };
        const xml = addTimbre(unsigned, {
          uuid,
          stampedAt: satDate(options.now()),
          issuerSeal: stamp.signature,
          satSeal: stamp.sat_signature,
          satCertificate: stamp.sat_cert_number,
          pacRfc: stamp.rfc_provider_cert,
        });
        const invoice: FakeInvoice = {
          id: `${Date.now().toString(16)}${Math.random().toString(16).slice(2, 10)}`,
          uuid,
          status: "valid",
          total: doc.total / 100,
          xml,
          series: doc.series,
          folio_number: doc.folio,
          body,
          stamp,
        };
        invoices.set(invoice.id, invoice);
        if (key) byKey.set(key, invoice.id);
        return answerInvoice(invoice, doc.kind);
      }
      if (one && incoming.method === "GET" && one[2]) {
        const invoice = invoices.get(one[1]);
        if (!invoice) return json(404, { message: "Invoice not found", status: 404 });
        response.writeHead(200, { "content-type": "application/xml", "content-disposition": `attachment; filename="${invoice.uuid}.xml"` });
        return response.end(invoice.xml);
      }
      if (one && incoming.method === "DELETE" && !one[2]) {
        const invoice = invoices.get(one[1]);
        if (!invoice) return json(404, { message: "Invoice not found", status: 404 });
        const motive = url.searchParams.get("motive");
        if (!motive || !["01", "02", "03", "04"].includes(motive))
          return json(400, { message: "motive is required", path: "motive", status: 400 });
        if (motive === "01" && !url.searchParams.get("substitution"))
          return json(400, { message: "substitution is required", path: "substitution", status: 400 });
        if (invoice.status === "canceled") return json(400, { message: "Invoice already canceled", path: "status", status: 400 });
        invoice.status = "canceled";
        const { xml: _xml, body: _body, ...answer } = invoice;
        return json(200, { ...answer, cancellation_status: "accepted" });
      }
      return json(404, { message: "Not found", status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    invoices,
    requests,
    dropNextAnswer: () => {
      dropNext = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
