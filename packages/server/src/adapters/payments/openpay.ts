import { timingSafeEqual } from "node:crypto";
import type { ChargeResult, RefundResult, WebhookEvent } from "./provider";

/**
 * Openpay (openpay_card, openpay_store, openpay_bank) over its REST API (https://documents.openpay.mx/docs/api/).
 *
 * Why not the `openpay` npm SDK 1.x: its host is a process-wide static (`Openpay.BASE_URL` / `SANDBOX_URL`, read by a private
 * `sendRequest`), so one account cannot be pointed at another host without moving every account in the process; it is built on the
 * deprecated `request` package and cannot take an injected fetch. The calls below follow the same REST shapes the SDK sends:
 * HTTP Basic with the private key, JSON bodies, amounts in major units.
 *
 * Idempotency: Openpay's key is `order_id`, unique per merchant (a repeated one answers error 1006); we send our payment id there
 * and, on 1006, read the existing charge back with the documented `GET /charges?order_id=` search, so a retry returns the same payment.
 */
export interface OpenpayOptions {
  merchantId: string;
  publicKey: string;
  secretKey: string;
  /** "user:password" set on the webhook in Openpay's dashboard; Openpay sends them as HTTP Basic on every notification. */
  webhookSecret: string;
  /** https://api.openpay.mx (live) or https://sandbox-api.openpay.mx (test mode); the fake's URL in tests. */
  baseUrl: string;
  /** Ask 3-D Secure on every card charge (otherwise only when Openpay's antifraud asks for it). */
  threeDSecure?: boolean;
  fetch?: typeof fetch;
}

export interface OpenpayCustomer {
  name: string;
  email: string;
  phone?: string;
}

interface OpenpayCharge {
  id: string;
  method: "card" | "store" | "bank_account";
  status: string;
  amount: number;
  order_id: string;
  due_date?: string;
  error_message?: string | null;
  payment_method?: { type: string; url?: string; reference?: string; clabe?: string; bank?: string; name?: string };
  refund?: { id: string; status: string };
}

interface OpenpayErrorBody {
  category?: string;
  error_code?: number;
  description?: string;
}

/** A provider answer the adapter cannot turn into a result: bad keys, a bad request, or the provider being down. */
export class OpenpayError extends Error {
  constructor(
    readonly code: "provider_auth_failed" | "provider_request_failed" | "provider_unavailable" | "refund_not_supported",
    message: string,
    readonly providerCode?: number,
  ) {
    super(message);
    this.name = "OpenpayError";
  }
}

/** Openpay's card error codes: these mean the bank said no; the rest of 3xxx mean the card data was unusable. */
const DECLINE_CODES = new Set([3001, 3003, 3004, 3005, 3009, 3010, 3011, 3012]);
const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

const toMajor = (amount: number) => Math.round(amount) / 100;

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createOpenpayClient(options: OpenpayOptions) {
  const doFetch = options.fetch ?? fetch;
  const root = `${options.baseUrl.replace(/\/$/, "")}/v1/${options.merchantId}`;
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString("base64")}`;

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
  ): Promise<{ ok: true; data: T } | { ok: false; status: number; error: OpenpayErrorBody }> {
    let response: Response;
    try {
      response = await doFetch(`${root}${path}`, {
        method,
        headers: { authorization, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (cause) {
      throw new OpenpayError("provider_unavailable", `Openpay is unreachable: ${String(cause)}`);
    }
    const data = (await response.json().catch(() => ({}))) as T & OpenpayErrorBody;
    if (response.ok) return { ok: true, data };
    if (response.status === 401)
      throw new OpenpayError("provider_auth_failed", "Openpay rejected the merchant id or private key", data.error_code);
    if (response.status >= 500)
      throw new OpenpayError("provider_unavailable", data.description ?? `Openpay answered ${response.status}`, data.error_code);
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
    throw new OpenpayError("provider_request_failed", created.error.description ?? "Openpay refused the charge", created.error.error_code);
  }

  async function getCharge(id: string): Promise<OpenpayCharge | null> {
    const found = await call<OpenpayCharge>("GET", `/charges/${encodeURIComponent(id)}`);
    return found.ok ? found.data : null;
  }

  function chargeResult(charge: OpenpayCharge): ChargeResult {
    if (charge.status === "completed") return { status: "succeeded", ref: charge.id };
    if (charge.status === "charge_pending" && charge.payment_method?.type === "redirect" && charge.payment_method.url)
      return { status: "requires_action", ref: charge.id, actionUrl: charge.payment_method.url };
    return { status: "failed", ref: charge.id, code: "card_declined" };
  }

  return {
    async chargeCard(input: {
      paymentId: string;
      token: string;
      amount: number;
      currency: string;
      returnUrl: string;
      customer: OpenpayCustomer;
      deviceSessionId: string;
      description?: string;
    }): Promise<ChargeResult> {
      const result = await createCharge({
        method: "card",
        source_id: input.token,
        amount: toMajor(input.amount),
        currency: input.currency,
        description: input.description ?? `Pago ${input.paymentId}`,
        order_id: input.paymentId,
        device_session_id: input.deviceSessionId,
        customer: { name: input.customer.name, email: input.customer.email, phone_number: input.customer.phone },
        use_3d_secure: options.threeDSecure === true,
        redirect_url: input.returnUrl,
      });
      if ("declined" in result) {
        const code = DECLINE_CODES.has(result.declined.error_code ?? 0) ? "card_declined" : "card_error";
        return { status: "failed", ref: `op_declined_${input.paymentId}`, code };
      }
      return chargeResult(result.charge);
    },

    /** Cash at a store (reference, barcode) or a SPEI transfer (CLABE), payable until `expiresAt`. */
    async createOffline(input: {
      paymentId: string;
      method: "openpay_store" | "openpay_bank";
      amount: number;
      currency: string;
      expiresAt: Date;
      customer: OpenpayCustomer;
      description?: string;
    }): Promise<{ ref: string; reference: string; clabe?: string; expiresAt: Date }> {
      const result = await createCharge({
        method: input.method === "openpay_store" ? "store" : "bank_account",
        amount: toMajor(input.amount),
        currency: input.currency,
        description: input.description ?? `Pago ${input.paymentId}`,
        order_id: input.paymentId,
        due_date: input.expiresAt.toISOString(),
        customer: { name: input.customer.name, email: input.customer.email, phone_number: input.customer.phone },
      });
      if ("declined" in result)
        throw new OpenpayError("provider_request_failed", result.declined.description ?? "Openpay refused the charge");
      const { charge } = result;
      const instructions = charge.payment_method ?? { type: "" };
      const reference = instructions.reference ?? instructions.name ?? charge.id;
      return {
        ref: charge.id,
        reference,
        ...(instructions.clabe ? { clabe: instructions.clabe } : {}),
        expiresAt: charge.due_date ? new Date(charge.due_date) : input.expiresAt,
      };
    },

    /** The shopper came back from 3-D Secure (`?id=`): the charge itself says how it ended. */
    async completeRedirect(ref: string): Promise<ChargeResult> {
      const charge = await getCharge(ref);
      if (!charge) return { status: "failed", ref, code: "card_error" };
      if (charge.status === "charge_pending") return chargeResult(charge);
      return charge.status === "completed" ? { status: "succeeded", ref } : { status: "failed", ref, code: "card_declined" };
    },

    /** Openpay refunds card charges only (store and SPEI payments are given back outside Openpay). */
    async refund(input: { ref: string; amount: number }): Promise<RefundResult> {
      const charge = await getCharge(input.ref);
      if (!charge) return { status: "failed" };
      if (charge.method !== "card") throw new OpenpayError("refund_not_supported", "Openpay only refunds card charges through its API");
      const refunded = await call<OpenpayCharge>("POST", `/charges/${encodeURIComponent(input.ref)}/refund`, {
        amount: toMajor(input.amount),
        description: "Reembolso",
      });
      if (!refunded.ok) return { status: "failed" };
      return { status: refunded.data.refund?.status === "completed" ? "succeeded" : "pending", ref: refunded.data.refund?.id };
    },

    /**
     * An Openpay notification: the HTTP Basic credentials set on the webhook must match, the event must be recent, and, because
     * Basic auth does not cover the body, the charge is read back from Openpay and the event is built from what Openpay says now
     * (a body that claims another status is refused; an old event arriving late describes the charge as it is).
     */
    async verifyWebhook(rawBody: string, authorizationHeader: string | undefined, now: Date): Promise<WebhookEvent | null> {
      const expected = `Basic ${Buffer.from(options.webhookSecret).toString("base64")}`;
      if (!authorizationHeader || !sameSecret(authorizationHeader, expected)) return null;
      let event: { type?: string; event_date?: string; transaction?: { id?: string; status?: string } };
      try {
        event = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const at = Date.parse(event.event_date ?? "");
      if (!event.type || !event.transaction?.id || !Number.isFinite(at) || Math.abs(now.getTime() - at) > WEBHOOK_TOLERANCE_MS) return null;
      const claimed =
        event.type === "charge.succeeded"
          ? "payment.succeeded"
          : event.type === "charge.failed" || event.type === "charge.cancelled"
            ? "payment.failed"
            : null;
      if (!claimed) return null;
      const charge = await getCharge(event.transaction.id);
      if (!charge) return null;
      const actual = ["completed", "refunded"].includes(charge.status)
        ? "payment.succeeded"
        : ["failed", "cancelled"].includes(charge.status)
          ? "payment.failed"
          : null;
      if (actual !== claimed) return null;
      return { id: `openpay:${charge.id}:${actual}`, type: actual, payment_id: charge.order_id, ref: charge.id };
    },
  };
}

export type OpenpayClient = ReturnType<typeof createOpenpayClient>;
