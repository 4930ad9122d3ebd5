// Written by `npm run routes -w @tianguis/domain` from src/api/gallery.ts: change the contract there, then run it again.
import type { galleryApi as galleryApiContract } from "../api/gallery";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/gallery.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const galleryApi = routes<typeof galleryApiContract>({
  upload: { method: "POST", path: "/gallery" },
  remove: { method: "DELETE", path: "/gallery/:id" },
});
