// Written by `npm run routes -w @tianguis/domain` from src/api/subscriptions.ts: change the contract there, then run it again.
import type { subscriptionsApi as subscriptionsApiContract } from "../api/subscriptions";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/subscriptions.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const subscriptionsApi = routes<typeof subscriptionsApiContract>({
  refundCharge: { method: "POST", path: "/subscriptions/charges/:id/refund" },
  shopCharges: { method: "GET", path: "/platform/shops/:slug/subscription" },
  plans: { method: "GET", path: "/plans" },
  current: { method: "GET", path: "/me/subscription" },
  install: { method: "PUT", path: "/me/subscription" },
  cancel: { method: "POST", path: "/me/subscription/cancel" },
  cards: { method: "GET", path: "/me/cards" },
  addCard: { method: "POST", path: "/me/cards" },
  selectCard: { method: "PUT", path: "/me/cards/default" },
  deleteCard: { method: "DELETE", path: "/me/cards/:id" },
  restoreCard: { method: "POST", path: "/me/cards/:id/restore" },
  charges: { method: "GET", path: "/me/subscription/charges" },
  charge: { method: "GET", path: "/me/subscription/charges/:id" },
});
