// Written by `npm run routes -w @tianguis/domain` from src/api/collaborators.ts: change the contract there, then run it again.
import type { collaboratorsApi as collaboratorsApiContract } from "../api/collaborators";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/collaborators.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const collaboratorsApi = routes<typeof collaboratorsApiContract>({
  list: { method: "GET", path: "/shops/:slug/collaborators" },
  invite: { method: "POST", path: "/shops/:slug/collaborators" },
  update: { method: "PATCH", path: "/shops/:slug/collaborators/:id" },
  remove: { method: "DELETE", path: "/shops/:slug/collaborators/:id" },
  refresh: { method: "PUT", path: "/shops/:slug/collaborators/:id/refresh" },
  profiles: { method: "GET", path: "/collaborators/profiles" },
  collaborations: { method: "GET", path: "/collaborations" },
  accept: { method: "POST", path: "/collaborations/:id/accept" },
  decline: { method: "DELETE", path: "/collaborations/:id" },
});
