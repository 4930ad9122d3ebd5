import { describe, expect, it } from "vitest";
import { createFacturapiPac, facturapiInvoiceBody } from "./facturapi-pac";
import { type FacturapiFake, startFacturapiFake } from "./fakes/facturapi-fake";
import { cfdiDocument, runPacContract } from "./pac-contract";
import { buildCfdiXml } from "./cfdi-xml";

/** The Facturapi adapter, over the official SDK pointed at a local fake of Facturapi's API, passes the sandbox's contract. */
const secretKey = "sk_test_Tianguis4242Factura";
const now = () => new Date("2026-11-28T16:00:00Z");
let fake: FacturapiFake;

runPacContract("facturapi", {
  async start() {
    fake = await startFacturapiFake({ secretKey, now });
    return fake;
  },
  makePac: () => createFacturapiPac({ secretKey, baseUrl: fake.url }),
});

describe("facturapi adapter details", () => {
  it("sends the shop's key, unit prices before tax and the series and folio, and keeps Facturapi's id to cancel", async () => {
    const local = await startFacturapiFake({ secretKey, now });
    try {
      const pac = createFacturapiPac({ secretKey, baseUrl: local.url });
      const document = cfdiDocument({ series: "TG", folio: 41 });
      const stamped = await pac.stamp({ document, xml: buildCfdiXml(document), idempotencyKey: "2d6f0d1e-5a0b-4c55-9d3e-2f1c7b9a8e01" });
      const create = local.requests.find((one) => one.method === "POST");
      expect(create?.authorization).toBe(`Bearer ${secretKey}`);
      expect(create?.body).toEqual(facturapiInvoiceBody(document, "2d6f0d1e-5a0b-4c55-9d3e-2f1c7b9a8e01"));
      expect(create?.body).toMatchObject({
        series: "TG",
        folio_number: 41,
        payment_method: "PUE",
        idempotency_key: "2d6f0d1e-5a0b-4c55-9d3e-2f1c7b9a8e01",
        customer: { tax_id: "PEGC850101AB1" },
        items: [{ product: { product_key: "53102500", unit_key: "H87" } }, { product: { product_key: "78102203", unit_key: "E48" } }],
      });
      expect(stamped.pacRef && local.invoices.has(stamped.pacRef)).toBe(true);
      await pac.cancel({ uuid: stamped.uuid, pacRef: stamped.pacRef, reason: "02" });
      expect(local.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/v2/invoices/${stamped.pacRef}` });
      await expect(pac.cancel({ uuid: stamped.uuid, pacRef: stamped.pacRef, reason: "02" })).rejects.toMatchObject({
        code: "invoice_already_cancelled",
      });
    } finally {
      await local.close();
    }
  });

  it("relates a substitute by TipoRelacion 04 and cancels the original with motive 01 and its substitution", async () => {
    const local = await startFacturapiFake({ secretKey, now });
    try {
      const pac = createFacturapiPac({ secretKey, baseUrl: local.url });
      const first = cfdiDocument();
      const original = await pac.stamp({ document: first, xml: buildCfdiXml(first), idempotencyKey: "a1" });
      const second = cfdiDocument({ relatedUuid: original.uuid, relation: "04" });
      const substitute = await pac.stamp({ document: second, xml: buildCfdiXml(second), idempotencyKey: "a2" });
      expect(local.requests.at(-2)?.body).toMatchObject({ related_documents: [{ relationship: "04", documents: [original.uuid] }] });
      await pac.cancel({ uuid: original.uuid, pacRef: original.pacRef, reason: "01", replacementUuid: substitute.uuid });
      expect(local.invoices.get(original.pacRef ?? "")?.status).toBe("canceled");
    } finally {
      await local.close();
    }
  });

  it("answers a dropped answer as invoice_pac_failed, and the same key then answers the invoice it stamped", async () => {
    const local = await startFacturapiFake({ secretKey, now });
    try {
      const pac = createFacturapiPac({ secretKey, baseUrl: local.url });
      const document = cfdiDocument();
      local.dropNextAnswer();
      await expect(pac.stamp({ document, xml: buildCfdiXml(document), idempotencyKey: "lost-1" })).rejects.toMatchObject({
        code: "invoice_pac_failed",
      });
      expect(local.invoices.size).toBe(1);
      const again = await pac.stamp({ document, xml: buildCfdiXml(document), idempotencyKey: "lost-1" });
      expect(local.invoices.size).toBe(1);
      expect(again.uuid).toBe([...local.invoices.values()][0].uuid.toUpperCase());
    } finally {
      await local.close();
    }
  });

  it("answers a wrong key as invoice_pac_key_invalid and an unreachable host as invoice_pac_failed", async () => {
    const local = await startFacturapiFake({ secretKey, now });
    try {
      const wrong = createFacturapiPac({ secretKey: "sk_test_SomebodyElse999", baseUrl: local.url });
      const document = cfdiDocument();
      await expect(wrong.stamp({ document, xml: buildCfdiXml(document), idempotencyKey: "k1" })).rejects.toMatchObject({
        code: "invoice_pac_key_invalid",
      });
    } finally {
      await local.close();
    }
    const gone = createFacturapiPac({ secretKey, baseUrl: local.url });
    const document = cfdiDocument();
    await expect(gone.stamp({ document, xml: buildCfdiXml(document), idempotencyKey: "k2" })).rejects.toMatchObject({
      code: "invoice_pac_failed",
    });
  });
});
