import { timingSafeEqual } from "node:crypto";
import { absoluteUrl } from "./absolute-url";
import {
  type ChargeResult,
  type CreateInput,
  headerOf,
  type PaymentProvider,
  type ProviderEvent,
  ProviderError,
  type RefundResult,
  type WebhookDelivery,
} from "./provider";

/**
 * Openpay (openpay_card, openpay_store, openpay_bank) over its REST API (https://documents.openpay.mx/docs/api/).
 *
 * Why not the `openpay` npm SDK 1.x: its host is a process-wide static (`Openpay.BASE_URL` / `SANDBOX_URL`, read by a private
 * `sendRequest`), so one account cannot be pointed at another host without moving every account in the process; it is built on the
 * deprecated `request` package and cannot take an injected fetch. The calls below follow the same REST shapes the SDK sends:
 * HTTP Basic with the private key, JSON bodies, amounts in major units.
 *
 * Idempotency: Openpay's key is `order_id`, unique per merchant (a repeated one answers error 1006); we send the idempotency key
 * (the payment id by default) there and, on 1006, read the existing charge back with the documented `GET /charges?order_id=`
 * search, so a retry returns the same payment.
 */
export const OPENPAY_LIVE_URL = "https://api.openpay.mx";
export const OPENPAY_SANDBOX_URL = "https://sandbox-api.openpay.mx";

export interface OpenpayOptions {
  /** The merchant id (public: op_merchant_id). */
  merchantId: string;
  /** pk_… (public: op_public_key, used by openpay.js in the card frame). */
  publicKey: string;
  /** sk_… (secret). */
  secretKey: string;
  /** "user:password" set on the webhook in Openpay's dashboard; Openpay sends them as HTTP Basic on every notification. */
  webhookSecret: string;
  /** https://api.openpay.mx (live) or https://sandbox-api.openpay.mx (test mode); the fake's URL in tests. */
  baseUrl: string;
  /** Our public webhook URL for this account (Openpay's own webhook is set in its dashboard); its origin completes return paths. */
  notifyUrl?: string;
  /** The site's public origin (PUBLIC_URL): return and cancel paths are made absolute against it. */
  siteUrl?: string;
  /** Ask 3-D Secure on every card charge (otherwise only when Openpay's antifraud asks for it). */
  threeDSecure?: boolean;
  fetch?: typeof fetch;
  clock?: () => Date;
}

interface OpenpayCharge {
  id: string;
  method: "card" | "store" | "bank_account";
  status: string;
  amount: number;
  order_id: string;
  due_date?: string;
  metadata?: { payment_id?: string };
  payment_method?: { type: string; url?: string; reference?: string; clabe?: string; name?: string; barcode_url?: string };
  refund?: OpenpayRefund;
  refunds?: OpenpayRefund[];
}

interface OpenpayRefund {
  id: string;
  status: string;
  description?: string;
}

interface OpenpayErrorBody {
  category?: string;
  error_code?: number;
  description?: string;
}

/** Openpay's card error codes for "the bank said no"; the rest of 3xxx mean the card data was unusable. */
const DECLINE_CODES = new Set([3001, 3003, 3004, 3005, 3009, 3010, 3011, 3012]);
const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;
/** Spec §9: a bank transfer must be made within 1 hour; cash at a store gets 48 hours. */
const OFFLINE_WINDOW_MS = { openpay_bank: 60 * 60 * 1000, openpay_store: 48 * 60 * 60 * 1000 } as const;

const toMajor = (amount: number) => Math.round(amount) / 100;

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function requireCustomer(input: CreateInput) {
  if (!input.customer?.name || !input.customer.email)
    throw new ProviderError("provider_request_failed", "Openpay needs the shopper's name and e-mail");
  return {
    name: input.customer.name,
    email: input.customer.email,
    ...(input.customer.phone ? { phone_number: input.customer.phone } : {}),
  };
}

export function createOpenpayProvider(options: OpenpayOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const clock = options.clock ?? (() => new Date());
  const root = `${options.baseUrl.replace(/\/$/, "")}/v1/${options.merchantId}`;
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString("base64")}`;

  type Answer<T> = { ok: true; data: T } | { ok: false; status: number; error: OpenpayErrorBody };
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<Answer<T>> {
    let response: Response;
    try {
      response = await doFetch(`${root}${path}`, {
        method,
        headers: { authorization, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (cause) {
      throw new ProviderError("provider_unavailable", `Openpay is unreachable: ${String(cause)}`);
    }
    const data = (await response.json().catch(() => ({}))) as T & OpenpayErrorBody;
    if (response.ok) return { ok: true, data };
    if (response.status === 401)
      throw new ProviderError("provider_auth_failed", "Openpay rejected the merchant id or private key", data.error_code);
    if (response.status >= 500)
      throw new ProviderError("provider_unavailable", data.description ?? `Openpay answered ${response.status}`, data.error_code);
    return { ok: false, status: response.status, error: data };
  }

  /** Creates a charge once per order_id: a retry after a lost answer finds the first charge instead of charging again. */
  async function createCharge(
    body: Record<string, unknown> & { order_id: string },
  ): Promise<{ charge: OpenpayCharge } | { declined: OpenpayErrorBody }> {
    const created = await call<OpenpayCharge>("POST", "/charges", body);
    if (created.ok) return { charge: created.data };
    if (created.error.error_code === 1006) {
      const found = await call<OpenpayCharge[]>("GET", `/charges?order_id=${encodeURIComponent(body.order_id)}`);
      const existing = found.ok ? found.data.find((charge) => charge.order_id === body.order_id) : undefined;
      if (existing) return { charge: existing };
    }
    if (created.error.category === "gateway" || created.status === 402) return { declined: created.error };
    throw new ProviderError("provider_request_failed", created.error.description ?? "Openpay refused the charge", created.error.error_code);
  }

  async function getCharge(id: string): Promise<OpenpayCharge | null> {
    const found = await call<OpenpayCharge>("GET", `/charges/${encodeURIComponent(id)}`);
    return found.ok ? found.data : null;
  }

  const paymentIdOf = (charge: OpenpayCharge) => charge.metadata?.payment_id ?? charge.order_id;

  function chargeResult(charge: OpenpayCharge): ChargeResult {
    if (charge.status === "completed") return { status: "succeeded", ref: charge.id };
    if (charge.status === "charge_pending" && charge.payment_method?.type === "redirect" && charge.payment_method.url)
      return { status: "requires_action", ref: charge.id, actionUrl: charge.payment_method.url };
    return { status: "failed", ref: charge.id, code: "card_declined" };
  }

  return {
    name: "openpay",

    async chargeCard(input) {
      if (!input.deviceSessionId) throw new ProviderError("provider_request_failed", "Openpay needs openpay.js's device session id");
      const orderId = input.idempotencyKey ?? input.paymentId;
      const result = await createCharge({
        method: "card",
        source_id: input.token,
        amount: toMajor(input.amount),
        currency: input.currency,
        description: `Pago ${input.paymentId}`,
        order_id: orderId,
        device_session_id: input.deviceSessionId,
        customer: requireCustomer(input),
        metadata: { payment_id: input.paymentId },
        use_3d_secure: options.threeDSecure === true,
        redirect_url: absoluteUrl(input.returnUrl, options.siteUrl ?? options.notifyUrl),
      });
      if ("declined" in result) {
        const code = DECLINE_CODES.has(result.declined.error_code ?? 0) ? "card_declined" : "card_error";
        return { status: "failed", ref: `declined_${orderId}`, code };
      }
      return chargeResult(result.charge);
    },

    async createRedirect() {
      throw new ProviderError("provider_request_failed", "Openpay has no redirect method here");
    },

    /** Cash at a store (reference, printable receipt) or a SPEI transfer (CLABE), payable until Openpay's due_date. */
    async createOffline(input) {
      if (input.method !== "openpay_store" && input.method !== "openpay_bank")
        throw new ProviderError("provider_request_failed", `Openpay does not offer ${input.method}`);
      const due = new Date(clock().getTime() + OFFLINE_WINDOW_MS[input.method]);
      const result = await createCharge({
        method: input.method === "openpay_store" ? "store" : "bank_account",
        amount: toMajor(input.amount),
        currency: input.currency,
        description: `Pago ${input.paymentId}`,
        order_id: input.idempotencyKey ?? input.paymentId,
        due_date: due.toISOString(),
        customer: requireCustomer(input),
        metadata: { payment_id: input.paymentId },
      });
      if ("declined" in result)
        throw new ProviderError("provider_request_failed", result.declined.description ?? "Openpay refused the charge");
      const { charge } = result;
      const instructions = charge.payment_method ?? { type: "" };
      return {
        ref: charge.id,
        reference: instructions.reference ?? instructions.name ?? charge.id,
        ...(instructions.clabe ? { clabe: instructions.clabe } : {}),
        ...(instructions.barcode_url ? { receiptUrl: instructions.barcode_url } : {}),
        expiresAt: charge.due_date ? new Date(charge.due_date) : due,
      };
    },

    /** The shopper came back from 3-D Secure (`?id=`): the charge itself says how it ended. */
    async completeRedirect({ ref }) {
      const charge = await getCharge(ref);
      if (!charge) return { status: "failed", ref, code: "card_error" };
      if (charge.status === "charge_pending") return chargeResult(charge);
      return ["completed", "refunded"].includes(charge.status)
        ? { status: "succeeded", ref }
        : { status: "failed", ref, code: "card_declined" };
    },

    /**
     * Openpay refunds card charges only (store and SPEI payments are given back outside Openpay). Its refund call takes no
     * idempotency key, so the key travels in the refund's description and a retry first looks for a refund carrying it.
     */
    async refund(input): Promise<RefundResult> {
      const charge = await getCharge(input.ref);
      if (!charge) return { status: "failed" };
      if (charge.method !== "card") throw new ProviderError("refund_not_supported", "Openpay only refunds card charges through its API");
      const key = input.idempotencyKey ?? input.refundId;
      const description = key ? `Reembolso ${key}` : "Reembolso";
      const earlier = key ? charge.refunds?.find((refund) => refund.description === description) : undefined;
      const refund =
        earlier ??
        (await (async () => {
          const answer = await call<OpenpayCharge>("POST", `/charges/${encodeURIComponent(input.ref)}/refund`, {
            amount: toMajor(input.amount),
            description,
          });
          return answer.ok ? answer.data.refund : undefined;
        })());
      if (!refund) return { status: "failed" };
      return { status: refund.status === "completed" ? "succeeded" : "pending", ref: refund.id };
    },

    /**
     * An Openpay notification. The HTTP Basic credentials set on the webhook must match, the event must be recent, and the body
     * must agree with itself (the event type with the transaction's status). Basic auth does not cover the body, so the charge is
     * read back from Openpay: a success is believed only when Openpay holds the charge as paid; a failure or cancellation is
     * reported with its time, and the payment's state machine ignores it when it arrives after the success.
     */
    async parseWebhook({ rawBody, headers, now }: WebhookDelivery): Promise<ProviderEvent | null> {
      const expected = `Basic ${Buffer.from(options.webhookSecret).toString("base64")}`;
      const given = headerOf(headers, "authorization");
      if (!given || !sameSecret(given, expected)) return null;
      let event: {
        type?: string;
        event_date?: string;
        verification_code?: string;
        transaction?: { id?: string; status?: string; order_id?: string; amount?: number };
      };
      try {
        event = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const at = Date.parse(event.event_date ?? "");
      const claimed = event.transaction;
      if (!event.type || !Number.isFinite(at) || Math.abs(now.getTime() - at) > WEBHOOK_TOLERANCE_MS) return null;
      // The code Openpay asks to type back in its dashboard travels in the event id, which the webhook route logs.
      if (event.type === "verification")
        return { id: `openpay-verification:${event.verification_code ?? ""}`, type: "ignored", occurredAt: new Date(at) };
      if (!claimed?.id) return null;
      const statusOfType: Record<string, string[]> = {
        "charge.succeeded": ["completed"],
        "charge.failed": ["failed"],
        "charge.cancelled": ["cancelled"],
      };
      // Genuine deliveries we do not track (the dashboard's `verification` when the webhook is registered, refunds, payouts…)
      // are answered 200 so Openpay stops retrying.
      if (!statusOfType[event.type]) return { id: `openpay:${event.type}:${claimed.id}`, type: "ignored", occurredAt: new Date(at) };
      if (!statusOfType[event.type].includes(claimed.status ?? "")) return null;
      const charge = await getCharge(claimed.id);
      if (!charge || charge.order_id !== claimed.order_id || charge.amount !== claimed.amount) return null;
      const paymentId = paymentIdOf(charge);
      const occurredAt = new Date(at);
      if (event.type === "charge.succeeded") {
        if (!["completed", "refunded"].includes(charge.status)) return null;
        return { id: `openpay:${charge.id}:succeeded`, type: "payment.succeeded", payment_id: paymentId, ref: charge.id, occurredAt };
      }
      if (event.type === "charge.cancelled" && charge.method !== "card")
        return { id: `openpay:${charge.id}:expired`, type: "payment.expired", payment_id: paymentId, ref: charge.id, occurredAt };
      return { id: `openpay:${charge.id}:failed`, type: "payment.failed", payment_id: paymentId, ref: charge.id, occurredAt };
    },

    /** GET /v1/{merchant}: the cheapest authenticated call, answering 401 for a wrong merchant id or private key. */
    async testConnection() {
      const answer = await call<{ id: string }>("GET", "");
      if (!answer.ok) throw new ProviderError("provider_auth_failed", answer.error.description ?? "Openpay refused the merchant id");
    },

    /** openpay.js must talk to the host the account lives on: any host but the live API means Openpay's sandbox. */
    publicConfig: () => ({
      op_public_key: options.publicKey,
      op_merchant_id: options.merchantId,
      op_sandbox_mode: String(options.baseUrl.replace(/\/$/, "") !== OPENPAY_LIVE_URL),
    }),
  };
}
