// Written by `npm run routes -w @tianguis/domain` from src/api/merchandising.ts: change the contract there, then run it again.
import type { merchandisingApi as merchandisingApiContract } from "../api/merchandising";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/merchandising.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const merchandisingApi = routes<typeof merchandisingApiContract>({
  banners: {
    list: { method: "GET", path: "/shops/:slug/banners" },
    adminList: { method: "GET", path: "/shops/:slug/admin/banners" },
    create: { method: "POST", path: "/shops/:slug/banners" },
    update: { method: "PATCH", path: "/shops/:slug/banners/:id" },
    remove: { method: "DELETE", path: "/shops/:slug/banners/:id" },
  },
  headers: {
    list: { method: "GET", path: "/shops/:slug/headers" },
    adminList: { method: "GET", path: "/shops/:slug/admin/headers" },
    create: { method: "POST", path: "/shops/:slug/headers" },
    update: { method: "PATCH", path: "/shops/:slug/headers/:id" },
    remove: { method: "DELETE", path: "/shops/:slug/headers/:id" },
  },
  slides: {
    list: { method: "GET", path: "/shops/:slug/slides" },
    adminList: { method: "GET", path: "/shops/:slug/admin/slides" },
    create: { method: "POST", path: "/shops/:slug/slides" },
    update: { method: "PATCH", path: "/shops/:slug/slides/:id" },
    remove: { method: "DELETE", path: "/shops/:slug/slides/:id" },
  },
});
