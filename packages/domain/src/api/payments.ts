import { z } from "zod";
import { payResult } from "../schemas/checkout";
import { checkoutCardView, payBody, redirectReturnBody, redirectReturnResult, webhookReceipt } from "../schemas/payment";
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
  redirectReturn: endpoint({
    method: "POST",
    path: "/checkouts/:id/pay/return",
    tags: ["payments"],
    summary:
      "The shopper is back from a redirect method (code 1 returned, code 2 cancelled): a live account's provider captures once (PayPal); idempotent with its webhook",
    params: z.object({ id: z.string().uuid() }),
    query: z.object({ token: z.string().optional() }),
    body: redirectReturnBody,
    response: redirectReturnResult,
  }),
  checkoutCards: endpoint({
    method: "GET",
    path: "/me/checkout-cards",
    tags: ["payments"],
    summary:
      "The signed-in customer's saved checkout cards (brand, last4, expiry); with checkout_id only those the purchase's gateway can charge",
    query: z.object({ checkout_id: z.string().uuid().optional(), token: z.string().optional() }),
    response: z.object({ results: z.array(checkoutCardView) }),
  }),
  deleteCheckoutCard: endpoint({
    method: "DELETE",
    path: "/me/checkout-cards/:id",
    tags: ["payments"],
    summary: "Delete one of the caller's saved checkout cards (another customer's answers 404 saved_card_not_found)",
    params: z.object({ id: z.string().uuid() }),
    response: z.object({ id: z.string() }),
  }),
  sandboxWebhook: endpoint({
    method: "POST",
    path: "/payments/webhooks/sandbox",
    tags: ["payments"],
    summary: "Signed events from the sandbox gateway (raw JSON body, signature header)",
    response: webhookReceipt,
  }),
};
