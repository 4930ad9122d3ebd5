import { z } from "zod";
import { listOf } from "../schemas/common";
import {
  cancelInvoiceBody,
  fiscalProfileAnswer,
  fiscalProfileBody,
  globalInvoiceBody,
  invoiceListQuery,
  invoiceView,
  myInvoiceListQuery,
  orderInvoiceAnswer,
} from "../schemas/invoice";
import { endpoint } from "./endpoint";

const shopParams = z.object({ slug: z.string() });
const invoiceParams = z.object({ slug: z.string(), id: z.string().uuid() });
const orderParams = z.object({ slug: z.string(), orderId: z.string().uuid() });
const tokenQuery = z.object({ token: z.string().max(100).optional() });

/**
 * CFDI 4.0 invoices (issue #30 §1; spec alert targets /admin/facturas and /facturas): the shop's fiscal data, invoicing an
 * order in one click, cancelling with SAT's reason, the lists and the XML and PDF files; the customer's own invoices.
 */
export const invoicesApi = {
  profileGet: endpoint({
    method: "GET",
    path: "/shops/:slug/fiscal-profile",
    tags: ["invoices"],
    summary: "The shop's fiscal data (owner, admin, accountant); null until entered",
    params: shopParams,
    response: fiscalProfileAnswer,
  }),
  profilePut: endpoint({
    method: "PUT",
    path: "/shops/:slug/fiscal-profile",
    tags: ["invoices"],
    summary: "Save the shop's fiscal data: RFC, legal name, regime, postal code, series, tax rate, automatic invoicing, PAC",
    params: shopParams,
    body: fiscalProfileBody,
    response: fiscalProfileAnswer,
  }),
  list: endpoint({
    method: "GET",
    path: "/shops/:slug/invoices",
    tags: ["invoices"],
    summary: "The shop's invoices and credit notes, newest first, filtered by invoice-number prefix and state",
    params: shopParams,
    query: invoiceListQuery,
    response: listOf(invoiceView),
  }),
  orderInvoice: endpoint({
    method: "GET",
    path: "/shops/:slug/orders/:orderId/invoice",
    tags: ["invoices"],
    summary: "An order's invoice and credit notes, and whether it can be invoiced now",
    params: orderParams,
    response: orderInvoiceAnswer,
  }),
  issue: endpoint({
    method: "POST",
    path: "/shops/:slug/orders/:orderId/invoice",
    tags: ["invoices"],
    summary: "Invoice an order with the customer's data, stamped by the shop's PAC, and e-mail it (owner, admin, accountant)",
    params: orderParams,
    response: invoiceView,
    status: 201,
  }),
  globalIssue: endpoint({
    method: "POST",
    path: "/shops/:slug/invoices/global",
    tags: ["invoices"],
    summary: "A global invoice to the public (XAXX010101000) for a period's paid orders not invoiced",
    params: shopParams,
    body: globalInvoiceBody,
    response: invoiceView,
    status: 201,
  }),
  cancel: endpoint({
    method: "POST",
    path: "/shops/:slug/invoices/:id/cancel",
    tags: ["invoices"],
    summary: "Cancel an invoice with SAT's reason 01–04 (01 names the folio fiscal of its substitute)",
    params: invoiceParams,
    body: cancelInvoiceBody,
    response: invoiceView,
  }),
  replace: endpoint({
    method: "POST",
    path: "/shops/:slug/invoices/:id/replace",
    tags: ["invoices"],
    summary:
      "SAT's reason 01: issue the order invoice's substitute (TipoRelacion 04, the customer's current data) and cancel the original naming it; answers the substitute",
    params: invoiceParams,
    response: invoiceView,
    status: 201,
  }),
  shopXml: endpoint({
    method: "GET",
    path: "/shops/:slug/invoices/:id/xml",
    tags: ["invoices"],
    summary: "The stamped CFDI XML (application/xml)",
    params: invoiceParams,
    response: z.string(),
  }),
  shopPdf: endpoint({
    method: "GET",
    path: "/shops/:slug/invoices/:id/pdf",
    tags: ["invoices"],
    summary: "The invoice's printed representation with SAT's QR (application/pdf)",
    params: invoiceParams,
    response: z.string(),
  }),
  mine: endpoint({
    method: "GET",
    path: "/me/invoices",
    tags: ["invoices"],
    summary: "The signed-in customer's invoices as receiver, newest first, filtered by invoice-number prefix",
    query: myInvoiceListQuery,
    response: listOf(invoiceView),
  }),
  purchaseInvoices: endpoint({
    method: "GET",
    path: "/checkouts/:id/invoices",
    tags: ["invoices"],
    summary: "The invoices of a purchase, for its customer or with the purchase's access token",
    params: z.object({ id: z.string().uuid() }),
    query: tokenQuery,
    response: z.object({ results: z.array(invoiceView) }),
  }),
  xml: endpoint({
    method: "GET",
    path: "/invoices/:id/xml",
    tags: ["invoices"],
    summary: "The receiver's CFDI XML (customer or purchase access token)",
    params: z.object({ id: z.string().uuid() }),
    query: tokenQuery,
    response: z.string(),
  }),
  pdf: endpoint({
    method: "GET",
    path: "/invoices/:id/pdf",
    tags: ["invoices"],
    summary: "The receiver's invoice PDF with SAT's QR (customer or purchase access token)",
    params: z.object({ id: z.string().uuid() }),
    query: tokenQuery,
    response: z.string(),
  }),
};
