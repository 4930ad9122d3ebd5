/** What a payment gateway does for us. The sandbox implements it; real gateways (Stripe, Openpay, PayPal…) would too. */
export type ChargeResult =
  | { status: "succeeded"; ref: string }
  | { status: "failed"; ref: string; code: "card_declined" | "card_error" }
  | { status: "requires_action"; ref: string; actionUrl: string };

export interface OfflineInstructions {
  reference: string;
  clabe?: string;
}

export interface PaymentProvider {
  name: string;
  /** Charges a card token (the card itself never reaches our API). */
  chargeCard(input: { paymentId: string; token: string; amount: number; currency: string; returnUrl: string }): Promise<ChargeResult>;
  /** Starts a redirect method (paypal, mobbex, aplazo): the shopper approves on the provider's page. */
  createRedirect(input: {
    paymentId: string;
    method: string;
    amount: number;
    currency: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<{ ref: string; approvalUrl: string }>;
  /** Cash at a store, bank transfer or crypto: the shopper pays later with a reference. */
  createOffline(input: {
    paymentId: string;
    method: string;
    amount: number;
    currency: string;
  }): Promise<OfflineInstructions & { ref: string }>;
  /**
   * Gives `amount` of a charge back. 'pending' means the gateway answers later with a signed refund webhook
   * naming the refund's `ref` (refund.succeeded / refund.failed).
   */
  refund(input: { ref: string; amount: number; refundId?: string }): Promise<RefundResult>;
  /** Verifies a webhook's signature over the raw body; returns the event or null when forged or stale. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, now: Date): WebhookEvent | null;
}

export interface WebhookEvent {
  id: string;
  type: "payment.succeeded" | "payment.failed";
  payment_id: string;
  ref: string;
}

export type RefundResult = { status: "succeeded" | "failed" | "pending"; ref?: string };

/** A gateway's later word on a refund it answered 'pending'. */
export interface RefundWebhookEvent {
  id: string;
  type: "refund.succeeded" | "refund.failed";
  refund_id: string;
  ref: string;
}
