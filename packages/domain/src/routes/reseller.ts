// Written by `npm run routes -w @tianguis/domain` from src/api/reseller.ts: change the contract there, then run it again.
import type { resellerApi as resellerApiContract } from "../api/reseller";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/reseller.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const resellerApi = routes<typeof resellerApiContract>({
  dssuppliers: { method: "GET", path: "/shops/:slug/picker/dssuppliers" },
  search: { method: "GET", path: "/shops/:slug/picker/products" },
  categories: { method: "GET", path: "/shops/:slug/picker/categories" },
  bulkAdd: { method: "POST", path: "/shops/:slug/picker/bulk-adds" },
  bulkAddStatus: { method: "GET", path: "/shops/:slug/picker/bulk-adds/:id" },
  requestAccess: { method: "POST", path: "/shops/:slug/picker/dssuppliers/:supplierId/access" },
  policy: { method: "GET", path: "/shops/:slug/dropshipping/policy" },
  setPolicy: { method: "PUT", path: "/shops/:slug/dropshipping/policy" },
  accessRequests: { method: "GET", path: "/shops/:slug/dropshipping/requests" },
  decideAccess: { method: "PUT", path: "/shops/:slug/dropshipping/requests/:resellerId" },
});
