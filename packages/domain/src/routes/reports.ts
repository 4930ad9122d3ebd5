// Written by `npm run routes -w @tianguis/domain` from src/api/reports.ts: change the contract there, then run it again.
import type { reportsApi as reportsApiContract } from "../api/reports";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/reports.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const reportsApi = routes<typeof reportsApiContract>({
  shopCreate: { method: "POST", path: "/shops/:slug/exports" },
  shopList: { method: "GET", path: "/shops/:slug/exports" },
  shopGet: { method: "GET", path: "/shops/:slug/exports/:id" },
  myCreate: { method: "POST", path: "/me/exports" },
  myList: { method: "GET", path: "/me/exports" },
  download: { method: "GET", path: "/exports/:id/download" },
  dashboard: { method: "GET", path: "/shops/:slug/dashboard" },
});
