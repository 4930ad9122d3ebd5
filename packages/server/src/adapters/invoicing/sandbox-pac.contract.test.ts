import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCfdiXml, readCfdiXml } from "./cfdi-xml";
import { cfdiDocument, runPacContract } from "./pac-contract";
import { createSandboxPac } from "./sandbox-pac";

const now = () => new Date("2026-11-28T16:00:00Z");
const sandbox = () => createSandboxPac({ secret: "sandbox-pac-test-secret", now });

runPacContract("sandbox", { start: async () => ({ close: async () => {} }), makePac: sandbox });

describe("sandbox PAC: it reads the XML it is given", () => {
  it("stamps the totals it is given, equal to what was paid, to the cent", async () => {
    for (const rate of ["iva16", "iva8", "iva0", "exempt"] as const) {
      const document = cfdiDocument({}, rate);
      const stamped = await sandbox().stamp({ document, xml: buildCfdiXml(document), idempotencyKey: randomUUID() });
      expect(readCfdiXml(stamped.xml)).toMatchObject({ total: 84_900, subtotal: document.subtotal, totalTax: document.tax });
    }
  });

  it("refuses an XML whose tax is off by a cent, or whose totals do not add up", async () => {
    const document = cfdiDocument();
    const xml = buildCfdiXml(document);
    const offByOne = xml.replace(
      `TotalImpuestosTrasladados="${(document.tax / 100).toFixed(2)}"`,
      `TotalImpuestosTrasladados="${((document.tax + 1) / 100).toFixed(2)}"`,
    );
    expect(offByOne).not.toBe(xml);
    await expect(sandbox().stamp({ document, xml: offByOne, idempotencyKey: randomUUID() })).rejects.toMatchObject({
      code: "invoice_totals_mismatch",
    });
    const concept = document.concepts[0];
    const wrongTax = xml.replace(`Importe="${(concept.tax / 100).toFixed(2)}"`, `Importe="${((concept.tax + 5) / 100).toFixed(2)}"`);
    await expect(sandbox().stamp({ document, xml: wrongTax, idempotencyKey: randomUUID() })).rejects.toMatchObject({
      code: "invoice_totals_mismatch",
    });
    await expect(sandbox().stamp({ document, xml: "<nota/>", idempotencyKey: randomUUID() })).rejects.toMatchObject({
      code: "invoice_xml_invalid",
    });
  });

  it("answers the same folio fiscal for the same key on another instance (after a restart), a different one under another secret", async () => {
    const document = cfdiDocument();
    const key = randomUUID();
    const first = await sandbox().stamp({ document, xml: buildCfdiXml(document), idempotencyKey: key });
    const again = await sandbox().stamp({ document, xml: buildCfdiXml(document), idempotencyKey: key });
    expect(again.uuid).toBe(first.uuid);
    const other = createSandboxPac({ secret: "another-secret-entirely", now });
    expect((await other.stamp({ document, xml: buildCfdiXml(document), idempotencyKey: key })).uuid).not.toBe(first.uuid);
  });

  it("refuses to stamp twice and cancels on another instance what one stamped", async () => {
    const document = cfdiDocument();
    const stamped = await sandbox().stamp({ document, xml: buildCfdiXml(document), idempotencyKey: randomUUID() });
    await expect(sandbox().stamp({ document, xml: stamped.xml, idempotencyKey: randomUUID() })).rejects.toMatchObject({
      code: "invoice_xml_invalid",
    });
    await expect(sandbox().cancel({ uuid: stamped.uuid, pacRef: stamped.pacRef, reason: "03" })).resolves.toBeDefined();
    const other = createSandboxPac({ secret: "another-secret-entirely", now });
    await expect(other.cancel({ uuid: stamped.uuid, pacRef: stamped.pacRef, reason: "03" })).rejects.toMatchObject({
      code: "invoice_not_found",
    });
  });

  it("escapes what the customer typed: the legal name reaches the XML as text", async () => {
    const document = cfdiDocument({ receiver: { ...cfdiDocument().receiver, name: `PEREZ & "HIJOS" <SA>` } });
    const xml = buildCfdiXml(document);
    expect(xml).toContain("PEREZ &amp; &quot;HIJOS&quot; &lt;SA&gt;");
    const stamped = await sandbox().stamp({ document, xml, idempotencyKey: randomUUID() });
    expect(stamped.xml).toContain("TimbreFiscalDigital");
  });
});
