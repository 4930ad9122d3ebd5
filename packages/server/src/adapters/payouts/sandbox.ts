import { createHmac, timingSafeEqual } from "node:crypto";
import type { PayoutEvent, PayoutInput, PayoutProvider, SendResult } from "./provider";

/** CLABEs with a set outcome in the sandbox, like test cards (valid check digits, so the form accepts them). */
export const sandboxClabes = {
  /** The bank refuses the transfer after accepting it: the webhook says failed and the money goes back. */
  failLater: "646180000000000009",
  /** The provider refuses it at once. */
  refuseNow: "646180000000000106",
} as const;

export const SANDBOX_PAYOUT_SIGNATURE = "x-sandbox-payout-signature";
const TOLERANCE_MS = 5 * 60 * 1000;

/**
 * The built-in SPEI payout sandbox: it accepts a payout (same ref for the same payout id), and settles it later by a
 * signed webhook (`t=<ms>,v1=<hmac>` over `t.body`, as the payments sandbox signs). Who delivers the webhook is the
 * wallet's sandbox job, playing the provider's side; the wallet verifies it like any provider's.
 */
export function sandboxPayouts(secret: string): PayoutProvider & {
  outcome(clabe: string): "settled" | "failed";
  signWebhook(event: PayoutEvent, now: Date): { body: string; signature: string };
} {
  const hmac = (text: string) => createHmac("sha256", secret).update(text).digest("base64url");
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  return {
    name: "sandbox",
    async send(input: PayoutInput): Promise<SendResult> {
      if (input.clabe === sandboxClabes.refuseNow) return { status: "failed", code: "payout_refused" };
      return { status: "sent", ref: `spei_${hmac(`payout:${input.payoutId}`).slice(0, 16)}` };
    },
    outcome: (clabe) => (clabe === sandboxClabes.failLater ? "failed" : "settled"),
    signWebhook(event, now) {
      const body = JSON.stringify(event);
      const t = now.getTime();
      return { body, signature: `t=${t},v1=${hmac(`${t}.${body}`)}` };
    },
    async verifyWebhook(rawBody, headers, now) {
      const parts = Object.fromEntries((headers[SANDBOX_PAYOUT_SIGNATURE] ?? "").split(",").map((part) => part.split("=")));
      const t = Number(parts.t);
      if (!parts.v1 || !Number.isFinite(t) || Math.abs(now.getTime() - t) > TOLERANCE_MS) return null;
      if (!same(hmac(`${t}.${rawBody}`), parts.v1)) return null;
      try {
        const event = JSON.parse(rawBody) as PayoutEvent;
        if (typeof event.payoutId !== "string" || (event.status !== "settled" && event.status !== "failed")) return null;
        return event;
      } catch {
        return null;
      }
    },
  };
}
