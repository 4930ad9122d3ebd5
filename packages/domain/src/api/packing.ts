import { z } from "zod";
import { pageQuery } from "../schemas/common";
import { binQuantityBody, binView, binsPage, notPackedPage, packLineBody } from "../schemas/packing";
import { endpoint } from "./endpoint";

const orderParams = z.object({ slug: z.string(), id: z.string().uuid() });
const binParams = orderParams.extend({ binId: z.string().uuid() });

/**
 * Packing calls (commerce-and-accounts §7 'Supplier': GET franchise/orders/{id}/binpacked (query), binpacked/{x}, PATCH
 * binpacked/{x}/{y} body; GET notpacked (query), PATCH notpacked/{x} body), under the shop that packs: the order's
 * supplier or the franchise store it was bought in.
 */
export const packingApi = {
  bins: endpoint({
    method: "GET",
    path: "/shops/:slug/franchise/orders/:id/binpacked",
    tags: ["packing"],
    summary: "The order's boxes with what each holds, 10 per page, and the order's packing state",
    params: orderParams,
    query: pageQuery,
    response: binsPage,
  }),
  bin: endpoint({
    method: "GET",
    path: "/shops/:slug/franchise/orders/:id/binpacked/:binId",
    tags: ["packing"],
    summary: "One box of the order",
    params: binParams,
    response: binView,
  }),
  setBinItem: endpoint({
    method: "PATCH",
    path: "/shops/:slug/franchise/orders/:id/binpacked/:binId/:itemId",
    tags: ["packing"],
    summary: "How many units of an order line the box holds (0 takes the line out; an empty box is removed)",
    params: binParams.extend({ itemId: z.string().uuid() }),
    body: binQuantityBody,
    response: binsPage,
  }),
  notPacked: endpoint({
    method: "GET",
    path: "/shops/:slug/franchise/orders/:id/notpacked",
    tags: ["packing"],
    summary: "The order's lines with units in no box yet, 10 per page, and the order's packing state",
    params: orderParams,
    query: pageQuery,
    response: notPackedPage,
  }),
  pack: endpoint({
    method: "PATCH",
    path: "/shops/:slug/franchise/orders/:id/notpacked/:itemId",
    tags: ["packing"],
    summary: "Put units of an order line in one of its boxes, or in a new box",
    params: orderParams.extend({ itemId: z.string().uuid() }),
    body: packLineBody,
    response: binView,
  }),
};
