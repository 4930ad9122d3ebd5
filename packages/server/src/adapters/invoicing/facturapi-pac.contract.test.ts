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
      const stamped = await pac.stamp({ document, xml: buildCfdiXml(document) });
      const create = local.requests.find((one) => one.method === "POST");
      expect(create?.authorization).toBe(`Bearer ${secretKey}`);
      expect(create?.body).toEqual(facturapiInvoiceBody(document));
      expect(create?.body).toMatchObject({ series: "TG", folio_number: 41, payment_method: "PUE", customer: { tax_id: "PEGC850101AB1" } });
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

  it("answers a wrong key as invoice_pac_key_invalid and an unreachable host as invoice_pac_failed", async () => {
    const local = await startFacturapiFake({ secretKey, now });
    try {
      const wrong = createFacturapiPac({ secretKey: "sk_test_SomebodyElse999", baseUrl: local.url });
      const document = cfdiDocument();
      await expect(wrong.stamp({ document, xml: buildCfdiXml(document) })).rejects.toMatchObject({ code: "invoice_pac_key_invalid" });
    } finally {
      await local.close();
    }
    const gone = createFacturapiPac({ secretKey, baseUrl: local.url });
    const document = cfdiDocument();
    await expect(gone.stamp({ document, xml: buildCfdiXml(document) })).rejects.toMatchObject({ code: "invoice_pac_failed" });
  });
});
