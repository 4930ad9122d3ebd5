// Written by `npm run routes -w @tianguis/domain` from src/api/cart.ts: change the contract there, then run it again.
import type { cartApi as cartApiContract } from "../api/cart";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/cart.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const cartApi = routes<typeof cartApiContract>({
  get: { method: "GET", path: "/shops/:slug/cart" },
  setQuantity: { method: "PUT", path: "/shops/:slug/cart/items" },
  remove: { method: "DELETE", path: "/shops/:slug/cart/items/:productId" },
  merge: { method: "POST", path: "/shops/:slug/cart/merge" },
  quote: { method: "POST", path: "/shops/:slug/cart/quote" },
});
