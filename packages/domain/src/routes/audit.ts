// Written by `npm run routes -w @tianguis/domain` from src/api/audit.ts: change the contract there, then run it again.
import type { auditApi as auditApiContract } from "../api/audit";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/audit.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const auditApi = routes<typeof auditApiContract>({
  list: { method: "GET", path: "/shops/:slug/activity" },
  actors: { method: "GET", path: "/shops/:slug/activity/actors" },
});
