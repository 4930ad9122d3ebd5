// Written by `npm run routes -w @tianguis/domain` from src/api/directory.ts: change the contract there, then run it again.
import type { directoryApi as directoryApiContract } from "../api/directory";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/directory.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const directoryApi = routes<typeof directoryApiContract>({
  businesses: { method: "GET", path: "/directory/businesses" },
  products: { method: "GET", path: "/directory/products" },
});
