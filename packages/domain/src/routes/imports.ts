// Written by `npm run routes -w @tianguis/domain` from src/api/imports.ts: change the contract there, then run it again.
import type { importsApi as importsApiContract } from "../api/imports";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/imports.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const importsApi = routes<typeof importsApiContract>({
  template: { method: "GET", path: "/imports/template" },
  create: { method: "POST", path: "/shops/:slug/imports" },
  list: { method: "GET", path: "/shops/:slug/imports" },
  get: { method: "GET", path: "/shops/:slug/imports/:id" },
  run: { method: "POST", path: "/shops/:slug/imports/:id/run" },
  rejected: { method: "GET", path: "/shops/:slug/imports/:id/rejected" },
});
