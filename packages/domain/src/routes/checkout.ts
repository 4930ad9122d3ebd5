// Written by `npm run routes -w @tianguis/domain` from src/api/checkout.ts: change the contract there, then run it again.
import type { checkoutApi as checkoutApiContract } from "../api/checkout";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/checkout.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const checkoutApi = routes<typeof checkoutApiContract>({
  shippingQuotes: { method: "POST", path: "/shops/:slug/shipping/quotes" },
  create: { method: "POST", path: "/shops/:slug/checkout" },
  get: { method: "GET", path: "/checkouts/:id" },
  byToken: { method: "GET", path: "/checkouts/by-token/:token" },
  shared: { method: "GET", path: "/checkouts/shared/:slug" },
  share: { method: "POST", path: "/checkouts/:id/share" },
  purchases: { method: "GET", path: "/orders" },
});
