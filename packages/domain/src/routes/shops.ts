// Written by `npm run routes -w @tianguis/domain` from src/api/shops.ts: change the contract there, then run it again.
import type { shopsApi as shopsApiContract } from "../api/shops";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/shops.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const shopsApi = routes<typeof shopsApiContract>({
  featured: { method: "GET", path: "/shops" },
  get: { method: "GET", path: "/shops/:slug" },
  byDomain: { method: "GET", path: "/shops/by-domain/:hostname" },
  update: { method: "PATCH", path: "/shops/:slug" },
});
