import type { CancellationReason } from "@tianguis/domain/rules/cfdi";
import type { CfdiDocument } from "./cfdi-xml";

/**
 * A PAC (proveedor autorizado de certificación) stamps a CFDI and cancels it with SAT (issue #30 §1), the way a payment
 * provider charges: the built-in sandbox (sandbox-pac.ts) checks the XML against SAT's local rules and stamps it with a
 * fake seal; Facturapi (facturapi-pac.ts) does it for real with the shop's own key. Both pass pac-contract.ts.
 */
export interface StampRequest {
  /** The document, for PACs that build the XML themselves (Facturapi). */
  document: CfdiDocument;
  /** The unsigned XML, for PACs that take it (the sandbox). */
  xml: string;
  /**
   * The invoice's idempotency key: asked again with the same key (a lost answer, a crash mid-call), a PAC answers the
   * stamp it already made, never a second one.
   */
  idempotencyKey: string;
}

export interface Stamped {
  uuid: string;
  /** The XML with its seal and TimbreFiscalDigital. */
  xml: string;
  stampedAt: Date;
  satSeal: string;
  satCertificate: string;
  issuerSeal: string;
  /** The PAC's own id of the invoice, needed to cancel it there; null when the UUID is enough. */
  pacRef: string | null;
}

export interface CancelRequest {
  uuid: string;
  pacRef: string | null;
  reason: CancellationReason;
  replacementUuid?: string;
}

export interface Pac {
  readonly name: "sandbox" | "facturapi";
  stamp(request: StampRequest): Promise<Stamped>;
  cancel(request: CancelRequest): Promise<{ cancelledAt: Date }>;
}

export type PacErrorCode =
  | "invoice_rfc_invalid"
  | "invoice_regime_mismatch"
  | "invoice_use_mismatch"
  | "invoice_postal_code_invalid"
  | "invoice_public_rfc_rules"
  | "invoice_totals_mismatch"
  | "invoice_payment_exceeds_balance"
  | "invoice_product_key_invalid"
  | "invoice_unit_key_invalid"
  | "invoice_xml_invalid"
  | "invoice_not_found"
  | "invoice_already_cancelled"
  | "invoice_pac_key_invalid"
  | "invoice_pac_failed";

/** A PAC refused (a rule of SAT's, a wrong key, an unknown invoice) or could not be reached. */
export class PacError extends Error {
  constructor(
    readonly code: PacErrorCode,
    message?: string,
  ) {
    super(message ?? code);
    this.name = "PacError";
  }
}
