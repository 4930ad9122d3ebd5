import { createHmac, timingSafeEqual } from "node:crypto";
import { absoluteUrl } from "./absolute-url";
import { type PaymentProvider, type ProviderEvent, ProviderError, type RefundResult, type WebhookDelivery } from "./provider";

/**
 * Mobbex (`mobbex`, Argentina) over its REST API (https://mobbex.dev); Mobbex publishes no Node SDK of its own.
 * A checkout is created with x-api-key / x-access-token and the shopper is sent to its URL; Mobbex sends the browser back to
 * `return_url` with `status`, `type` and `transactionId`, and posts the operation to `webhook`.
 *
 * Idempotency: Mobbex takes no idempotency key; its `reference` is the guard ("Mobbex does not allow 2 transactions in Paid status
 * with the same reference"). We send our payment id as the reference and use it as our ref, so a retried create points at the same
 * payment and can never be paid twice. Refunds take no key either: a full refund is checked against the operation's status
 * first (601, given back) and the payments module sends each refund once from its stored refund row. Webhooks are not signed by Mobbex, so the webhook URL given on each checkout carries a
 * token (an HMAC of the reference with the account's webhook secret) that the delivery must come back with, and the event is
 * built from Mobbex's own API answer (the operation is read back by reference): a forged or altered body cannot move a payment.
 */
export const MOBBEX_URL = "https://api.mobbex.com";

export interface MobbexOptions {
  /** The application's API key (x-api-key). */
  publicKey: string;
  /** The entity's access token (x-access-token). */
  secretKey: string;
  /** https://api.mobbex.com, or a fake's URL. */
  baseUrl: string;
  /** Where Mobbex must post operations for this shop (our webhook endpoint). */
  notifyUrl: string;
  /** The site's public origin (PUBLIC_URL): return and cancel paths are made absolute against it. */
  siteUrl?: string;
  /** A secret of the shop's choosing: it signs the token in the webhook URL of each checkout (Mobbex itself signs nothing). */
  webhookSecret?: string;
  /** Test mode: the checkout takes Mobbex's test cards only. */
  testMode?: boolean;
  fetch?: typeof fetch;
}

interface Operation {
  id: string;
  reference: string;
  total: number;
  status: { code: string };
}

const toMajor = (amount: number) => Math.round(amount) / 100;

/** Mobbex status codes: 200 paid; 601–603 paid and (being) given back; 400–599 declined, expired or cancelled; the rest still open. */
function outcomeOf(code: number): "succeeded" | "failed" | null {
  if (code === 200 || (code >= 601 && code <= 603)) return "succeeded";
  if (code >= 400 && code < 600) return "failed";
  return null;
}

export function createMobbexProvider(options: MobbexOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const tokenOf = (reference: string) =>
    createHmac("sha256", options.webhookSecret ?? "")
      .update(`mobbex:${reference}`)
      .digest("base64url");
  const webhookUrlOf = (reference: string) => {
    const url = new URL(options.notifyUrl);
    if (options.webhookSecret) url.searchParams.set("token", tokenOf(reference));
    return url.toString();
  };
  const tokenMatches = (reference: string, url: string | undefined) => {
    if (!options.webhookSecret) return true;
    const given = Buffer.from(new URL(url ?? "/", "http://delivery.local").searchParams.get("token") ?? "");
    const expected = Buffer.from(tokenOf(reference));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const base = options.baseUrl.replace(/\/$/, "");

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<{ ok: boolean; data?: T; error?: string }> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          "x-api-key": options.publicKey,
          "x-access-token": options.secretKey,
          "x-lang": "es",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (cause) {
      throw new ProviderError("provider_unavailable", `Mobbex is unreachable: ${String(cause)}`);
    }
    const payload = (await response.json().catch(() => ({}))) as { result?: boolean; data?: T; error?: string };
    if (response.status === 401 || response.status === 403)
      throw new ProviderError("provider_auth_failed", "Mobbex rejected the API key or access token");
    if (response.status >= 500) throw new ProviderError("provider_unavailable", `Mobbex answered ${response.status}`);
    return { ok: response.ok && payload.result === true, data: payload.data, error: payload.error };
  }

  async function operationsOf(reference: string): Promise<Operation[]> {
    const found = await call<Operation[]>("GET", `/2.0/transactions/coupons/${encodeURIComponent(reference)}`);
    return found.ok && found.data ? found.data : [];
  }

  /** What Mobbex says of one reference: paid if any operation was paid, failed if all ended badly, otherwise still open. */
  async function statusOf(reference: string): Promise<{ outcome: "succeeded" | "failed" | null; operation?: Operation }> {
    const operations = await operationsOf(reference);
    const paid = operations.find((operation) => outcomeOf(Number(operation.status.code)) === "succeeded");
    if (paid) return { outcome: "succeeded", operation: paid };
    const failed = operations.find((operation) => outcomeOf(Number(operation.status.code)) === "failed");
    return failed ? { outcome: "failed", operation: failed } : { outcome: null };
  }

  const onlyRedirects = async (): Promise<never> => {
    throw new ProviderError("provider_request_failed", "Mobbex is a redirect method here: no card tokens or cash references");
  };

  return {
    name: "mobbex",
    chargeCard: onlyRedirects,
    createOffline: onlyRedirects,

    async createRedirect(input) {
      if (!input.customer?.email || !input.customer.name)
        throw new ProviderError("provider_request_failed", "Mobbex needs the shopper's name and e-mail");
      const created = await call<{ id: string; url: string }>("POST", "/p/checkout", {
        total: toMajor(input.amount),
        currency: input.currency,
        description: `Pago ${input.paymentId}`,
        reference: input.paymentId,
        test: options.testMode === true,
        return_url: absoluteUrl(input.returnUrl, options.siteUrl ?? options.notifyUrl),
        webhook: webhookUrlOf(input.paymentId),
        customer: {
          email: input.customer.email,
          name: input.customer.name,
          ...(input.customer.phone ? { phone: input.customer.phone } : {}),
        },
      });
      if (!created.ok || !created.data?.url)
        throw new ProviderError("provider_request_failed", created.error ?? "Mobbex refused the checkout");
      return { ref: input.paymentId, approvalUrl: created.data.url };
    },

    /**
     * Mobbex has one return URL: its `status` says how the checkout ended (0: left, 400 and up: declined or expired), and the
     * operation is read back to be sure. A payment Mobbex does not show yet stays pending: its webhook settles it.
     */
    async completeRedirect({ ref, query }) {
      const { outcome } = await statusOf(ref);
      if (outcome === "succeeded") return { status: "succeeded", ref };
      const returned = Number(query.status);
      if (outcome === "failed" || query.status === "0" || returned >= 400) return { status: "failed", ref, code: "card_declined" };
      return { status: "pending", ref };
    },

    async refund(input): Promise<RefundResult> {
      const { outcome, operation } = await statusOf(input.ref);
      if (outcome !== "succeeded" || !operation) return { status: "failed" };
      // Mobbex's refund takes no idempotency key: an operation already given back in full (a retry after a lost answer) is
      // answered from Mobbex's own record instead of being refunded again.
      if (operation.status.code === "601" && Math.abs(operation.total - toMajor(input.amount)) < 0.005)
        return { status: "succeeded", ref: `${operation.id}:${input.amount}` };
      const refunded = await call<Operation>("POST", `/p/operations/${encodeURIComponent(operation.id)}/refund`, {
        total: toMajor(input.amount),
      });
      return refunded.ok ? { status: "succeeded", ref: `${operation.id}:${input.amount}` } : { status: "failed" };
    },

    async parseWebhook({ rawBody, url }: WebhookDelivery): Promise<ProviderEvent | null> {
      let event: { type?: string; data?: { payment?: { id?: string; reference?: string } } };
      try {
        event = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const claimed = event.data?.payment;
      if (!claimed?.id || !claimed.reference || !tokenMatches(claimed.reference, url)) return null;
      const operations = await operationsOf(claimed.reference);
      if (!operations.some((candidate) => candidate.id === claimed.id)) return null;
      // A paid operation of the reference wins over a declined attempt the shopper retried on the same checkout.
      const { outcome, operation } = await statusOf(claimed.reference);
      if (!operation) return null;
      // A cash coupon still waiting, or an operation still in process: genuine, nothing to apply yet.
      if (!outcome) return { id: `mobbex:${claimed.id}:open`, type: "ignored" };
      const type = outcome === "succeeded" ? "payment.succeeded" : "payment.failed";
      return { id: `mobbex:${operation.id}:${type}`, type, payment_id: operation.reference, ref: operation.reference };
    },

    /** Lists the operations of a reference nobody uses: wrong keys answer 401. */
    async testConnection() {
      await operationsOf("tianguis-connection-test");
    },

    publicConfig: () => ({}),
  };
}
