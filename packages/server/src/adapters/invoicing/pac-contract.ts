import { randomUUID } from "node:crypto";
import { type TaxRate, cfdiProblem, invoiceTotals } from "@tianguis/domain/rules/cfdi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CfdiDocument, buildCfdiXml, localProblem, readCfdiXml, readPaymentXml } from "./cfdi-xml";
import type { Pac } from "./pac";

/**
 * What every PAC adapter must do (issue #30 §1), run against the built-in sandbox and against Facturapi's adapter
 * pointed at a local fake of its API, so the demo's PAC and the real one cannot drift apart.
 */
export interface PacSetup {
  start(): Promise<{ close(): Promise<void> }>;
  makePac(): Pac;
  /** The issuer the PAC stamps as (Facturapi stamps as its organization, whatever the document says). */
  issuerRfc?: string;
}

let folio = 0;

export function cfdiDocument(overrides: Partial<CfdiDocument> = {}, rate: TaxRate = "iva16"): CfdiDocument {
  const totals = invoiceTotals(
    [
      { description: "Rebozo de seda", quantity: 3, gross: 75_000, productKey: "53102500", unitKey: "H87" },
      { description: "Envío", quantity: 1, gross: 9_900, productKey: "78102203", unitKey: "E48" },
    ],
    rate,
  );
  folio += 1;
  return {
    kind: "I",
    series: "A",
    folio,
    issuedAt: "2026-11-28T10:00:00",
    paymentForm: "04",
    currency: "MXN",
    postalCode: "06700",
    issuer: { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regime: "601" },
    receiver: { rfc: "PEGC850101AB1", name: "CARLOS PEREZ GOMEZ", regime: "612", use: "G03", postalCode: "06700" },
    rate,
    concepts: totals.concepts,
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    ...overrides,
  };
}

/** The payment CFDI (P) of `paid` cents of a stamped PPD invoice of `total`, after `earlier` cents were paid. */
export function paymentDocument(
  invoice: { uuid: string; folio: number },
  payment: { total: number; earlier: number; paid: number; number: number },
  overrides: Partial<CfdiDocument> = {},
): CfdiDocument {
  const previousBalance = payment.total - payment.earlier;
  return cfdiDocument({
    kind: "P",
    paymentForm: "",
    currency: "XXX",
    concepts: [],
    subtotal: 0,
    tax: 0,
    total: 0,
    payment: {
      paidAt: "2026-11-29T12:30:00",
      form: "03",
      currency: "MXN",
      exchangeRate: "1",
      invoice: { uuid: invoice.uuid, series: "A", folio: invoice.folio },
      partiality: { number: payment.number, previousBalance, paid: payment.paid, remaining: previousBalance - payment.paid },
    },
    ...overrides,
  });
}

const request = (document: CfdiDocument, idempotencyKey: string = randomUUID()) => ({
  document,
  xml: buildCfdiXml(document),
  idempotencyKey,
});

export function runPacContract(name: string, setup: PacSetup): void {
  describe(`${name}: PAC contract`, () => {
    let running: { close(): Promise<void> };
    let pac: Pac;
    beforeAll(async () => {
      running = await setup.start();
      pac = setup.makePac();
    });
    afterAll(async () => running?.close());

    it("stamps a valid invoice: a UUID, the stamp in the XML, the totals to the cent", async () => {
      const document = cfdiDocument();
      const stamped = await pac.stamp(request(document));
      expect(stamped.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
      expect(stamped.satSeal.length).toBeGreaterThan(10);
      const read = readCfdiXml(stamped.xml);
      expect(read?.timbreUuid?.toUpperCase()).toBe(stamped.uuid);
      // SAT-valid as stamped; a PAC that works the tax out from the base (Facturapi) may land a cent per line away
      // from what was paid, so the invoice keeps the stamped totals (docs/INVOICING.md).
      expect(read && cfdiProblem(read)).toBeNull();
      expect(read).toMatchObject({ subtotal: document.subtotal, kind: "I" });
      expect(Math.abs((read?.total ?? 0) - 84_900)).toBeLessThanOrEqual(document.concepts.length);
      expect(read?.receiver).toEqual(document.receiver);
    });

    it.each(["iva8", "iva0", "exempt"] as const)("stamps at %s with SAT-valid totals", async (rate) => {
      const stamped = await pac.stamp(request(cfdiDocument({}, rate)));
      const read = readCfdiXml(stamped.xml);
      expect(read && cfdiProblem(read)).toBeNull();
      expect(Math.abs((read?.total ?? 0) - 84_900)).toBeLessThanOrEqual(2);
    });

    it("stamps a credit note related to its invoice", async () => {
      const invoice = await pac.stamp(request(cfdiDocument()));
      const note = await pac.stamp(request(cfdiDocument({ kind: "E", relatedUuid: invoice.uuid })));
      expect(readCfdiXml(note.xml)).toMatchObject({ kind: "E", relatedUuids: [invoice.uuid] });
    });

    it("answers a second ask with the same idempotency key with the first stamp, never a second folio fiscal", async () => {
      const document = cfdiDocument();
      const key = randomUUID();
      const first = await pac.stamp(request(document, key));
      const again = await pac.stamp(request(document, key));
      expect(again.uuid).toBe(first.uuid);
      expect(again.pacRef).toBe(first.pacRef);
      const other = await pac.stamp(request(document));
      expect(other.uuid).not.toBe(first.uuid);
    });

    it("stamps a substitute relating the invoice it replaces (TipoRelacion 04), then cancels the original with reason 01", async () => {
      const original = await pac.stamp(request(cfdiDocument()));
      const substitute = await pac.stamp(request(cfdiDocument({ relatedUuid: original.uuid, relation: "04" })));
      expect(readCfdiXml(substitute.xml)).toMatchObject({ kind: "I", relatedUuids: [original.uuid], relation: "04" });
      await expect(
        pac.cancel({ uuid: original.uuid, pacRef: original.pacRef, reason: "01", replacementUuid: substitute.uuid }),
      ).resolves.toMatchObject({ cancelledAt: expect.any(Date) });
    });

    it("refuses an invoice relating another as a credit note would (01) and a product key SAT does not have", async () => {
      const original = await pac.stamp(request(cfdiDocument()));
      await expect(pac.stamp(request(cfdiDocument({ relatedUuid: original.uuid, relation: "01" })))).rejects.toMatchObject({
        code: "invoice_xml_invalid",
      });
      const wrongKey = cfdiDocument();
      wrongKey.concepts = wrongKey.concepts.map((concept) => ({ ...concept, productKey: "99999999" }));
      await expect(pac.stamp(request(wrongKey))).rejects.toMatchObject({ code: "invoice_product_key_invalid" });
    });

    it("refuses what SAT refuses: a use the regime may not take, a malformed RFC", async () => {
      const wrongUse = cfdiDocument({ receiver: { ...cfdiDocument().receiver, regime: "605", use: "G03" } });
      await expect(pac.stamp(request(wrongUse))).rejects.toMatchObject({ code: "invoice_use_mismatch" });
      const wrongRfc = cfdiDocument({ receiver: { ...cfdiDocument().receiver, rfc: "PEGC851301AB1" } });
      await expect(pac.stamp(request(wrongRfc))).rejects.toMatchObject({ code: "invoice_rfc_invalid" });
    });

    it("stamps a PPD invoice (form 99) and its payments' complements: partialities 1 and 2, the last leaving 0", async () => {
      const document = cfdiDocument({ paymentMethod: "PPD", paymentForm: "99" });
      const invoice = await pac.stamp(request(document));
      expect(readCfdiXml(invoice.xml)).toMatchObject({ paymentMethod: "PPD", paymentForm: "99" });
      const total = readCfdiXml(invoice.xml)?.total ?? 0;
      const first = await pac.stamp(
        request(paymentDocument({ uuid: invoice.uuid, folio: document.folio }, { total, earlier: 0, paid: 30_000, number: 1 })),
      );
      const second = await pac.stamp(
        request(
          paymentDocument({ uuid: invoice.uuid, folio: document.folio }, { total, earlier: 30_000, paid: total - 30_000, number: 2 }),
        ),
      );
      for (const stamped of [first, second]) {
        expect(localProblem(stamped.xml)).toBeNull();
        expect(readCfdiXml(stamped.xml)?.timbreUuid?.toUpperCase()).toBe(stamped.uuid);
      }
      const [paid] = readPaymentXml(second.xml)?.payments ?? [];
      expect(readPaymentXml(second.xml)).toMatchObject({ kind: "P", currency: "XXX", total: 0, use: "CP01" });
      expect(paid.documents[0]).toMatchObject({ uuid: invoice.uuid, partiality: 2, previousBalance: total - 30_000, remaining: 0 });
    });

    it("refuses a payment CFDI beyond the invoice's balance, and a PUE invoice that says 99", async () => {
      const invoice = await pac.stamp(request(cfdiDocument({ paymentMethod: "PPD", paymentForm: "99" })));
      const beyond = paymentDocument({ uuid: invoice.uuid, folio: 1 }, { total: 10_000, earlier: 0, paid: 10_001, number: 1 });
      await expect(pac.stamp(request(beyond))).rejects.toMatchObject({ code: "invoice_payment_exceeds_balance" });
      await expect(pac.stamp(request(cfdiDocument({ paymentForm: "99" })))).rejects.toMatchObject({ code: "invoice_xml_invalid" });
    });

    it("stamps an invoice in US dollars with its exchange rate, and refuses one without it", async () => {
      const stamped = await pac.stamp(request(cfdiDocument({ currency: "USD", exchangeRate: "17.250000" })));
      expect(readCfdiXml(stamped.xml)).toMatchObject({ currency: "USD", exchangeRate: "17.250000" });
      await expect(pac.stamp(request(cfdiDocument({ currency: "USD" })))).rejects.toMatchObject({ code: "invoice_xml_invalid" });
    });

    it("cancels what it stamped with SAT's reason, and only that", async () => {
      const stamped = await pac.stamp(request(cfdiDocument()));
      await expect(pac.cancel({ uuid: stamped.uuid, pacRef: stamped.pacRef, reason: "01" })).rejects.toBeDefined();
      const cancelled = await pac.cancel({ uuid: stamped.uuid, pacRef: stamped.pacRef, reason: "02" });
      expect(cancelled.cancelledAt).toBeInstanceOf(Date);
      await expect(
        pac.cancel({ uuid: "5FB2822E-396D-4725-8521-CDC4BDD20CCF", pacRef: "6710f0a1b2c3d4e5f6a7b8c9", reason: "02" }),
      ).rejects.toMatchObject({ code: "invoice_not_found" });
    });
  });
}
