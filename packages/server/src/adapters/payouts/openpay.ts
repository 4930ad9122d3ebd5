import { timingSafeEqual } from "node:crypto";
import { type PayoutEvent, type PayoutInput, type PayoutProvider, ProviderUnavailableError, type SendResult } from "./provider";

/**
 * Openpay's payouts API (Mexico, SPEI to a CLABE; documents.openpay.mx "Payouts"): the platform's own Openpay account pays
 * the earners. `POST /v1/{merchant_id}/payouts` with `method: bank_account`, the CLABE and holder, the amount in pesos and
 * our payout id as `order_id` (Openpay refuses a second payout with the same order_id, error 1006: the re-send of a payout
 * whose answer was lost is recognised as already sent). Openpay notifies `payout.succeeded` / `payout.failed` to the
 * webhook URL with the HTTP Basic user and password set when registering it.
 */
export interface OpenpayPayoutsOptions {
  merchantId: string;
  secretKey: string;
  /** `user:password` of the webhook registration. */
  webhookAuth: string;
  baseUrl: string;
  fetch?: typeof fetch;
}

export const OPENPAY_PAYOUTS_LIVE_URL = "https://api.openpay.mx";

interface OpenpayError {
  http_code?: number;
  error_code?: number;
  description?: string;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createOpenpayPayouts(options: OpenpayPayoutsOptions): PayoutProvider {
  const call = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString("base64")}`;
  const expectedWebhook = `Basic ${Buffer.from(options.webhookAuth).toString("base64")}`;
  return {
    name: "openpay",
    async send(input: PayoutInput): Promise<SendResult> {
      let response: Response;
      try {
        response = await call(`${options.baseUrl}/v1/${options.merchantId}/payouts`, {
          method: "POST",
          headers: { authorization, accept: "application/json", "content-type": "application/json" },
          body: JSON.stringify({
            method: "bank_account",
            bank_account: { clabe: input.clabe, holder_name: input.holderName },
            amount: Number((input.amount / 100).toFixed(2)),
            description: input.description,
            order_id: input.payoutId,
          }),
        });
      } catch (error) {
        throw new ProviderUnavailableError(`openpay payouts: ${(error as Error).message}`);
      }
      if (response.status >= 500) throw new ProviderUnavailableError(`openpay payouts answered ${response.status}`);
      const body = (await response.json().catch(() => ({}))) as { id?: string; status?: string } & OpenpayError;
      if (response.ok && body.id)
        return body.status === "failed" ? { status: "failed", code: "payout_refused" } : { status: "sent", ref: body.id };
      // 1006: this order_id was already processed — the payout went out on an earlier try whose answer was lost.
      if (body.error_code === 1006) return { status: "sent", ref: input.payoutId };
      if (response.status === 401) throw new ProviderUnavailableError("openpay payouts refused the platform's keys");
      return { status: "failed", code: "payout_refused" };
    },
    /**
     * Basic auth proves the sender knows the webhook's password but does not cover the body: the payout is read back from
     * Openpay, and only its own word (status, order_id) is believed.
     */
    async verifyWebhook(rawBody: string, headers: Record<string, string | undefined>): Promise<PayoutEvent | null> {
      if (!same(headers.authorization ?? "", expectedWebhook)) return null;
      let claimed: string | undefined;
      try {
        claimed = (JSON.parse(rawBody) as { transaction?: { id?: string } }).transaction?.id;
      } catch {
        return null;
      }
      if (!claimed || !/^[\w-]{1,64}$/.test(claimed)) return null;
      let response: Response;
      try {
        response = await call(`${options.baseUrl}/v1/${options.merchantId}/payouts/${claimed}`, {
          headers: { authorization, accept: "application/json" },
        });
      } catch (error) {
        throw new ProviderUnavailableError(`openpay payouts: ${(error as Error).message}`);
      }
      if (response.status >= 500) throw new ProviderUnavailableError(`openpay payouts answered ${response.status}`);
      if (!response.ok) return null;
      const payout = (await response.json()) as { id: string; order_id?: string; status?: string };
      if (!payout.order_id) return null;
      if (payout.status === "completed") return { eventId: payout.id, payoutId: payout.order_id, status: "settled" };
      if (payout.status === "failed") return { eventId: payout.id, payoutId: payout.order_id, status: "failed", code: "payout_refused" };
      return null;
    },
  };
}
