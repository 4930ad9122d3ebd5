import { z } from "zod";
import { checkoutView } from "../schemas/checkout";
import { listOf } from "../schemas/common";
import {
  customerCancelBody,
  invoicingData,
  nextActionBody,
  receiptView,
  sellerOrderListQuery,
  sellerOrderSummary,
  sellerOrderView,
  supplierCancelBody,
} from "../schemas/order";
import { endpoint } from "./endpoint";

const shopOrderParams = z.object({ slug: z.string(), id: z.string().uuid() });
const orderParams = z.object({ id: z.string().uuid() });
/** A guest acts on its purchase with the purchase's access token (the link in its e-mails). */
const tokenQuery = z.object({ token: z.string().max(100).optional() });

/**
 * Orders after purchase (commerce-and-accounts §4 'Checkout and orders', §7 'Customer orders, checkout, payments'):
 * the supplier shop's list, detail, next action, cancel, receipts and export; the customer's cancel and invoicing data.
 */
export const ordersApi = {
  sellerList: endpoint({
    method: "GET",
    path: "/shops/:slug/orders",
    tags: ["orders"],
    summary: "The supplier shop's orders, last updated first, 10 per page, with the spec's filters",
    params: z.object({ slug: z.string() }),
    query: sellerOrderListQuery,
    response: listOf(sellerOrderSummary),
  }),
  waiting: endpoint({
    method: "GET",
    path: "/shops/:slug/orders/waiting",
    tags: ["orders"],
    summary: "How many paid orders wait for the supplier's confirmation (the badge)",
    params: z.object({ slug: z.string() }),
    response: z.object({ count: z.number().int() }),
  }),
  export: endpoint({
    method: "GET",
    path: "/shops/:slug/orders/export",
    tags: ["orders"],
    summary: "The filtered orders as CSV (UTF-8 with BOM), every page",
    params: z.object({ slug: z.string() }),
    query: sellerOrderListQuery,
    response: z.string(),
  }),
  sellerGet: endpoint({
    method: "GET",
    path: "/shops/:slug/orders/:id",
    tags: ["orders"],
    summary: "One order as its supplier sees it, with its timeline and the viewer's next action",
    params: shopOrderParams,
    response: sellerOrderView,
  }),
  pdf: endpoint({
    method: "GET",
    path: "/shops/:slug/orders/:id/pdf",
    tags: ["orders"],
    summary: "The purchase order as a PDF (application/pdf)",
    params: shopOrderParams,
    response: z.string(),
  }),
  next: endpoint({
    method: "POST",
    path: "/shops/:slug/orders/:id/next",
    tags: ["orders"],
    summary: "Move the order one step along its path, from the state the seller saw",
    params: shopOrderParams,
    body: nextActionBody,
    response: sellerOrderView,
  }),
  sellerCancel: endpoint({
    method: "POST",
    path: "/shops/:slug/orders/:id/cancel",
    tags: ["orders"],
    summary: "Cancel by supplier with a reason: refunds the order's amount and returns its stock",
    params: shopOrderParams,
    body: supplierCancelBody,
    response: sellerOrderView,
  }),
  receipt: endpoint({
    method: "POST",
    path: "/shops/:slug/orders/:id/receipts",
    tags: ["orders"],
    summary: "Issue a numbered receipt for the order",
    params: shopOrderParams,
    response: receiptView,
    status: 201,
  }),
  customerGet: endpoint({
    method: "GET",
    path: "/orders/:id",
    tags: ["orders"],
    summary: "The purchase an order belongs to, for its customer or with the purchase's access token",
    params: orderParams,
    query: tokenQuery,
    response: checkoutView,
  }),
  customerCancel: endpoint({
    method: "POST",
    path: "/orders/:id/cancel",
    tags: ["orders"],
    summary: "Cancel by customer while the supplier has not confirmed: refunds and returns stock",
    params: orderParams,
    query: tokenQuery,
    body: customerCancelBody,
    response: checkoutView,
  }),
  invoicing: endpoint({
    method: "PUT",
    path: "/orders/:id/invoicing",
    tags: ["orders"],
    summary: "The customer's invoicing data for the order's supplier (RFC, tax regime, CFDI use)",
    params: orderParams,
    query: tokenQuery,
    body: invoicingData,
    response: checkoutView,
  }),
};
