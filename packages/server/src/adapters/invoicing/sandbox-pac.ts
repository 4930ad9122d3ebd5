import { createHmac } from "node:crypto";
import { addTimbre, localProblem, readCfdiXml, satDate } from "./cfdi-xml";
import { type Pac, PacError } from "./pac";

/**
 * The built-in sandbox PAC (issue #30 §1), used by the demo and the tests: it reads the XML it is given and refuses it
 * with SAT's rule that fails (cfdi-xml.ts `localProblem`: RFC, regime and use, totals and taxes to the cent; a payment
 * CFDI's partiality and balances), then
 * stamps it with a fresh UUID and seals that are HMACs under the app's secret (they look like seals and prove nothing
 * to SAT: the PDF says SANDBOX). The UUID is an HMAC of the idempotency key, so asking again with the same key (after
 * a crash mid-call) answers the same folio fiscal, never a second one, on any instance and after a restart. Its reference
 * of an invoice is an HMAC of the UUID, so it cancels what it stamped and refuses the rest; a second cancel is the
 * caller's to refuse (it keeps the state).
 */
export const SANDBOX_SAT_CERTIFICATE = "30001000000500003416";
export const SANDBOX_PAC_RFC = "SPR190613I52";

/** A UUID (version 4 layout) made of a digest's first 16 bytes. */
function uuidOf(digest: string): string {
  const bytes = Buffer.from(digest, "base64").subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex").toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createSandboxPac(options: { secret: string; now: () => Date }): Pac {
  const seal = (label: string, text: string) => createHmac("sha256", options.secret).update(`${label}|${text}`).digest("base64");
  return {
    name: "sandbox",
    async stamp({ xml, idempotencyKey }) {
      const read = readCfdiXml(xml);
      if (!read) throw new PacError("invoice_xml_invalid");
      if (read.timbreUuid) throw new PacError("invoice_xml_invalid", "already stamped");
      const problem = localProblem(xml);
      if (problem) throw new PacError(problem);
      const uuid = uuidOf(seal("uuid", idempotencyKey));
      const stampedAt = options.now();
      const issuerSeal = seal("cfd", xml);
      const satSeal = seal("sat", `${uuid}|${issuerSeal}`);
      return {
        uuid,
        xml: addTimbre(xml, {
          uuid,
          stampedAt: satDate(stampedAt),
          issuerSeal,
          satSeal,
          satCertificate: SANDBOX_SAT_CERTIFICATE,
          pacRfc: SANDBOX_PAC_RFC,
        }),
        stampedAt,
        satSeal,
        satCertificate: SANDBOX_SAT_CERTIFICATE,
        issuerSeal,
        pacRef: seal("ref", uuid),
      };
    },
    async cancel({ uuid, pacRef, reason, replacementUuid }) {
      if (pacRef !== seal("ref", uuid)) throw new PacError("invoice_not_found");
      if (reason === "01" && !replacementUuid) throw new PacError("invoice_xml_invalid", "reason 01 names the replacement");
      return { cancelledAt: options.now() };
    },
  };
}
