import { z } from "zod";
import { payResult } from "../schemas/checkout";
import { payBody, webhookReceipt } from "../schemas/payment";
import { endpoint } from "./endpoint";

/** Paying a purchase and the gateway's signed webhooks (the sandbox gateway's HTML pages are not API routes). */
export const paymentsApi = {
  pay: endpoint({
    method: "POST",
    path: "/checkouts/:id/pay",
    tags: ["payments"],
    summary: "Pay a purchase (card token, redirect methods, cash at store, bank transfer, crypto); accepts Idempotency-Key",
    params: z.object({ id: z.string().uuid() }),
    query: z.object({ token: z.string().optional() }),
    body: payBody,
    response: payResult,
  }),
  sandboxWebhook: endpoint({
    method: "POST",
    path: "/payments/webhooks/sandbox",
    tags: ["payments"],
    summary: "Signed events from the sandbox gateway (raw JSON body, signature header)",
    response: webhookReceipt,
  }),
};
