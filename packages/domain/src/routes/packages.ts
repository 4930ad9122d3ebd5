// Written by `npm run routes -w @tianguis/domain` from src/api/packages.ts: change the contract there, then run it again.
import type { packagesApi as packagesApiContract } from "../api/packages";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/packages.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const packagesApi = routes<typeof packagesApiContract>({
  list: { method: "GET", path: "/packages" },
  current: { method: "GET", path: "/packages/current" },
  get: { method: "GET", path: "/packages/:id" },
  purchase: { method: "PUT", path: "/packages/:id/purchase" },
  purchaseByToken: { method: "GET", path: "/packages/purchases/:token" },
  pay: { method: "POST", path: "/packages/purchases/:token/pay" },
  refund: { method: "POST", path: "/packages/purchases/:token/refund" },
});
