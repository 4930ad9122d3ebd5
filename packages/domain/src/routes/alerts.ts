// Written by `npm run routes -w @tianguis/domain` from src/api/alerts.ts: change the contract there, then run it again.
import type { alertsApi as alertsApiContract } from "../api/alerts";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/alerts.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const alertsApi = routes<typeof alertsApiContract>({
  list: { method: "GET", path: "/me/alerts" },
  pending: { method: "GET", path: "/me/alerts/pending" },
  visit: { method: "PATCH", path: "/me/alerts/:id" },
  seen: { method: "POST", path: "/me/alerts/seen" },
});
