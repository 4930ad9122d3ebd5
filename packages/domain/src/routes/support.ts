// Written by `npm run routes -w @tianguis/domain` from src/api/support.ts: change the contract there, then run it again.
import type { supportApi as supportApiContract } from "../api/support";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/support.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const supportApi = routes<typeof supportApiContract>({
  shopSupport: { method: "GET", path: "/shops/:slug/support" },
  disablement: { method: "GET", path: "/shops/:slug/disablement" },
  heartbeat: { method: "POST", path: "/advisors/me/heartbeat" },
  platformShops: { method: "GET", path: "/platform/shops" },
  advisors: { method: "GET", path: "/platform/advisors" },
  disable: { method: "POST", path: "/platform/shops/:slug/disable" },
  enable: { method: "POST", path: "/platform/shops/:slug/enable" },
  updateSupport: { method: "PUT", path: "/platform/shops/:slug/support" },
});
