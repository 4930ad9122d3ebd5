// Written by `npm run routes -w @tianguis/domain` from src/api/returns.ts: change the contract there, then run it again.
import type { returnsApi as returnsApiContract } from "../api/returns";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/returns.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const returnsApi = routes<typeof returnsApiContract>({
  policyGet: { method: "GET", path: "/shops/:slug/return-policy" },
  policyPut: { method: "PUT", path: "/shops/:slug/return-policy" },
  customerGet: { method: "GET", path: "/orders/:id/returns" },
  start: { method: "POST", path: "/orders/:id/returns" },
  sellerList: { method: "GET", path: "/shops/:slug/returns" },
  sellerOrder: { method: "GET", path: "/shops/:slug/orders/:id/returns" },
  label: { method: "POST", path: "/shops/:slug/returns/:returnId/label" },
  accept: { method: "POST", path: "/shops/:slug/returns/:returnId/accept" },
  reject: { method: "POST", path: "/shops/:slug/returns/:returnId/reject" },
  close: { method: "POST", path: "/shops/:slug/returns/:returnId/close" },
  refund: { method: "POST", path: "/shops/:slug/orders/:id/refunds" },
  refundWebhook: { method: "POST", path: "/payments/webhooks/sandbox/refunds" },
});
