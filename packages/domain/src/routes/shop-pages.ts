// Written by `npm run routes -w @tianguis/domain` from src/api/shop-pages.ts: change the contract there, then run it again.
import type { shopPagesApi as shopPagesApiContract } from "../api/shop-pages";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/shop-pages.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const shopPagesApi = routes<typeof shopPagesApiContract>({
  list: { method: "GET", path: "/shops/:slug/pages" },
  get: { method: "GET", path: "/shops/:slug/pages/:page" },
  update: { method: "PUT", path: "/shops/:slug/pages/:page" },
  reset: { method: "DELETE", path: "/shops/:slug/pages/:page" },
  contact: { method: "POST", path: "/shops/:slug/contact" },
});
