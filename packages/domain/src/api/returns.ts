import { z } from "zod";
import { returnInfo } from "../schemas/product";
import {
  acceptReturnBody,
  closeReturnBody,
  orderReturnsView,
  refundBody,
  refundView,
  rejectReturnBody,
  returnPolicyView,
  returnView,
  sellerReturnsList,
  sellerReturnsQuery,
  startReturnBody,
} from "../schemas/return";
import { endpoint } from "./endpoint";

const slugParams = z.object({ slug: z.string() });
const shopOrderParams = z.object({ slug: z.string(), id: z.string().uuid() });
const shopReturnParams = z.object({ slug: z.string(), returnId: z.string().uuid() });
const orderParams = z.object({ id: z.string().uuid() });
const tokenQuery = z.object({ token: z.string().max(100).optional() });

/**
 * Returns and refunds (commerce-and-accounts §3, §4, §8, §9): the shop's return policy, the customer's return within
 * 72 hours of delivery, the supplier's accept / reject / receive-and-refund, and refunds of part or all of an order.
 */
export const returnsApi = {
  policyGet: endpoint({
    method: "GET",
    path: "/shops/:slug/return-policy",
    tags: ["returns"],
    summary: "The shop's default return policy (a product's own return_info overrides it)",
    params: slugParams,
    response: returnPolicyView,
  }),
  policyPut: endpoint({
    method: "PUT",
    path: "/shops/:slug/return-policy",
    tags: ["returns"],
    summary: "Set the shop's default return policy (owner or admin)",
    params: slugParams,
    body: returnInfo,
    response: returnPolicyView,
  }),
  customerGet: endpoint({
    method: "GET",
    path: "/orders/:id/returns",
    tags: ["returns"],
    summary: "The order's return policy, returnable lines, returns and refunds, for its customer",
    params: orderParams,
    query: tokenQuery,
    response: orderReturnsView,
  }),
  start: endpoint({
    method: "POST",
    path: "/orders/:id/returns",
    tags: ["returns"],
    summary: "Start a return within 72 hours of delivery: lines, quantities, reason and photos",
    params: orderParams,
    query: tokenQuery,
    body: startReturnBody,
    response: returnView,
    status: 201,
  }),
  sellerList: endpoint({
    method: "GET",
    path: "/shops/:slug/returns",
    tags: ["returns"],
    summary: "The supplier shop's returns, newest first, optionally by state",
    params: slugParams,
    query: sellerReturnsQuery,
    response: sellerReturnsList,
  }),
  sellerOrder: endpoint({
    method: "GET",
    path: "/shops/:slug/orders/:id/returns",
    tags: ["returns"],
    summary: "An order's returns, refunds and refundable amount, for its supplier",
    params: shopOrderParams,
    response: orderReturnsView,
  }),
  label: endpoint({
    method: "POST",
    path: "/shops/:slug/returns/:returnId/label",
    tags: ["returns"],
    summary: "Upload the return shipping label (PDF, PNG or JPEG, multipart) for the customer to download",
    params: shopReturnParams,
    response: returnView,
  }),
  accept: endpoint({
    method: "POST",
    path: "/shops/:slug/returns/:returnId/accept",
    tags: ["returns"],
    summary: "Accept an open return: the label is e-mailed (inbox) or downloadable (download)",
    params: shopReturnParams,
    body: acceptReturnBody,
    response: returnView,
  }),
  reject: endpoint({
    method: "POST",
    path: "/shops/:slug/returns/:returnId/reject",
    tags: ["returns"],
    summary: "Reject an open return with a reason",
    params: shopReturnParams,
    body: rejectReturnBody,
    response: returnView,
  }),
  close: endpoint({
    method: "POST",
    path: "/shops/:slug/returns/:returnId/close",
    tags: ["returns"],
    summary: "The returned goods arrived: close the return and refund them, fees deducted per policy; accepts Idempotency-Key",
    params: shopReturnParams,
    body: closeReturnBody,
    response: returnView,
  }),
  refund: endpoint({
    method: "POST",
    path: "/shops/:slug/orders/:id/refunds",
    tags: ["returns"],
    summary: "Refund all or part of a paid order up to the amount available, optionally restocking; accepts Idempotency-Key",
    params: shopOrderParams,
    body: refundBody,
    response: refundView,
    status: 201,
  }),
  refundWebhook: endpoint({
    method: "POST",
    path: "/payments/webhooks/sandbox/refunds",
    tags: ["returns"],
    summary: "The gateway's signed refund result (refund.succeeded / refund.failed); idempotent by event id",
    response: z.object({ received: z.boolean() }),
  }),
} as const;
