// Written by `npm run routes -w @tianguis/domain` from src/api/addresses.ts: change the contract there, then run it again.
import type { addressesApi as addressesApiContract } from "../api/addresses";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/addresses.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const addressesApi = routes<typeof addressesApiContract>({
  list: { method: "GET", path: "/me/addresses" },
  create: { method: "POST", path: "/me/addresses" },
  update: { method: "PUT", path: "/me/addresses/:id" },
  remove: { method: "DELETE", path: "/me/addresses/:id" },
});
