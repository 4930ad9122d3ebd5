// Written by `npm run routes -w @tianguis/domain` from src/api/packing.ts: change the contract there, then run it again.
import type { packingApi as packingApiContract } from "../api/packing";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/packing.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const packingApi = routes<typeof packingApiContract>({
  bins: { method: "GET", path: "/shops/:slug/franchise/orders/:id/binpacked" },
  bin: { method: "GET", path: "/shops/:slug/franchise/orders/:id/binpacked/:binId" },
  setBinItem: { method: "PATCH", path: "/shops/:slug/franchise/orders/:id/binpacked/:binId/:itemId" },
  notPacked: { method: "GET", path: "/shops/:slug/franchise/orders/:id/notpacked" },
  pack: { method: "PATCH", path: "/shops/:slug/franchise/orders/:id/notpacked/:itemId" },
});
