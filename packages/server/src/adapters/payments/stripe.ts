import Stripe from "stripe";
import { type ChargeResult, type PaymentProvider, type ProviderEvent, ProviderError, type RefundResult, headerOf } from "./provider";

/**
 * Stripe (`str_card`) with the official SDK: Payment Intents confirmed on the server with the PaymentMethod Stripe.js made
 * in the browser, 3-D Secure through `requires_action` → `next_action.redirect_to_url`, refunds, webhooks signed with the
 * Stripe-Signature scheme, and Stripe's Idempotency-Key on every create call. `baseUrl` points the SDK at another host
 * (the local fake in tests) through its host/port/protocol options.
 */
export const STRIPE_API_URL = "https://api.stripe.com";
/** Stripe's own browser script: the card frame loads it with the account's publishable key. */
export const STRIPE_JS_URL = "https://js.stripe.com/v3/";
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions {
  /** Publishable key (pk_live_… / pk_test_…): the only one the browser sees. */
  publicKey: string;
  /** Secret key (sk_live_… / sk_test_…) or a restricted key with PaymentIntents and Refunds write. */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  baseUrl?: string;
  /** Our public origin: Stripe needs an absolute return_url for the 3-D Secure redirect. */
  siteUrl: string;
  fetch?: typeof fetch;
}

function sdkFor(options: StripeProviderOptions): Stripe {
  const url = new URL(options.baseUrl ?? STRIPE_API_URL);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 30_000,
    telemetry: false,
    ...(options.fetch ? { httpClient: Stripe.createFetchHttpClient(options.fetch) } : {}),
  });
}

/** Stripe's SDK errors as our coded ones: bad keys, refused requests, Stripe down. */
function providerError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
    return new ProviderError("provider_auth_failed", "Stripe rejected the secret key", error.code);
  }
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
    return new ProviderError("provider_unavailable", `Stripe is unreachable: ${error.message}`);
  }
  if (error instanceof Stripe.errors.StripeError) return new ProviderError("provider_request_failed", error.message, error.code);
  return new ProviderError("provider_unavailable", `Stripe call failed: ${String(error)}`);
}

function intentResult(intent: Stripe.PaymentIntent, returnUrl: string): ChargeResult {
  if (intent.status === "succeeded") return { status: "succeeded", ref: intent.id };
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (intent.status === "requires_action" && redirect) return { status: "requires_action", ref: intent.id, actionUrl: redirect };
  // Still processing at the bank: the shopper waits on the return page and the webhook settles it.
  if (intent.status === "processing") return { status: "requires_action", ref: intent.id, actionUrl: returnUrl };
  return { status: "failed", ref: intent.id, code: intent.last_payment_error?.code === "card_declined" ? "card_declined" : "card_error" };
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = sdkFor(options);
  const absolute = (path: string) => new URL(path, options.siteUrl).toString();

  return {
    name: "stripe",

    async chargeCard({ paymentId, idempotencyKey, token, amount, currency, returnUrl, customer }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: currency.toLowerCase(),
            payment_method: token,
            confirm: true,
            return_url: absolute(returnUrl),
            metadata: { payment_id: paymentId },
            ...(customer?.email ? { receipt_email: customer.email } : {}),
          },
          { idempotencyKey: idempotencyKey ?? paymentId },
        );
        return intentResult(intent, returnUrl);
      } catch (error) {
        // A refused card is an answer, not a failure of the call: Stripe names the intent it left unpaid.
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = (error.raw as { payment_intent?: { id: string } }).payment_intent;
          return {
            status: "failed",
            ref: intent?.id ?? error.charge ?? "",
            code: error.code === "card_declined" ? "card_declined" : "card_error",
          };
        }
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === "resource_missing" &&
          error.param === "payment_method"
        ) {
          return { status: "failed", ref: "", code: "card_error" };
        }
        throw providerError(error);
      }
    },

    async createRedirect() {
      throw new ProviderError("provider_request_failed", "Stripe takes cards only (str_card)");
    },

    async createOffline() {
      throw new ProviderError("provider_request_failed", "Stripe takes cards only (str_card)");
    },

    async refund({ ref, amount, refundId, idempotencyKey }): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: ref, amount, ...(refundId ? { metadata: { refund_id: refundId } } : {}) },
          { idempotencyKey: idempotencyKey ?? refundId ?? `refund:${ref}:${amount}` },
        );
        if (refund.status === "succeeded") return { status: "succeeded", ref: refund.id };
        if (refund.status === "failed" || refund.status === "canceled") return { status: "failed", ref: refund.id };
        return { status: "pending", ref: refund.id };
      } catch (error) {
        throw providerError(error);
      }
    },

    async parseWebhook({ rawBody, headers, now }) {
      const signature = headerOf(headers, "stripe-signature");
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch {
        return null;
      }
      return eventOf(event);
    },

    async testConnection() {
      try {
        await stripe.balance.retrieve();
      } catch (error) {
        throw providerError(error);
      }
    },

    publicConfig: () => ({ str_public_key: options.publicKey }),
  };
}

/** Stripe's events as ours: the intent's metadata names our payment; a refund's, our refund. */
function eventOf(event: Stripe.Event): ProviderEvent {
  const occurredAt = new Date(event.created * 1000);
  const base = { id: event.id, occurredAt };
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
    case "payment_intent.canceled": {
      const intent = event.data.object;
      const paymentId = intent.metadata?.payment_id;
      if (!paymentId) return { ...base, type: "ignored" };
      const type = event.type === "payment_intent.succeeded" ? "payment.succeeded" : "payment.failed";
      return { ...base, type, payment_id: paymentId, ref: intent.id };
    }
    case "refund.updated":
    case "refund.failed": {
      const refund = event.data.object;
      const refundId = refund.metadata?.refund_id;
      if (!refundId || (refund.status !== "succeeded" && refund.status !== "failed")) return { ...base, type: "ignored" };
      return { ...base, type: refund.status === "succeeded" ? "refund.succeeded" : "refund.failed", refund_id: refundId, ref: refund.id };
    }
    default:
      return { ...base, type: "ignored" };
  }
}
