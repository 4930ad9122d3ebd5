// Written by `npm run routes -w @tianguis/domain` from src/api/payments.ts: change the contract there, then run it again.
import type { paymentsApi as paymentsApiContract } from "../api/payments";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/payments.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const paymentsApi = routes<typeof paymentsApiContract>({
  pay: { method: "POST", path: "/checkouts/:id/pay" },
  redirectReturn: { method: "POST", path: "/checkouts/:id/pay/return" },
  checkoutCards: { method: "GET", path: "/me/checkout-cards" },
  deleteCheckoutCard: { method: "DELETE", path: "/me/checkout-cards/:id" },
  sandboxWebhook: { method: "POST", path: "/payments/webhooks/sandbox" },
});
