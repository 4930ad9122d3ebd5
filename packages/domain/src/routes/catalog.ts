// Written by `npm run routes -w @tianguis/domain` from src/api/catalog.ts: change the contract there, then run it again.
import type { catalogApi as catalogApiContract } from "../api/catalog";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/catalog.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const catalogApi = routes<typeof catalogApiContract>({
  listProducts: { method: "GET", path: "/shops/:slug/products" },
  categories: { method: "GET", path: "/shops/:slug/categories" },
  shopProduct: { method: "GET", path: "/shops/:slug/products/:id" },
  product: { method: "GET", path: "/products/:id" },
  autocomplete: { method: "GET", path: "/search/autocomplete" },
  create: { method: "POST", path: "/shops/:slug/products" },
  editable: { method: "GET", path: "/shops/:slug/products/:id/edit" },
  update: { method: "PATCH", path: "/shops/:slug/products/:id" },
  addPhotos: { method: "POST", path: "/shops/:slug/products/:id/photos" },
  deletePhoto: { method: "DELETE", path: "/shops/:slug/products/:id/photos/:imageId" },
});
