// Written by `npm run routes -w @tianguis/domain` from src/api/commissions.ts: change the contract there, then run it again.
import type { commissionsApi as commissionsApiContract } from "../api/commissions";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/commissions.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const commissionsApi = routes<typeof commissionsApiContract>({
  earnings: { method: "GET", path: "/me/earnings" },
  list: { method: "GET", path: "/me/commissions" },
  owed: { method: "GET", path: "/shops/:slug/commissions/owed" },
  markPaid: { method: "POST", path: "/shops/:slug/commissions/mark-paid" },
  order: { method: "GET", path: "/shops/:slug/orders/:id/commissions" },
});
