// Written by `npm run routes -w @tianguis/domain` from src/api/invoices.ts: change the contract there, then run it again.
import type { invoicesApi as invoicesApiContract } from "../api/invoices";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/invoices.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const invoicesApi = routes<typeof invoicesApiContract>({
  profileGet: { method: "GET", path: "/shops/:slug/fiscal-profile" },
  profilePut: { method: "PUT", path: "/shops/:slug/fiscal-profile" },
  list: { method: "GET", path: "/shops/:slug/invoices" },
  orderInvoice: { method: "GET", path: "/shops/:slug/orders/:orderId/invoice" },
  issue: { method: "POST", path: "/shops/:slug/orders/:orderId/invoice" },
  globalIssue: { method: "POST", path: "/shops/:slug/invoices/global" },
  cancel: { method: "POST", path: "/shops/:slug/invoices/:id/cancel" },
  replace: { method: "POST", path: "/shops/:slug/invoices/:id/replace" },
  shopXml: { method: "GET", path: "/shops/:slug/invoices/:id/xml" },
  shopPdf: { method: "GET", path: "/shops/:slug/invoices/:id/pdf" },
  mine: { method: "GET", path: "/me/invoices" },
  purchaseInvoices: { method: "GET", path: "/checkouts/:id/invoices" },
  xml: { method: "GET", path: "/invoices/:id/xml" },
  pdf: { method: "GET", path: "/invoices/:id/pdf" },
});
