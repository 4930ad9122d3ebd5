import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isValidCardNumber } from "@tianguis/domain/rules/card";
import { msiMonths } from "@tianguis/domain/rules/instalments";
import type { ChargeResult, PaymentProvider, ProviderEvent, RefundResult, RefundWebhookEvent, WebhookEvent } from "./provider";

/** Test cards of the sandbox gateway, like real gateways publish theirs. */
export const sandboxCards = {
  success: "4242424242424242",
  decline: "4000000000000002",
  threeDS: "4000000000003220",
} as const;

/** Refund amounts (minor units) with a set outcome in the sandbox. */
export const sandboxRefundAmounts = { fail: 1313, delayed: 2222 } as const;

type CardBehaviour = "success" | "decline" | "3ds";

export interface SandboxCardToken {
  last4: string;
  brand: string;
  behaviour: CardBehaviour;
  exp: number;
  /** The card's own expiry (absent in tokens made before it was recorded). */
  exp_month?: number;
  exp_year?: number;
}

const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;
/** The header the sandbox signs its webhooks in (`t=<ms>,v1=<hmac>`, like Stripe's scheme). */
export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";
/** How long a sandbox cash reference stays payable (a bank transfer: spec §9, 1 hour). */
const CASH_MS = 48 * 3600 * 1000;
const BANK_MS = 60 * 60 * 1000;

function brandOf(number: string): string {
  if (number.startsWith("4")) return "visa";
  if (/^5[1-5]/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  return "card";
}

/**
 * The built-in sandbox gateway. It behaves like a hosted gateway: cards are tokenised on its own page
 * (tokens are HMAC-signed so any instance can read them), 3DS and redirect methods send the shopper to
 * its challenge/approval pages, and results arrive as signed webhooks.
 */
export function sandboxGateway(
  secret: string,
  clock: () => Date,
): PaymentProvider & {
  tokenizeCard(card: { number: string; expMonth: number; expYear: number; cvc: string }): string | null;
  readToken(token: string): SandboxCardToken | null;
  saveCard(token: string): { token: string; brand: string; last4: string; expMonth: number; expYear: number } | null;
  signWebhook(event: WebhookEvent | ProviderEvent): { body: string; signature: string };
  signRefundWebhook(event: RefundWebhookEvent): { body: string; signature: string };
  signAction(paymentId: string): string;
  verifyAction(paymentId: string, signature: string): boolean;
  /** The signed-header check alone, for callers that hold the one signature header (refund webhooks). */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, now: Date): WebhookEvent | null;
} {
  const hmac = (text: string) => createHmac("sha256", secret).update(text).digest("base64url");
  const sameSignature = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const ref = (prefix: string) => `${prefix}_${randomBytes(9).toString("base64url")}`;
  // Refs derived from the idempotency key: a retry of the same attempt gets the same charge, on any instance.
  const keyedRef = (prefix: string, key: string) => `${prefix}_${hmac(`idem:${prefix}:${key}`).slice(0, 12)}`;

  const readToken = (token: string): SandboxCardToken | null => {
    const [payload, signature] = token.split(".");
    if (!payload || !signature || !sameSignature(hmac(`card:${payload}`), signature)) return null;
    const data = JSON.parse(Buffer.from(payload, "base64url").toString()) as SandboxCardToken;
    return data.exp > clock().getTime() ? data : null;
  };
  const signAction = (paymentId: string) => hmac(`action:${paymentId}`);
  const verify = (rawBody: string, header: string | undefined, now: Date): unknown => {
    const parts = Object.fromEntries((header ?? "").split(",").map((part) => part.split("=") as [string, string]));
    const timestamp = Number(parts.t);
    if (!parts.v1 || !Number.isFinite(timestamp) || Math.abs(now.getTime() - timestamp) > WEBHOOK_TOLERANCE_MS) return null;
    if (!sameSignature(hmac(`${timestamp}.${rawBody}`), parts.v1)) return null;
    return JSON.parse(rawBody);
  };

  // A one-use token from the card form becomes a reusable one (a gateway's saved card / customer source), valid until
  // the end of the card's expiry month: what recurring charges and saved checkout cards are made with.
  const saveCard = (token: string) => {
    const card = readToken(token);
    if (!card?.exp_month || !card.exp_year) return null;
    const exp = Date.UTC(card.exp_year, card.exp_month, 1);
    const payload = Buffer.from(JSON.stringify({ ...card, exp })).toString("base64url");
    return {
      token: `${payload}.${hmac(`card:${payload}`)}`,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
    };
  };

  return {
    name: "sandbox",
    // Like Mexican acquirers, the sandbox splits card charges into 3, 6, 9 or 12 interest-free months.
    instalmentMonths: msiMonths,
    tokenizeCard(card) {
      const number = card.number.replace(/\s+/g, "");
      const now = clock();
      const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
      const expired = year < now.getFullYear() || (year === now.getFullYear() && card.expMonth < now.getMonth() + 1);
      if (!isValidCardNumber(number) || expired || !/^\d{3,4}$/.test(card.cvc) || card.expMonth < 1 || card.expMonth > 12) return null;
      const behaviour: CardBehaviour = number === sandboxCards.decline ? "decline" : number === sandboxCards.threeDS ? "3ds" : "success";
      const payload = Buffer.from(
        JSON.stringify({
          last4: number.slice(-4),
          brand: brandOf(number),
          behaviour,
          exp: now.getTime() + 15 * 60 * 1000,
          exp_month: card.expMonth,
          exp_year: year,
        }),
      ).toString("base64url");
      return `${payload}.${hmac(`card:${payload}`)}`;
    },
    readToken,
    saveCard,
    async keepCard({ token }) {
      return saveCard(token);
    },
    async chargeCard({ paymentId, idempotencyKey, token, returnUrl, method, instalments }): Promise<ChargeResult> {
      const chargeRef = keyedRef("ch", idempotencyKey ?? paymentId);
      const card = readToken(token);
      if (!card) return { status: "failed", ref: chargeRef, code: "card_error" };
      if (instalments !== undefined && !msiMonths.some((months) => months === instalments))
        return { status: "failed", ref: chargeRef, code: "card_error" };
      if (card.behaviour === "decline") return { status: "failed", ref: chargeRef, code: "card_declined" };
      // Banco Azteca authenticates every card charge on its own page (its 'token_acceso' challenge): always a challenge.
      if (card.behaviour === "3ds" || method === "baz_card") {
        const query = new URLSearchParams({ payment: paymentId, sig: signAction(paymentId), return_url: returnUrl });
        return { status: "requires_action", ref: chargeRef, actionUrl: `/sandbox-pay/3ds?${query}` };
      }
      return { status: "succeeded", ref: chargeRef };
    },
    async createRedirect({ paymentId, idempotencyKey, method, returnUrl, cancelUrl }) {
      const query = new URLSearchParams({
        payment: paymentId,
        method,
        sig: signAction(paymentId),
        return_url: returnUrl,
        cancel_url: cancelUrl,
      });
      return { ref: keyedRef(method, idempotencyKey ?? paymentId), approvalUrl: `/sandbox-pay/approve?${query}` };
    },
    async createOffline({ paymentId, idempotencyKey, method }) {
      const key = idempotencyKey ?? paymentId;
      const reference = hmac(`reference:${key}`)
        .replace(/[^A-Za-z0-9]/g, "")
        .slice(0, 12)
        .toUpperCase();
      const expiresAt = new Date(clock().getTime() + (method === "openpay_bank" ? BANK_MS : CASH_MS));
      if (method === "openpay_bank") return { ref: keyedRef("spei", key), reference, clabe: "646180157000000004", expiresAt };
      if (method === "tiendacrypto") {
        const address = createHmac("sha256", secret).update(`crypto:${key}`).digest("hex").slice(0, 40);
        return { ref: keyedRef("crypto", key), reference: `0x${address}`, expiresAt };
      }
      return { ref: keyedRef("cash", key), reference, expiresAt };
    },
    // Test amounts, like test cards: 13.13 fails, 22.22 is settled later by a signed webhook, anything else at once.
    async refund({ amount, refundId, idempotencyKey }): Promise<RefundResult> {
      const key = idempotencyKey ?? refundId;
      const refundRef = key ? keyedRef("re", key) : ref("re");
      if (amount === sandboxRefundAmounts.fail) return { status: "failed", ref: refundRef };
      if (amount === sandboxRefundAmounts.delayed) return { status: "pending", ref: refundRef };
      return { status: "succeeded", ref: refundRef };
    },
    signRefundWebhook(event) {
      const body = JSON.stringify(event);
      const timestamp = clock().getTime();
      return { body, signature: `t=${timestamp},v1=${hmac(`${timestamp}.${body}`)}` };
    },
    signWebhook(event) {
      const body = JSON.stringify(event);
      const timestamp = clock().getTime();
      return { body, signature: `t=${timestamp},v1=${hmac(`${timestamp}.${body}`)}` };
    },
    async parseWebhook({ rawBody, headers, now }) {
      const event = verify(rawBody, headers[SANDBOX_SIGNATURE_HEADER], now) as ProviderEvent | null;
      return event && { ...event, occurredAt: new Date(Number(/t=(\d+)/.exec(headers[SANDBOX_SIGNATURE_HEADER] ?? "")?.[1])) };
    },
    async testConnection() {},
    publicConfig: () => ({}),
    verifyWebhook: (rawBody: string, header: string | undefined, now: Date) => verify(rawBody, header, now) as WebhookEvent | null,
    signAction,
    verifyAction: (paymentId, signature) => sameSignature(signAction(paymentId), signature),
  };
}

export type SandboxGateway = ReturnType<typeof sandboxGateway>;
