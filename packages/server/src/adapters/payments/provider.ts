/**
 * What a payment gateway does for us (issue #18). The sandbox implements it and so does every real provider adapter
 * (Stripe, Conekta, Openpay, PayPal, Mobbex, Aplazo); `contract.ts` runs the same scenarios against each of them.
 *
 * Constructor convention of a real adapter: `createXProvider({ publicKey, secretKey, ...extra, baseUrl, webhookSecret,
 * notifyUrl?, fetch? })` — `baseUrl` is the provider's API host (the local fake's URL in tests), `webhookSecret` is what
 * the account's webhook endpoint verifies with, `notifyUrl` is our public webhook URL for providers that take it per call.
 */
export type ChargeResult =
  | { status: "succeeded"; ref: string }
  | { status: "failed"; ref: string; code: "card_declined" | "card_error" }
  | { status: "requires_action"; ref: string; actionUrl: string };

export interface OfflineInstructions {
  reference: string;
  clabe?: string;
  /** Where the shopper can see or print the reference (Conekta's and Openpay's hosted receipts). */
  receiptUrl?: string;
}

/** Who pays: some providers need it on a charge (Openpay without a saved customer, Mobbex, Aplazo, Conekta orders). */
export interface PaymentCustomer {
  name: string;
  email: string;
  phone?: string;
}

/**
 * Every create call carries an idempotency key: the provider's own (Stripe `Idempotency-Key`, Conekta
 * `Idempotency-Key`, Openpay `order_id`, PayPal `PayPal-Request-Id`…). When omitted it is the payment id, which is
 * unique per attempt: a retry of the same attempt (lost answer, double click) returns the same charge.
 */
export interface CreateInput {
  paymentId: string;
  idempotencyKey?: string;
  amount: number;
  currency: string;
  customer?: PaymentCustomer;
}

/** A card the provider keeps for later charges: its reusable token and what may be shown of it (never the number or CVV). */
export interface KeptCard {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface PaymentProvider {
  /** 'sandbox', 'stripe', 'conekta', 'openpay', 'paypal', 'mobbex', 'aplazo'. */
  name: string;
  /**
   * Charges a card token made in the browser by the provider's own script (the card itself never reaches our API), or a
   * kept card's token. `method` is the checkout's method (the sandbox plays each bank's behaviour by it); `instalments`
   * the interest-free months (MSI) asked for, one of `instalmentMonths`.
   */
  chargeCard(
    input: CreateInput & { token: string; returnUrl: string; deviceSessionId?: string; method?: string; instalments?: number },
  ): Promise<ChargeResult>;
  /** Interest-free months (MSI) this provider can split a card charge into; absent: one payment only. */
  instalmentMonths?: readonly number[];
  /**
   * Keeps the card of a one-use token for the customer's next purchases ('Guardar tarjeta'); null when the token cannot be
   * read. Absent: this provider's adapter does not keep cards, so the checkout does not offer to save one.
   */
  keepCard?(input: { token: string; customer: PaymentCustomer; idempotencyKey: string }): Promise<KeptCard | null>;
  /** Starts a redirect method (paypal, mobbex, aplazo): the shopper approves on the provider's page. */
  createRedirect(
    input: CreateInput & { method: string; returnUrl: string; cancelUrl: string },
  ): Promise<{ ref: string; approvalUrl: string }>;
  /** Cash at a store (OXXO), bank transfer (SPEI) or crypto: the shopper pays later with a reference, before `expiresAt`. */
  createOffline(input: CreateInput & { method: string }): Promise<OfflineInstructions & { ref: string; expiresAt?: Date }>;
  /**
   * Gives `amount` of a charge back. 'pending' means the gateway answers later with a signed refund webhook
   * naming the refund's `ref` (refund.succeeded / refund.failed). `refundId` doubles as the idempotency key.
   */
  refund(input: { ref: string; amount: number; refundId?: string; idempotencyKey?: string }): Promise<RefundResult>;
  /**
   * For a gateway that sends no refund webhook (Aplazo): its current word on a refund it answered 'pending' (`refundRef` is
   * that answer's ref, `ref` the charge's). The payments module polls it with backoff until it is settled.
   */
  refundStatus?(input: { ref: string; refundRef: string; amount: number }): Promise<RefundResult["status"]>;
  /**
   * Verifies a webhook delivery (raw body and every header, lower-cased) and reads it: the event, or null when it is forged,
   * tampered with or stale. May call the provider (PayPal verifies remotely; unsigned providers re-read the charge).
   */
  parseWebhook(delivery: WebhookDelivery): Promise<ProviderEvent | null>;
  /**
   * The shopper came back from a redirect with code 1 (PayPal must capture then); absent: the webhook settles it. 'pending':
   * the provider does not show the operation settled yet (Mobbex, Aplazo confirm a moment later): its webhook settles it.
   */
  completeRedirect?(input: { ref: string; query: Record<string, string> }): Promise<ChargeResult | { status: "pending"; ref: string }>;
  /** Checks the keys with a harmless authenticated call; throws ProviderError('provider_auth_failed' | 'provider_unavailable'). */
  testConnection(): Promise<void>;
  /** What the browser may see (spec §3 payment_metadata: str_public_key, ck_public_key, op_public_key, op_merchant_id). */
  publicConfig(): Record<string, string>;
}

export interface WebhookDelivery {
  rawBody: string;
  /** The path and query the provider called (a token in the query is how Mobbex's unsigned webhooks are checked). */
  url?: string;
  /** Header names lower-cased. */
  headers: Record<string, string | undefined>;
  now: Date;
}

export interface WebhookEvent {
  id: string;
  type: "payment.succeeded" | "payment.failed";
  payment_id: string;
  ref: string;
}

/** A cash or transfer reference whose deadline passed at the provider (Conekta order.expired, Openpay charge.cancelled). */
export interface ExpiryWebhookEvent {
  id: string;
  type: "payment.expired";
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

/** A genuine delivery about something we do not track (a dispute, a payout…): answered 200 so the provider stops retrying. */
export interface IgnoredWebhookEvent {
  id: string;
  type: "ignored";
}

/** What parseWebhook reads; `occurredAt` lets the receiver ignore an older event arriving after a newer one. */
export type ProviderEvent = (WebhookEvent | ExpiryWebhookEvent | RefundWebhookEvent | IgnoredWebhookEvent) & { occurredAt?: Date };

export type ProviderErrorCode = "provider_auth_failed" | "provider_request_failed" | "provider_unavailable" | "refund_not_supported";

/** A provider answer an adapter cannot turn into a result: bad keys, a refused request, the provider being down. */
export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly providerCode?: string | number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** Header lookup that tolerates Node's string[] headers. */
export function headerOf(headers: Record<string, string | undefined>, name: string): string | undefined {
  return headers[name.toLowerCase()];
}
