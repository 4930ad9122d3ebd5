import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  type OAuthToken,
  type Order,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from "@paypal/paypal-server-sdk";
import { absoluteUrl } from "./absolute-url";
import {
  type ChargeResult,
  headerOf,
  type PaymentProvider,
  type ProviderEvent,
  ProviderError,
  type RefundResult,
  type WebhookDelivery,
} from "./provider";

/**
 * PayPal (`paypal`) through the official `@paypal/paypal-server-sdk` 2.x: Orders v2 with intent CAPTURE, the approval
 * (payer-action) link for the browser, capture when the shopper comes back with code 1, capture refunds, and webhooks checked by
 * PayPal's own verify-webhook-signature API. Every create call carries a PayPal-Request-Id derived from our payment id, so a retry
 * returns the same order, capture or refund instead of a second one.
 *
 * The SDK only knows PayPal's two hosts (Environment.Production / Sandbox); another base URL (the local fake in tests) is reached by
 * giving the SDK's axios client a fetch that moves each request to that host.
 */
export interface PaypalOptions {
  /** The REST app's client id (public: the browser may see it). */
  publicKey: string;
  /** The REST app's secret. */
  secretKey: string;
  /** The id PayPal gives the webhook registered in the app (it is what verify-webhook-signature checks against). */
  webhookSecret: string;
  /** https://api-m.paypal.com (live), https://api-m.sandbox.paypal.com (sandbox), or a fake's URL. */
  baseUrl: string;
  /** Our public webhook URL for this account; its origin completes return and cancel paths. */
  notifyUrl?: string;
  /** The site's public origin (PUBLIC_URL): return and cancel paths are made absolute against it. */
  siteUrl?: string;
  brandName?: string;
  fetch?: typeof fetch;
}

export const PAYPAL_LIVE_URL = "https://api-m.paypal.com";
export const PAYPAL_SANDBOX_URL = "https://api-m.sandbox.paypal.com";
const LIVE = PAYPAL_LIVE_URL;
const SANDBOX = PAYPAL_SANDBOX_URL;
const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;
const WEBHOOK_HEADERS = [
  "paypal-transmission-id",
  "paypal-transmission-time",
  "paypal-transmission-sig",
  "paypal-cert-url",
  "paypal-auth-algo",
];

const toValue = (amount: number) => (Math.round(amount) / 100).toFixed(2);

/** A fetch that sends the SDK's requests for PayPal's host to `baseUrl` instead. */
function redirectingFetch(baseUrl: string, doFetch: typeof fetch): typeof fetch {
  const origin = new URL(baseUrl);
  return (input, init) => {
    const original = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    const target = new URL(`${original.pathname}${original.search}`, origin);
    if (typeof input === "string" || input instanceof URL) return doFetch(target, init);
    return doFetch(new Request(target, input), init);
  };
}

function issueOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const result = error.result as { details?: { issue?: string }[]; name?: string } | undefined;
  return result?.details?.[0]?.issue ?? result?.name;
}

/** Turns an SDK failure into a coded adapter error (bad keys, refused request, PayPal down). */
function providerError(error: unknown): ProviderError {
  if (error instanceof ApiError) {
    if (error.statusCode === 401) return new ProviderError("provider_auth_failed", "PayPal rejected the client id or secret");
    if (error.statusCode >= 500) return new ProviderError("provider_unavailable", `PayPal answered ${error.statusCode}`);
    return new ProviderError("provider_request_failed", `PayPal refused the request: ${issueOf(error) ?? error.statusCode}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/invalid_client|unauthori[sz]ed|401/i.test(message))
    return new ProviderError("provider_auth_failed", "PayPal rejected the client id or secret");
  return new ProviderError("provider_unavailable", `PayPal is unreachable: ${message}`);
}

export function createPaypalProvider(options: PaypalOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, "");
  const environment = base === LIVE ? Environment.Production : Environment.Sandbox;
  const ownHost = base === LIVE || base === SANDBOX;
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: options.publicKey, oAuthClientSecret: options.secretKey },
    environment,
    timeout: 30_000,
    ...(ownHost && !options.fetch
      ? {}
      : { unstable_httpClientOptions: { adapter: "fetch", env: { fetch: ownHost ? doFetch : redirectingFetch(base, doFetch) } } }),
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  const captureOf = (order: Order) => order.purchaseUnits?.[0]?.payments?.captures?.[0];

  async function getOrder(id: string): Promise<Order | null> {
    try {
      return (await orders.getOrder({ id })).result;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) return null;
      throw providerError(error);
    }
  }

  /** Captures an approved order once: the same PayPal-Request-Id makes a repeated capture answer the first result. */
  async function capture(orderId: string): Promise<ChargeResult> {
    try {
      const { result } = await orders.captureOrder({ id: orderId, paypalRequestId: `capture-${orderId}`, prefer: "return=representation" });
      return captureOf(result)?.status === "COMPLETED"
        ? { status: "succeeded", ref: orderId }
        : { status: "failed", ref: orderId, code: "card_declined" };
    } catch (error) {
      const issue = issueOf(error);
      if (issue === "ORDER_ALREADY_CAPTURED") {
        const order = await getOrder(orderId);
        if (order && captureOf(order)?.status !== "DECLINED") return { status: "succeeded", ref: orderId };
      }
      if (issue === "INSTRUMENT_DECLINED" || issue === "ORDER_NOT_APPROVED" || issue === "PAYER_ACTION_REQUIRED")
        return { status: "failed", ref: orderId, code: "card_declined" };
      throw providerError(error);
    }
  }

  let token: OAuthToken | undefined;
  async function accessToken(): Promise<string> {
    try {
      token = await client.clientCredentialsAuthManager.updateToken(token);
    } catch (error) {
      throw providerError(error);
    }
    return token.accessToken;
  }

  const noCards = async (): Promise<never> => {
    throw new ProviderError("provider_request_failed", "PayPal is a redirect method: it takes no card tokens or cash references here");
  };

  return {
    name: "paypal",
    chargeCard: noCards,
    createOffline: noCards,

    async createRedirect(input) {
      try {
        const { result } = await orders.createOrder({
          paypalRequestId: `order-${input.idempotencyKey ?? input.paymentId}`,
          prefer: "return=representation",
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                customId: input.paymentId,
                amount: { currencyCode: input.currency, value: toValue(input.amount) },
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: absoluteUrl(input.returnUrl, options.siteUrl ?? options.notifyUrl),
                  cancelUrl: absoluteUrl(input.cancelUrl, options.siteUrl ?? options.notifyUrl),
                  userAction: PaypalExperienceUserAction.PayNow,
                  shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                  brandName: options.brandName,
                },
              },
            },
          },
        });
        const approval = result.links?.find((link) => link.rel === "payer-action" || link.rel === "approve");
        if (!result.id || !approval) throw new ProviderError("provider_request_failed", "PayPal gave no approval link");
        return { ref: result.id, approvalUrl: approval.href };
      } catch (error) {
        throw error instanceof ProviderError ? error : providerError(error);
      }
    },

    /** Code 1 brings the shopper back with `?token=<order id>`: the approved order is captured now. */
    async completeRedirect({ ref, query }) {
      if (query.token && query.token !== ref) return { status: "failed", ref, code: "card_error" };
      return capture(ref);
    },

    async refund(input): Promise<RefundResult> {
      const order = await getOrder(input.ref);
      const captured = order ? captureOf(order) : undefined;
      if (!captured?.id || !order?.purchaseUnits?.[0]?.amount) return { status: "failed" };
      try {
        const { result } = await payments.refundCapturedPayment({
          captureId: captured.id,
          paypalRequestId: `refund-${input.idempotencyKey ?? input.refundId ?? `${input.ref}-${input.amount}`}`,
          prefer: "return=representation",
          body: { amount: { currencyCode: order.purchaseUnits[0].amount.currencyCode, value: toValue(input.amount) } },
        });
        if (result.status === "COMPLETED") return { status: "succeeded", ref: result.id };
        if (result.status === "PENDING") return { status: "pending", ref: result.id };
        return { status: "failed", ref: result.id };
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 422) return { status: "failed" };
        throw providerError(error);
      }
    },

    /**
     * PayPal's webhook: the five transmission headers and the event go to verify-webhook-signature (PayPal answers SUCCESS only for
     * what it sent to this webhook id); events older than 5 minutes are refused; the result comes from the order as PayPal holds it
     * now, so late or reordered events cannot move a payment backwards. An approved order whose shopper never came back is captured here.
     */
    async parseWebhook({ rawBody, headers, now }: WebhookDelivery): Promise<ProviderEvent | null> {
      if (WEBHOOK_HEADERS.some((name) => !headerOf(headers, name))) return null;
      const sentAt = Date.parse(headerOf(headers, "paypal-transmission-time") ?? "");
      if (!Number.isFinite(sentAt) || Math.abs(now.getTime() - sentAt) > WEBHOOK_TOLERANCE_MS) return null;
      let event: {
        id?: string;
        event_type?: string;
        resource?: { id?: string; supplementary_data?: { related_ids?: { order_id?: string } } };
      };
      try {
        event = JSON.parse(rawBody);
      } catch {
        return null;
      }
      // PayPal signs the exact bytes it sent (CRC32 of the body), so the body goes back verbatim as `webhook_event`:
      // re-serialising the parsed event would hide a change as small as an added space.
      const fields = JSON.stringify({
        auth_algo: headerOf(headers, "paypal-auth-algo"),
        cert_url: headerOf(headers, "paypal-cert-url"),
        transmission_id: headerOf(headers, "paypal-transmission-id"),
        transmission_sig: headerOf(headers, "paypal-transmission-sig"),
        transmission_time: headerOf(headers, "paypal-transmission-time"),
        webhook_id: options.webhookSecret,
      });
      const response = await doFetch(`${base}/v1/notifications/verify-webhook-signature`, {
        method: "POST",
        headers: { authorization: `Bearer ${await accessToken()}`, "content-type": "application/json" },
        body: `${fields.slice(0, -1)},"webhook_event":${rawBody}}`,
        signal: AbortSignal.timeout(30_000),
      }).catch((cause) => {
        throw new ProviderError("provider_unavailable", `PayPal is unreachable: ${String(cause)}`);
      });
      const verdict = (await response.json().catch(() => ({}))) as { verification_status?: string };
      if (!response.ok || verdict.verification_status !== "SUCCESS") return null;

      // Verified from here on: what we cannot turn into a payment event (other event types, another integration's orders, an
      // order still waiting for the shopper) is answered 200 as ignored so PayPal stops retrying.
      const ignored = { id: `paypal:${event.id ?? headerOf(headers, "paypal-transmission-id")}`, type: "ignored" as const };
      const tracked = ["CHECKOUT.ORDER.APPROVED", "PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE.DENIED", "PAYMENT.CAPTURE.PENDING"];
      if (!tracked.includes(event.event_type ?? "")) return ignored;
      const orderId = event.event_type?.startsWith("CHECKOUT.ORDER")
        ? event.resource?.id
        : event.resource?.supplementary_data?.related_ids?.order_id;
      const order = orderId ? await getOrder(orderId) : null;
      const paymentId = order?.purchaseUnits?.[0]?.customId;
      if (!orderId || !order || !paymentId) return ignored;
      let outcome: ChargeResult | null = null;
      if (order.status === "APPROVED") outcome = await capture(orderId);
      const status = captureOf(order)?.status;
      if (!outcome && order.status === "COMPLETED") outcome = { status: "succeeded", ref: orderId };
      if (!outcome && status === "DECLINED") outcome = { status: "failed", ref: orderId, code: "card_declined" };
      if (!outcome || outcome.status === "requires_action") return ignored;
      const type = outcome.status === "succeeded" ? "payment.succeeded" : "payment.failed";
      return { id: `paypal:${orderId}:${type}`, type, payment_id: paymentId, ref: orderId, occurredAt: new Date(sentAt) };
    },

    /** Asks PayPal for an OAuth token: a wrong client id or secret answers 401. */
    async testConnection() {
      try {
        await client.clientCredentialsAuthManager.fetchToken();
      } catch (error) {
        throw providerError(error);
      }
    },

    publicConfig: () => ({}),
  };
}
