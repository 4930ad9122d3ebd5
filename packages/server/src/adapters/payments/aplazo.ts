import { timingSafeEqual } from "node:crypto";
import { absoluteUrl } from "./absolute-url";
import { headerOf, type PaymentProvider, type ProviderEvent, ProviderError, type RefundResult, type WebhookDelivery } from "./provider";

/**
 * Aplazo (`aplazo`, buy now pay later, Mexico) over its Online API (https://aplazo.gitbook.io/aplazo-integrations); Aplazo
 * publishes no Node SDK. Each call first asks POST /api/auth for a fresh Bearer token (Aplazo's documented rule), then creates
 * the loan (POST /api/loan) whose `url` the browser is sent to; successUrl carries code 1 and errorUrl / cartUrl code 2.
 *
 * Idempotency: `cartId` is the merchant's external id of the loan; we send our payment id there, so a retried create is the same
 * loan. Aplazo's refund call takes no key either: the payments module sends each refund once (its stored refund row, reused
 * by a retry, is only re-sent while no answer was recorded) and polls refundStatus until Aplazo settles it, since Aplazo sends
 * no refund webhook. Webhooks carry only the Bearer token Aplazo was asked to send (webhookSecret); the loan's status is then read back from
 * Aplazo's status API, so the event says what Aplazo holds now, not what the body claims.
 */
export const APLAZO_LIVE_URL = "https://api.aplazo.mx";
export const APLAZO_SANDBOX_URL = "https://api.aplazo.net";

export interface AplazoOptions {
  /** The merchant id Aplazo assigns (numeric). */
  publicKey: string;
  /** The API token. */
  secretKey: string;
  /** The token Aplazo puts in the Authorization header of its webhooks ("Bearer <token>"). */
  webhookSecret: string;
  /** https://api.aplazo.mx (live) or https://api.aplazo.net (development), or a fake's URL. */
  baseUrl: string;
  /** Host of the status and refund API: https://merchant.aplazo.mx / .net; by default derived from baseUrl. */
  merchantBaseUrl?: string;
  /** Aplazo's name of the shop (shopId). */
  shopId?: string;
  notifyUrl: string;
  /** The site's public origin (PUBLIC_URL): return and cancel paths are made absolute against it. */
  siteUrl?: string;
  fetch?: typeof fetch;
}

const toMajor = (amount: number) => Math.round(amount) / 100;

/** Aplazo's loan status: ACTIVO (first instalment paid) is a payment; CANCELADO is not; the rest are still open. */
function outcomeOf(status: string | undefined): "succeeded" | "failed" | null {
  const normalised = (status ?? "").toUpperCase();
  if (["ACTIVO", "ACTIVE", "OUTSTANDING", "PAGADO", "PAID"].includes(normalised)) return "succeeded";
  if (["CANCELADO", "CANCELLED", "RECHAZADO", "REJECTED", "EXPIRADO", "EXPIRED"].includes(normalised)) return "failed";
  return null;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createAplazoProvider(options: AplazoOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const api = options.baseUrl.replace(/\/$/, "");
  const merchantApi = (options.merchantBaseUrl ?? api.replace("//api.", "//merchant.")).replace(/\/$/, "");

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    } catch (cause) {
      throw new ProviderError("provider_unavailable", `Aplazo is unreachable: ${String(cause)}`);
    }
  }

  async function bearer(): Promise<string> {
    const response = await send(`${api}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ apiToken: options.secretKey, merchantId: Number(options.publicKey) }),
    });
    const data = (await response.json().catch(() => ({}))) as { Authorization?: string };
    if (response.status === 401 || response.status === 403)
      throw new ProviderError("provider_auth_failed", "Aplazo rejected the merchant id or API token");
    if (!response.ok || !data.Authorization) throw new ProviderError("provider_unavailable", `Aplazo's auth answered ${response.status}`);
    return data.Authorization;
  }

  async function call<T>(url: string, method: "GET" | "POST", body?: unknown): Promise<{ status: number; data: T }> {
    const response = await send(url, {
      method,
      headers: { authorization: await bearer(), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401 || response.status === 403) throw new ProviderError("provider_auth_failed", "Aplazo rejected the token");
    return { status: response.status, data: (await response.json().catch(() => ({}))) as T };
  }

  async function loanStatus(cartId: string): Promise<{ loanId?: number; status?: string } | null> {
    const found = await call<{ loanId?: number; status?: string }>(
      `${merchantApi}/api/v1/loan/status?cart_id=${encodeURIComponent(cartId)}`,
      "GET",
    );
    return found.status === 200 ? found.data : null;
  }

  const onlyRedirects = async (): Promise<never> => {
    throw new ProviderError("provider_request_failed", "Aplazo is a redirect method: no card tokens or cash references");
  };

  return {
    name: "aplazo",
    chargeCard: onlyRedirects,
    createOffline: onlyRedirects,

    async createRedirect(input) {
      const buyer = input.customer;
      if (!buyer?.name || !buyer.email || !buyer.phone)
        throw new ProviderError("provider_request_failed", "Aplazo needs the shopper's name, e-mail and phone");
      const [firstName, ...rest] = buyer.name.trim().split(/\s+/);
      const created = await call<{ url?: string; message?: string }>(`${api}/api/loan`, "POST", {
        totalPrice: toMajor(input.amount),
        shopId: options.shopId ?? "Tianguis",
        cartId: input.idempotencyKey ?? input.paymentId,
        successUrl: absoluteUrl(input.returnUrl, options.siteUrl ?? options.notifyUrl),
        errorUrl: absoluteUrl(input.cancelUrl, options.siteUrl ?? options.notifyUrl),
        cartUrl: absoluteUrl(input.cancelUrl, options.siteUrl ?? options.notifyUrl),
        webHookUrl: options.notifyUrl,
        buyer: { email: buyer.email, firstName, lastName: rest.join(" ") || firstName, phone: buyer.phone },
        products: [
          {
            id: input.paymentId,
            count: 1,
            price: toMajor(input.amount),
            title: `Pago ${input.paymentId}`,
            description: `Pago ${input.paymentId}`,
          },
        ],
      });
      if (created.status >= 500) throw new ProviderError("provider_unavailable", `Aplazo answered ${created.status}`);
      if (created.status !== 200 || !created.data.url)
        throw new ProviderError("provider_request_failed", created.data.message || "Aplazo refused the loan");
      return { ref: input.idempotencyKey ?? input.paymentId, approvalUrl: created.data.url };
    },

    /** Code 1 is Aplazo's successUrl: a loan Aplazo does not show active yet stays pending (its webhook settles it). */
    async completeRedirect({ ref }) {
      const outcome = outcomeOf((await loanStatus(ref))?.status);
      if (outcome === "succeeded") return { status: "succeeded", ref };
      return outcome === "failed" ? { status: "failed", ref, code: "card_declined" } : { status: "pending", ref };
    },

    /** Aplazo answers a refund request with REQUESTED and settles it later (its refund-status API tells when). */
    async refund(input): Promise<RefundResult> {
      const requested = await call<{ refundId?: number; refundStatus?: string }>(`${merchantApi}/api/loan/refund-from-cart`, "POST", {
        cartId: input.ref,
        totalAmount: toMajor(input.amount),
        reason: "Reembolso solicitado por la tienda",
      });
      if (requested.status !== 200 || !requested.data.refundId) return { status: "failed" };
      const status = (requested.data.refundStatus ?? "").toUpperCase();
      if (status === "REFUNDED" || status === "PROCESSED") return { status: "succeeded", ref: String(requested.data.refundId) };
      if (status === "REJECTED" || status === "FAILED") return { status: "failed", ref: String(requested.data.refundId) };
      return { status: "pending", ref: String(requested.data.refundId) };
    },

    /**
     * Aplazo sends no refund webhook: its refund-status history of the cart (GET /api/pos/loan/refund/{cartId}) says where a
     * refund stands. The entries of our refund id count (the latest wins); REFUNDED is done, REJECTED or CANCELLED is not.
     */
    async refundStatus({ ref, refundRef }) {
      const history = await call<{ refundId?: number; status?: string }[]>(`${api}/api/pos/loan/refund/${encodeURIComponent(ref)}`, "GET");
      if (history.status >= 500) throw new ProviderError("provider_unavailable", `Aplazo answered ${history.status}`);
      if (history.status !== 200 || !Array.isArray(history.data)) return "pending";
      const ours = history.data.filter((entry) => entry.refundId === undefined || String(entry.refundId) === refundRef);
      const status = (ours.at(-1)?.status ?? "").toUpperCase();
      if (status === "REFUNDED" || status === "PROCESSED") return "succeeded";
      if (status === "REJECTED" || status === "FAILED" || status === "CANCELLED") return "failed";
      return "pending";
    },

    async parseWebhook({ rawBody, headers }: WebhookDelivery): Promise<ProviderEvent | null> {
      const authorizationHeader = headerOf(headers, "authorization");
      if (!authorizationHeader || !sameSecret(authorizationHeader, `Bearer ${options.webhookSecret}`)) return null;
      let event: { cartId?: string; loanId?: number; merchantId?: number };
      try {
        event = JSON.parse(rawBody);
      } catch {
        return null;
      }
      if (!event.cartId || Number(event.merchantId) !== Number(options.publicKey)) return null;
      const loan = await loanStatus(event.cartId);
      const outcome = outcomeOf(loan?.status);
      if (!loan || (event.loanId !== undefined && loan.loanId !== event.loanId)) return null;
      if (!outcome) return { id: `aplazo:${loan.loanId}:open`, type: "ignored" };
      const type = outcome === "succeeded" ? "payment.succeeded" : "payment.failed";
      return { id: `aplazo:${loan.loanId}:${type}`, type, payment_id: event.cartId, ref: event.cartId };
    },

    /** Aplazo's auth call: a wrong merchant id or API token answers 401. */
    async testConnection() {
      await bearer();
    },

    publicConfig: () => ({}),
  };
}
