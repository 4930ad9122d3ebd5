// Written by `npm run routes -w @tianguis/domain` from src/api/orders.ts: change the contract there, then run it again.
import type { ordersApi as ordersApiContract } from "../api/orders";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/orders.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const ordersApi = routes<typeof ordersApiContract>({
  sellerList: { method: "GET", path: "/shops/:slug/orders" },
  waiting: { method: "GET", path: "/shops/:slug/orders/waiting" },
  export: { method: "GET", path: "/shops/:slug/orders/export" },
  sellerGet: { method: "GET", path: "/shops/:slug/orders/:id" },
  pdf: { method: "GET", path: "/shops/:slug/orders/:id/pdf" },
  next: { method: "POST", path: "/shops/:slug/orders/:id/next" },
  sellerCancel: { method: "POST", path: "/shops/:slug/orders/:id/cancel" },
  receipt: { method: "POST", path: "/shops/:slug/orders/:id/receipts" },
  customerGet: { method: "GET", path: "/orders/:id" },
  customerCancel: { method: "POST", path: "/orders/:id/cancel" },
  invoicing: { method: "PUT", path: "/orders/:id/invoicing" },
});
