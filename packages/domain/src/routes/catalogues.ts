// Written by `npm run routes -w @tianguis/domain` from src/api/catalogues.ts: change the contract there, then run it again.
import type { cataloguesApi as cataloguesApiContract } from "../api/catalogues";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/catalogues.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const cataloguesApi = routes<typeof cataloguesApiContract>({
  published: { method: "GET", path: "/published/catalogues" },
  list: { method: "GET", path: "/shops/:slug/catalogues" },
  get: { method: "GET", path: "/shops/:slug/catalogues/:id" },
  products: { method: "GET", path: "/shops/:slug/catalogues/:id/products" },
  create: { method: "POST", path: "/shops/:slug/catalogues" },
  duplicate: { method: "POST", path: "/shops/:slug/catalogues/duplicate" },
  update: { method: "PATCH", path: "/shops/:slug/catalogues/:id" },
  remove: { method: "DELETE", path: "/shops/:slug/catalogues/:id" },
  move: { method: "POST", path: "/shops/:slug/catalogues/:id/move" },
  addProduct: { method: "POST", path: "/shops/:slug/catalogues/:id/products" },
  removeProduct: { method: "DELETE", path: "/shops/:slug/catalogues/:id/products/:productId" },
  moveProduct: { method: "POST", path: "/shops/:slug/catalogues/:id/products/move" },
  inShop: { method: "GET", path: "/shops/:slug/store-products/:productId" },
  addToShop: { method: "POST", path: "/shops/:slug/store-products" },
  removeFromShop: { method: "DELETE", path: "/shops/:slug/store-products/:productId" },
});
