/**
 * What a SPEI payout provider does for the wallet (issue 30 §2): send money to a CLABE, then tell us by a signed
 * webhook whether the transfer settled or failed. The sandbox implements it and so does the real adapter (Openpay's
 * payouts API); `contract.ts` runs the same scenarios against both, the real one against a local fake of its API.
 */

export interface PayoutInput {
  /** Our payout's id: also the provider's idempotency key, so a re-sent payout is the same transfer. */
  payoutId: string;
  amount: number;
  currency: string;
  clabe: string;
  holderName: string;
  description: string;
}

/** 'sent': the provider accepted it (it settles later, by webhook); 'failed': it refused it now. */
export type SendResult = { status: "sent"; ref: string } | { status: "failed"; code: string };

/** What a verified webhook says of one payout. */
export interface PayoutEvent {
  /** The provider's event id (informative: the payout's state change itself is what applies once). */
  eventId: string;
  payoutId: string;
  status: "settled" | "failed";
  code?: string;
}

export interface PayoutProvider {
  name: string;
  /** Throws `ProviderUnavailableError` when the provider does not answer: the payout stays requested and is sent again. */
  send(input: PayoutInput): Promise<SendResult>;
  /** The event of a webhook whose signature holds (or that the provider confirms), or null (forged, tampered, stale). */
  verifyWebhook(rawBody: string, headers: Record<string, string | undefined>, now: Date): Promise<PayoutEvent | null>;
}

export class ProviderUnavailableError extends Error {
  constructor(message = "payout provider unavailable") {
    super(message);
    this.name = "ProviderUnavailableError";
  }
}
