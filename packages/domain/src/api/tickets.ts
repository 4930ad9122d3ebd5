import { z } from "zod";
import { listOf } from "../schemas/common";
import {
  checkInBody,
  checkInView,
  holderNameBody,
  issueTicketsBody,
  shopTicketsQuery,
  ticketView,
  walletLinksView,
} from "../schemas/ticket";
import { endpoint } from "./endpoint";

/** A guest reaches its tickets with the purchase's access token (the link in its e-mails). */
const tokenQuery = z.object({ token: z.string().max(100).optional() });
const attendantsQuery = tokenQuery.extend({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
const idParams = z.object({ id: z.string().uuid() });
const shopParams = z.object({ slug: z.string() });
const walletParams = z.object({ id: z.string().uuid(), ticketId: z.string().uuid() });

/**
 * Tickets of experiences (commerce-and-accounts §7: GET orders/{id}/attendants, attendants/{id}.pdf, attendants/pdf,
 * attendants/zip, GET attendants/{id}, GET customers/{id}/add_to_wallet/{x}): the customer's tickets, their files, and the shop's issuing and check-in.
 */
export const ticketsApi = {
  orderAttendants: endpoint({
    method: "GET",
    path: "/orders/:id/attendants",
    tags: ["tickets"],
    summary: "The tickets of an order, 10 per page, for its customer or with the purchase's access token",
    params: idParams,
    query: attendantsQuery,
    response: listOf(ticketView),
  }),
  orderPdf: endpoint({
    method: "GET",
    path: "/orders/:id/attendants/pdf",
    tags: ["tickets"],
    summary: "Every ticket of the order in one PDF, one page each with its QR (application/pdf)",
    params: idParams,
    query: tokenQuery,
    response: z.string(),
  }),
  orderZip: endpoint({
    method: "GET",
    path: "/orders/:id/attendants/zip",
    tags: ["tickets"],
    summary: "Every ticket of the order as a ZIP of one PDF each (application/zip)",
    params: idParams,
    query: tokenQuery,
    response: z.string(),
  }),
  get: endpoint({
    method: "GET",
    path: "/attendants/:id",
    tags: ["tickets"],
    summary: "One ticket, for its order's customer or with the purchase's access token",
    params: idParams,
    query: tokenQuery,
    response: ticketView,
  }),
  pdf: endpoint({
    method: "GET",
    path: "/attendants/:id.pdf",
    tags: ["tickets"],
    summary: "One ticket as a PDF with its QR (application/pdf)",
    params: idParams,
    query: tokenQuery,
    response: z.string(),
  }),
  rename: endpoint({
    method: "PUT",
    path: "/attendants/:id",
    tags: ["tickets"],
    summary: "The customer names who holds the ticket, while it has not been used",
    params: idParams,
    query: tokenQuery,
    body: holderNameBody,
    response: ticketView,
  }),
  walletLinks: endpoint({
    method: "GET",
    path: "/customers/:id/add_to_wallet/:ticketId",
    tags: ["tickets"],
    summary: "The ticket's Apple Wallet pass address and Google Wallet save link, for the signed-in customer who bought it",
    params: walletParams,
    response: walletLinksView,
  }),
  applePass: endpoint({
    method: "GET",
    path: "/customers/:id/add_to_wallet/:ticketId.pkpass",
    tags: ["tickets"],
    summary: "The ticket as a signed Apple Wallet pass (application/vnd.apple.pkpass), for the customer who bought it",
    params: walletParams,
    response: z.string(),
  }),
  shopList: endpoint({
    method: "GET",
    path: "/shops/:slug/tickets",
    tags: ["tickets"],
    summary: "The shop's tickets, newest first, optionally of one experience (owner, admin, qrreader)",
    params: shopParams,
    query: shopTicketsQuery,
    response: listOf(ticketView),
  }),
  issue: endpoint({
    method: "POST",
    path: "/shops/:slug/experiences/:productId/tickets",
    tags: ["tickets"],
    summary: "Issue courtesy tickets or establishment sales; refused once the experience has ended",
    params: z.object({ slug: z.string(), productId: z.string().uuid() }),
    body: issueTicketsBody,
    response: z.object({ results: z.array(ticketView) }),
    status: 201,
  }),
  shopPdf: endpoint({
    method: "GET",
    path: "/shops/:slug/tickets/:id/pdf",
    tags: ["tickets"],
    summary: "One of the shop's tickets as a PDF, to hand a courtesy ticket or a door sale over",
    params: z.object({ slug: z.string(), id: z.string().uuid() }),
    response: z.string(),
  }),
  checkIn: endpoint({
    method: "POST",
    path: "/shops/:slug/tickets/check-in",
    tags: ["tickets"],
    summary: "Let a ticket in by its code (scanned or typed) once; a used or cancelled ticket is refused",
    params: shopParams,
    body: checkInBody,
    response: checkInView,
  }),
};
