import { randomBytes } from "node:crypto";
import type { Locale } from "@tianguis/domain/locale";
import { canIssueTickets, decideCheckIn, normalizeTicketCode, ticketCodeFromBytes, ticketUnits } from "@tianguis/domain/rules/ticket";
import type { CheckInView, IssueTicketsBody, TicketView } from "@tianguis/domain/schemas/ticket";
import { issueTicketsBody } from "@tianguis/domain/schemas/ticket";
import { and, eq, inArray } from "drizzle-orm";
import JSZip from "jszip";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { tickets } from "../../db/schema/tickets";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { loadCheckout } from "../checkout/service";
import { findShopWithAccess } from "../shops/service";
import { renderTicketsPdf } from "./pdf";
import {
  byCode,
  byId,
  byOrder,
  countTickets,
  ofCheckout,
  ofShop,
  selectExperience,
  selectNewestTickets,
  selectOrder,
  selectPaidExperienceLines,
  selectTickets,
} from "./queries";
import { ticketView } from "./views";

/**
 * Tickets of experiences (commerce-and-accounts §3 'Tickets/attendants', §7 attendants calls): the one owner of the
 * tickets table. Payments tell it a purchase was paid (one ticket per paid unit, in the payment's transaction), orders
 * tell it an order was cancelled; customers read, name and download their tickets; the shop issues courtesy tickets
 * and door sales and checks tickets in with a conditional update, so two scans of one code let one person in.
 */

export function newTicketCode(): string {
  return ticketCodeFromBytes(randomBytes(10));
}

/**
 * A purchase was paid (subscribers.ts): each unit of each experience line gets its ticket. (order_item_id, unit) is unique
 * and the insert skips what exists, so running it again adds nothing. Answers the new tickets' ids.
 */
export async function issuePurchaseTickets(tx: DbOrTx, checkoutId: string, now: Date): Promise<string[]> {
  const lines = await selectPaidExperienceLines(tx, checkoutId);
  const units = ticketUnits(lines);
  if (units.length === 0) return [];
  const created = await tx
    .insert(tickets)
    .values(
      units.map(({ line, unit }) => ({
        code: newTicketCode(),
        type: "purchase",
        productId: line.productId,
        supplierId: line.supplierId,
        orderId: line.orderId,
        orderItemId: line.orderItemId,
        unit,
        amount: line.unitPrice,
        currency: line.currency,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [tickets.orderItemId, tickets.unit] })
    .returning({ id: tickets.id });
  return created.map((row) => row.id);
}

/** An order was cancelled (subscribers.ts): its tickets not yet used can no longer get in. */
export async function cancelOrderTickets(tx: DbOrTx, orderId: string, now: Date): Promise<number> {
  const cancelled = await tx
    .update(tickets)
    .set({ state: "cancelled", cancelledAt: now })
    .where(and(eq(tickets.orderId, orderId), eq(tickets.state, "valid")))
    .returning({ id: tickets.id });
  return cancelled.length;
}

async function views(rows: Awaited<ReturnType<typeof selectTickets>>): Promise<TicketView[]> {
  return Promise.all(rows.map(ticketView));
}

/** The order, when the user is its customer or holds its purchase's access token; 404 order_not_found otherwise. */
async function requireCustomerOrder(ctx: AppContext, orderId: string, user: SessionUser | null, token: string | undefined) {
  const order = await selectOrder(ctx.db, orderId);
  if (!order) throw new AppError("order_not_found", { status: 404 });
  await loadCheckout(ctx, order.checkoutId, user, token).catch(() => {
    throw new AppError("order_not_found", { status: 404 });
  });
  return order;
}

/** A ticket of a purchase the user may read (customer or access token); courtesy tickets belong to no purchase. */
async function requireCustomerTicket(ctx: AppContext, id: string, user: SessionUser | null, token: string | undefined) {
  const [row] = await selectTickets(ctx.db, byId(id));
  if (!row?.checkoutId) throw new AppError("ticket_not_found", { status: 404 });
  await loadCheckout(ctx, row.checkoutId, user, token).catch(() => {
    throw new AppError("ticket_not_found", { status: 404 });
  });
  return row;
}

/** GET /orders/{id}/attendants: the order's tickets in the order they were issued, 10 per page. */
export async function listOrderTickets(
  ctx: AppContext,
  orderId: string,
  user: SessionUser | null,
  query: { token?: string; offset: number; limit: number },
) {
  await requireCustomerOrder(ctx, orderId, user, query.token);
  const [rows, total] = await Promise.all([selectTickets(ctx.db, byOrder(orderId), query), countTickets(ctx.db, byOrder(orderId))]);
  return { results: await views(rows), matches_estimated: total };
}

export async function getTicket(ctx: AppContext, id: string, user: SessionUser | null, token: string | undefined) {
  return ticketView(await requireCustomerTicket(ctx, id, user, token));
}

/** PUT /attendants/{id}: the customer names who will use the ticket, until it is used or cancelled. */
export async function renameTicket(ctx: AppContext, id: string, user: SessionUser | null, token: string | undefined, holderName: string) {
  const row = await requireCustomerTicket(ctx, id, user, token);
  const decision = decideCheckIn({ state: row.ticket.state as "valid", usedAt: row.ticket.usedAt });
  if (!decision.ok) throw new AppError(decision.code, { status: 409, details: usedDetails(decision) });
  const [updated] = await ctx.db
    .update(tickets)
    .set({ holderName })
    .where(and(eq(tickets.id, id), eq(tickets.state, "valid")))
    .returning({ id: tickets.id });
  if (!updated) throw new AppError("ticket_already_used", { status: 409 });
  return getTicket(ctx, id, user, token);
}

async function pdfOf(ctx: AppContext, list: TicketView[], locale: Locale): Promise<Buffer> {
  try {
    return await renderTicketsPdf(list, locale);
  } catch (error) {
    ctx.log.error({ err: error }, "tickets PDF failed");
    throw new AppError("unknown", { status: 500 });
  }
}

/** GET /attendants/{id}.pdf */
export async function ticketPdf(ctx: AppContext, id: string, user: SessionUser | null, token: string | undefined, locale: Locale) {
  const view = await getTicket(ctx, id, user, token);
  return pdfOf(ctx, [view], locale);
}

async function allOrderTickets(ctx: AppContext, orderId: string, user: SessionUser | null, token: string | undefined) {
  const order = await requireCustomerOrder(ctx, orderId, user, token);
  const list = await views(await selectTickets(ctx.db, byOrder(orderId)));
  if (list.length === 0) throw new AppError("ticket_not_found", { status: 404 });
  return { order, list };
}

/** GET /orders/{id}/attendants/pdf: every ticket of the order, one page each. */
export async function orderTicketsPdf(
  ctx: AppContext,
  orderId: string,
  user: SessionUser | null,
  token: string | undefined,
  locale: Locale,
) {
  const { order, list } = await allOrderTickets(ctx, orderId, user, token);
  return { number: order.number, pdf: await pdfOf(ctx, list, locale) };
}

/** GET /orders/{id}/attendants/zip: one PDF per ticket, named by order number, unit and code. */
export async function orderTicketsZip(
  ctx: AppContext,
  orderId: string,
  user: SessionUser | null,
  token: string | undefined,
  locale: Locale,
) {
  const { order, list } = await allOrderTickets(ctx, orderId, user, token);
  const zip = new JSZip();
  for (const [index, ticket] of list.entries()) {
    zip.file(`boleto-${order.number}-${index + 1}-${ticket.code}.pdf`, await pdfOf(ctx, [ticket], locale));
  }
  return { number: order.number, zip: await zip.generateAsync({ type: "nodebuffer", compression: "STORE" }) };
}

/** The paid e-mail's attachments: every ticket of the purchase in one PDF, or nothing when it bought no experience. */
export async function purchaseTicketsAttachment(db: DbOrTx, checkoutId: string, locale: Locale) {
  const rows = await selectTickets(db, ofCheckout(checkoutId));
  if (rows.length === 0) return null;
  return { filename: "boletos.pdf", contentType: "application/pdf", content: await renderTicketsPdf(await views(rows), locale) };
}

/** The shop and whether the user runs its door: owner, admins and qrreaders; 401 for visitors, 403 for the rest. */
async function requireDoor(ctx: AppContext, slug: string, user: SessionUser | null) {
  if (!user) throw new AppError("unauthorized");
  const { shop, access } = await findShopWithAccess(ctx, { slug }, user);
  if (!access.isAdmin && !access.roles.includes("qrreader")) throw new AppError("ticket_checkin_forbidden", { status: 403 });
  return { shop, user };
}

/** The shop's owner or an admin: they issue tickets. */
async function requireAdmin(ctx: AppContext, slug: string, user: SessionUser | null) {
  if (!user) throw new AppError("unauthorized");
  const { shop, access } = await findShopWithAccess(ctx, { slug }, user);
  if (!access.isAdmin) throw new AppError("forbidden");
  return { shop, user };
}

/** GET /shops/{slug}/tickets: newest first, optionally of one experience. */
export async function listShopTickets(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  query: { offset: number; limit: number; product_id?: string },
) {
  const { shop } = await requireDoor(ctx, slug, user);
  const where = ofShop(shop.id, query.product_id);
  const [rows, total] = await Promise.all([selectNewestTickets(ctx.db, where, query), countTickets(ctx.db, where)]);
  return { results: await views(rows), matches_estimated: total };
}

/** GET /shops/{slug}/tickets/{id}/pdf */
export async function shopTicketPdf(ctx: AppContext, slug: string, user: SessionUser | null, id: string, locale: Locale) {
  const { shop } = await requireDoor(ctx, slug, user);
  const [row] = await selectTickets(ctx.db, and(byId(id), eq(tickets.supplierId, shop.id)));
  if (!row) throw new AppError("ticket_not_found", { status: 404 });
  return pdfOf(ctx, [await ticketView(row)], locale);
}

/** POST /shops/{slug}/experiences/{productId}/tickets: courtesy tickets or door sales, while the experience has not ended. */
export async function issueTickets(ctx: AppContext, slug: string, user: SessionUser | null, productId: string, input: IssueTicketsBody) {
  const { shop } = await requireAdmin(ctx, slug, user);
  const body = issueTicketsBody.parse(input);
  const experience = await selectExperience(ctx.db, productId);
  if (!experience || experience.shopId !== shop.id) throw new AppError("not_found", { status: 404 });
  if (experience.type !== "experience") throw new AppError("ticket_not_an_experience");
  const now = ctx.clock.now();
  if (!canIssueTickets(experience, now)) throw new AppError("ticket_experience_ended");
  const created = await ctx.db
    .insert(tickets)
    .values(
      Array.from({ length: body.quantity }, () => ({
        code: newTicketCode(),
        type: body.type,
        productId,
        supplierId: shop.id,
        holderName: body.holder_name,
        amount: body.type === "courtesy" ? 0 : body.amount,
        currency: experience.currency,
        issuedBy: user?.id ?? null,
        createdAt: now,
      })),
    )
    .returning({ id: tickets.id });
  const rows = await selectTickets(
    ctx.db,
    inArray(
      tickets.id,
      created.map((row) => row.id),
    ),
  );
  return { results: await views(rows) };
}

function usedDetails(decision: { code: string; usedAt?: Date }) {
  return decision.usedAt ? { used_at: decision.usedAt.toISOString() } : undefined;
}

/**
 * POST /shops/{slug}/tickets/check-in: the door lets the ticket in once. The update is conditional on the ticket still
 * being valid; when two scans race, the one that loses reads the ticket again and is refused with when it was used.
 */
export async function checkIn(ctx: AppContext, slug: string, user: SessionUser | null, input: string): Promise<CheckInView> {
  const { shop } = await requireDoor(ctx, slug, user);
  const code = normalizeTicketCode(input);
  if (!code) throw new AppError("ticket_code_invalid", { status: 400 });
  const where = and(byCode(code), eq(tickets.supplierId, shop.id));
  const now = ctx.clock.now();
  const [let_in] = await transactionWithEvents(ctx, async (tx) => {
    const used = await tx
      .update(tickets)
      .set({ state: "used", usedAt: now, usedBy: user?.id ?? null })
      .where(and(where, eq(tickets.state, "valid")))
      .returning({ id: tickets.id });
    for (const ticket of used)
      await recordEvent(tx, { type: "ticket.checked_in", payload: { ticket_id: ticket.id, shop_id: shop.id } }, now);
    return used;
  });
  const [row] = await selectTickets(ctx.db, where);
  if (!row) throw new AppError("ticket_not_found", { status: 404 });
  if (let_in) return { ticket: await ticketView(row), checked_in_at: now.toISOString() };
  const decision = decideCheckIn({ state: row.ticket.state as "used", usedAt: row.ticket.usedAt });
  if (decision.ok) throw new AppError("conflict");
  throw new AppError(decision.code, { status: 409, details: usedDetails(decision) });
}
