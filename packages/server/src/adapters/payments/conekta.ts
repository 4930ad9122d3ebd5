import { verify as rsaVerify } from "node:crypto";
import { isAxiosError } from "axios";
import { BalancesApi, Configuration, type OrderRequest, type OrderResponse, OrdersApi } from "conekta";
import {
  type ChargeResult,
  type PaymentCustomer,
  type PaymentProvider,
  type ProviderEvent,
  ProviderError,
  type RefundResult,
  headerOf,
} from "./provider";

/**
 * Conekta (`conekta_card` and `conekta_oxxo`) with the official SDK (9.x, `basePath` points it at the local fake in
 * tests): one order per payment attempt with a card-token charge (3-D Secure in 'smart' mode: `next_action.redirect_to_url`)
 * or an OXXO cash charge with its deadline, order refunds, Idempotency-Key on every create call, and webhooks checked
 * the way Conekta documents them: the `digest` header holds an RSA-SHA256 signature of the raw body, verified with the
 * public key of the account's webhook key (the shop owner pastes it as the webhook secret).
 */
export const CONEKTA_API_URL = "https://api.conekta.io";
/** Conekta's own tokenizer script: the card frame loads it with the account's public key. */
export const CONEKTA_JS_URL = "https://cdn.conekta.io/js/latest/conekta.js";
/** How long an OXXO reference stays payable. */
export const OXXO_MS = 48 * 3600 * 1000;

export interface ConektaProviderOptions {
  /** Public key (key_… public): the browser tokenizes cards with it. */
  publicKey: string;
  /** Private key (key_… private). */
  secretKey: string;
  /** The public key (PEM) of the account's webhook key: Conekta signs every webhook with its private half. */
  webhookSecret: string;
  baseUrl?: string;
  /** Our public origin: the 3-D Secure redirect comes back to an absolute URL. */
  siteUrl: string;
  now?: () => Date;
}

type ConektaErrorBody = { type?: string; details?: { code?: string; message?: string }[]; data?: OrderResponse };

function providerError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (isAxiosError(error) && error.response) {
    const body = (error.response.data ?? {}) as ConektaErrorBody;
    const detail = body.details?.[0];
    if (error.response.status === 401 || error.response.status === 403) {
      return new ProviderError("provider_auth_failed", "Conekta rejected the private key", detail?.code);
    }
    if (error.response.status >= 500)
      return new ProviderError("provider_unavailable", `Conekta answered ${error.response.status}`, detail?.code);
    return new ProviderError("provider_request_failed", detail?.message ?? "Conekta refused the request", detail?.code);
  }
  return new ProviderError("provider_unavailable", `Conekta is unreachable: ${String(error)}`);
}

function requireCustomer(customer: PaymentCustomer | undefined): PaymentCustomer {
  if (!customer?.name || !customer.email) throw new ProviderError("provider_request_failed", "Conekta needs the buyer's name and e-mail");
  return customer;
}

function orderResult(order: OrderResponse): ChargeResult {
  const ref = order.id ?? "";
  if (order.payment_status === "paid") return { status: "succeeded", ref };
  const redirect = order.next_action?.redirect_to_url?.url;
  if (redirect) return { status: "requires_action", ref, actionUrl: redirect };
  const charge = order.charges?.data?.[0];
  return {
    status: "failed",
    ref,
    code: charge?.failure_code === "card_declined" || order.payment_status === "declined" ? "card_declined" : "card_error",
  };
}

export function createConektaProvider(options: ConektaProviderOptions): PaymentProvider {
  const configuration = new Configuration({
    accessToken: options.secretKey,
    basePath: (options.baseUrl ?? CONEKTA_API_URL).replace(/\/$/, ""),
  });
  const orders = new OrdersApi(configuration);
  const balances = new BalancesApi(configuration);
  const now = options.now ?? (() => new Date());
  const request = (idempotencyKey: string) => ({ headers: { "Idempotency-Key": idempotencyKey }, timeout: 30_000 });

  function orderRequest(input: { paymentId: string; amount: number; currency: string; customer?: PaymentCustomer }): OrderRequest {
    const customer = requireCustomer(input.customer);
    return {
      currency: input.currency,
      customer_info: { name: customer.name, email: customer.email, phone: customer.phone ?? "" },
      line_items: [{ name: "Compra en Tianguis", unit_price: input.amount, quantity: 1 }],
      metadata: { payment_id: input.paymentId },
    } as OrderRequest;
  }

  return {
    name: "conekta",

    async chargeCard({ paymentId, idempotencyKey, token, amount, currency, customer, returnUrl }) {
      const body = {
        ...orderRequest({ paymentId, amount, currency, customer }),
        charges: [{ payment_method: { type: "card", token_id: token } }],
        three_ds_mode: "smart",
        return_url: new URL(returnUrl, options.siteUrl).toString(),
      } as OrderRequest;
      try {
        const { data } = await orders.createOrder(body, "es", undefined, request(idempotencyKey ?? paymentId));
        return orderResult(data);
      } catch (error) {
        // A declined card is an answer: Conekta's processing error carries the declined order.
        if (isAxiosError(error) && error.response?.status === 402) {
          const declined = (error.response.data as ConektaErrorBody).data;
          return { status: "failed", ref: declined?.id ?? "", code: "card_declined" };
        }
        if (
          isAxiosError(error) &&
          error.response?.status === 422 &&
          /token/.test((error.response.data as ConektaErrorBody).details?.[0]?.code ?? "")
        ) {
          return { status: "failed", ref: "", code: "card_error" };
        }
        throw providerError(error);
      }
    },

    async createRedirect() {
      throw new ProviderError("provider_request_failed", "Conekta takes cards and OXXO cash only here");
    },

    async createOffline({ paymentId, idempotencyKey, method, amount, currency, customer }) {
      if (method !== "conekta_oxxo") throw new ProviderError("provider_request_failed", `Conekta does not take ${method}`);
      const expiresAt = new Date(now().getTime() + OXXO_MS);
      const body = {
        ...orderRequest({ paymentId, amount, currency, customer }),
        charges: [{ payment_method: { type: "cash", expires_at: Math.floor(expiresAt.getTime() / 1000) } }],
      } as OrderRequest;
      try {
        const { data } = await orders.createOrder(body, "es", undefined, request(idempotencyKey ?? paymentId));
        const cash = data.charges?.data?.[0]?.payment_method as
          { reference?: string; barcode_url?: string; expires_at?: number } | undefined;
        if (!data.id || !cash?.reference) throw new ProviderError("provider_request_failed", "Conekta gave no OXXO reference");
        return {
          ref: data.id,
          reference: cash.reference,
          ...(cash.barcode_url ? { receiptUrl: cash.barcode_url } : {}),
          expiresAt: cash.expires_at ? new Date(cash.expires_at * 1000) : expiresAt,
        };
      } catch (error) {
        throw providerError(error);
      }
    },

    async refund({ ref, amount, refundId, idempotencyKey }): Promise<RefundResult> {
      try {
        const { data } = await orders.orderRefund(
          ref,
          { amount, reason: "requested_by_client" },
          "es",
          undefined,
          request(idempotencyKey ?? refundId ?? `refund:${ref}:${amount}`),
        );
        const refunds = data.charges?.data?.flatMap((charge) => charge.refunds?.data ?? []) ?? [];
        // Conekta refunds at once and appends each refund to the charge: the last one is this one.
        return { status: "succeeded", ref: refunds.at(-1)?.id ?? data.id };
      } catch (error) {
        throw providerError(error);
      }
    },

    async parseWebhook({ rawBody, headers }) {
      const digest = headerOf(headers, "digest");
      if (!digest || !verifyDigest(rawBody, digest, options.webhookSecret)) return null;
      return eventOf(JSON.parse(rawBody));
    },

    async testConnection() {
      try {
        await balances.getBalance("es", { timeout: 15_000 });
      } catch (error) {
        throw providerError(error);
      }
    },

    publicConfig: () => ({ ck_public_key: options.publicKey }),
  };
}

function verifyDigest(rawBody: string, digest: string, publicKeyPem: string): boolean {
  try {
    return rsaVerify("sha256", Buffer.from(rawBody), publicKeyPem, Buffer.from(digest, "base64"));
  } catch {
    return false;
  }
}

interface ConektaEvent {
  id: string;
  type: string;
  created_at: number;
  data?: { object?: { id?: string; metadata?: Record<string, string> } };
}

const eventTypes: Record<string, "payment.succeeded" | "payment.failed" | "payment.expired"> = {
  "order.paid": "payment.succeeded",
  "order.declined": "payment.failed",
  "order.canceled": "payment.failed",
  "order.expired": "payment.expired",
};

/** Conekta's order events as ours: the order's metadata names our payment. Conekta refunds at once, so refund events are ignored. */
function eventOf(event: ConektaEvent): ProviderEvent {
  const base = { id: event.id, occurredAt: new Date(event.created_at * 1000) };
  const type = eventTypes[event.type];
  const order = event.data?.object;
  const paymentId = order?.metadata?.payment_id;
  if (!type || !order?.id || !paymentId) return { ...base, type: "ignored" };
  return { ...base, type, payment_id: paymentId, ref: order.id };
}
