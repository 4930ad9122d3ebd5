import { z } from "zod";
import { listOf } from "../schemas/common";
import { purchaseListQuery } from "../schemas/order";
import { checkoutBody, checkoutShared, checkoutView, shippingQuoteBody, shippingRates } from "../schemas/checkout";
import { endpoint } from "./endpoint";

const idParams = z.object({ id: z.string().uuid() });
const tokenQuery = z.object({ token: z.string().optional() });

/** Purchases: shipping quotes, creating one (one order per supplier), reading and sharing it, the customer's list. */
export const checkoutApi = {
  shippingQuotes: endpoint({
    method: "POST",
    path: "/shops/:slug/shipping/quotes",
    tags: ["checkout"],
    summary: "Courier quotes for the cart's supplier parcels to a postal code",
    params: z.object({ slug: z.string() }),
    body: shippingQuoteBody,
    response: shippingRates,
  }),
  create: endpoint({
    method: "POST",
    path: "/shops/:slug/checkout",
    tags: ["checkout"],
    summary: "Create a purchase: one order per supplier, stock taken atomically; accepts Idempotency-Key",
    params: z.object({ slug: z.string() }),
    body: checkoutBody,
    response: checkoutView,
    status: 201,
  }),
  get: endpoint({
    method: "GET",
    path: "/checkouts/:id",
    tags: ["checkout"],
    summary: "A purchase (its customer, or with its access token)",
    params: idParams,
    query: tokenQuery,
    response: checkoutView,
  }),
  byToken: endpoint({
    method: "GET",
    path: "/checkouts/by-token/:token",
    tags: ["checkout"],
    summary: "A purchase by its payment token (the access token in its links), for /me/payments/{payment_token}",
    params: z.object({ token: z.string().min(16).max(100) }),
    response: checkoutView,
  }),
  shared: endpoint({
    method: "GET",
    path: "/checkouts/shared/:slug",
    tags: ["checkout"],
    summary: "A shared purchase by its public link (public_slug), to see and pay it",
    params: z.object({ slug: z.string().min(1).max(40) }),
    response: checkoutView,
  }),
  share: endpoint({
    method: "POST",
    path: "/checkouts/:id/share",
    tags: ["checkout"],
    summary: "Generate the purchase's public link (once)",
    params: idParams,
    query: tokenQuery,
    response: checkoutShared,
  }),
  purchases: endpoint({
    method: "GET",
    path: "/orders",
    tags: ["orders"],
    summary: "The signed-in customer's purchases, newest first, filtered by state, payment, delivery, dates and text",
    query: purchaseListQuery,
    response: listOf(checkoutView),
  }),
};
