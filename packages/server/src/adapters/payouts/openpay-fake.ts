import { randomBytes } from "node:crypto";
import { type FakeRequest, type RunningFake, startFakeServer } from "../payments/fakes/http-fake";

/**
 * A local stand-in for Openpay's payouts API (the part the adapter uses): create a bank-account payout (order_id unique,
 * error 1006 on a repeat), read one back, and the webhook Openpay sends when the bank answers. A CLABE Openpay's
 * validation refuses (`refusedClabe`) answers 400 at once.
 */
export interface OpenpayPayoutsFake extends RunningFake {
  merchantId: string;
  secretKey: string;
  webhookAuth: string;
  refusedClabe: string;
  /** The bank answered: the payout completes or fails, and the webhook Openpay would send is returned. */
  finish(payoutRef: string, outcome: "completed" | "failed"): { body: string; headers: Record<string, string> };
}

interface Payout {
  id: string;
  order_id: string;
  status: "in_progress" | "completed" | "failed";
  amount: number;
  clabe: string;
}

export async function startOpenpayPayoutsFake(): Promise<OpenpayPayoutsFake> {
  const merchantId = "mfake123";
  const secretKey = `sk_${randomBytes(8).toString("hex")}`;
  const webhookAuth = "tianguis:webhook-secret";
  const refusedClabe = "002180001234567896";
  const payouts = new Map<string, Payout>();
  const authorised = (request: FakeRequest) => request.headers.authorization === `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`;
  const error = (status: number, code: number, description: string) => ({
    status,
    body: { http_code: status, error_code: code, description },
  });
  const running = await startFakeServer(
    [
      [
        "POST",
        new RegExp(`^/v1/${merchantId}/payouts$`),
        (request) => {
          if (!authorised(request)) return error(401, 1002, "The api key or merchant id are invalid");
          const body = request.body as {
            method?: string;
            bank_account?: { clabe?: string; holder_name?: string };
            amount?: number;
            order_id?: string;
          };
          if (body?.method !== "bank_account" || !body.bank_account?.clabe || !body.amount || !body.order_id)
            return error(400, 1001, "invalid request");
          if (body.bank_account.clabe === refusedClabe) return error(400, 1001, "bank_account.clabe is invalid");
          if ([...payouts.values()].some((one) => one.order_id === body.order_id))
            return error(409, 1006, "The order_id has already been processed");
          const payout: Payout = {
            id: `tr${randomBytes(8).toString("hex")}`,
            order_id: body.order_id,
            status: "in_progress",
            amount: body.amount,
            clabe: body.bank_account.clabe,
          };
          payouts.set(payout.id, payout);
          return { status: 200, body: { ...payout, method: "bank_account", transaction_type: "payout" } };
        },
      ],
      [
        "GET",
        new RegExp(`^/v1/${merchantId}/payouts/([\\w-]+)$`),
        (request, [id]) => {
          if (!authorised(request)) return error(401, 1002, "The api key or merchant id are invalid");
          const payout = payouts.get(id);
          return payout ? { status: 200, body: payout } : error(404, 1005, "The requested resource doesn't exist");
        },
      ],
    ],
    () => error(404, 1005, "The requested resource doesn't exist"),
  );
  return {
    ...running,
    merchantId,
    secretKey,
    webhookAuth,
    refusedClabe,
    finish(payoutRef, outcome) {
      const payout = payouts.get(payoutRef);
      if (!payout) throw new Error(`no payout ${payoutRef}`);
      payout.status = outcome;
      const body = JSON.stringify({ type: outcome === "completed" ? "payout.succeeded" : "payout.failed", transaction: { ...payout } });
      return {
        body,
        headers: { authorization: `Basic ${Buffer.from(webhookAuth).toString("base64")}`, "content-type": "application/json" },
      };
    },
  };
}
