// Written by `npm run routes -w @tianguis/domain` from src/api/franchises.ts: change the contract there, then run it again.
import type { franchisesApi as franchisesApiContract } from "../api/franchises";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/franchises.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const franchisesApi = routes<typeof franchisesApiContract>({
  list: { method: "GET", path: "/shops/:slug/franchises" },
  adminList: { method: "GET", path: "/shops/:slug/admin/franchises" },
  published: { method: "GET", path: "/shops/:slug/franchises/published" },
  inStore: { method: "POST", path: "/shops/:slug/franchises/instore" },
  add: { method: "PUT", path: "/shops/:slug/franchises/:franchiseId" },
  remove: { method: "DELETE", path: "/shops/:slug/franchises/:franchiseId" },
});
