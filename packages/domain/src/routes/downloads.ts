// Written by `npm run routes -w @tianguis/domain` from src/api/downloads.ts: change the contract there, then run it again.
import type { downloadsApi as downloadsApiContract } from "../api/downloads";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/downloads.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const downloadsApi = routes<typeof downloadsApiContract>({
  file: { method: "GET", path: "/shops/:slug/products/:id/file" },
  upload: { method: "PUT", path: "/shops/:slug/products/:id/file" },
  remove: { method: "DELETE", path: "/shops/:slug/products/:id/file" },
  download: { method: "GET", path: "/downloads/:token" },
});
