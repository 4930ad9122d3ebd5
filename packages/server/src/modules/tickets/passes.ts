import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import { decideCheckIn, formatTicketCode } from "@tianguis/domain/rules/ticket";
import type { WalletLinksView } from "@tianguis/domain/schemas/ticket";
import { and } from "drizzle-orm";
import type { AppContext } from "../../context";
import { applePass } from "../../adapters/wallet-passes/apple";
import { googleSaveUrl } from "../../adapters/wallet-passes/google";
import { walletKeys } from "../../adapters/wallet-passes/keys";
import type { TicketPass } from "../../adapters/wallet-passes/ticket-pass";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { byId, ofCustomer, selectTickets, type TicketRow } from "./queries";

/**
 * Tickets in the phone's wallet (commerce-and-accounts §7 GET customers/{id}/add_to_wallet/{x}): an Apple Wallet pass
 * and a Google Wallet save link of one ticket, signed with the settings' keys (the sandbox's outside production). Only
 * the signed-in customer who bought it gets them: a pass is a copy of the ticket that cannot be taken back, so a
 * purchase's access token (a link in e-mails) is not enough, and a used or cancelled ticket gets none.
 */

/** The user's own valid ticket: 401 for visitors; 404 when the path's customer is not them or the ticket not theirs. */
async function requireOwnTicket(ctx: AppContext, customerId: string, ticketId: string, user: SessionUser | null) {
  if (!user) throw new AppError("unauthorized");
  if (customerId !== user.id) throw new AppError("ticket_not_found", { status: 404 });
  const [row] = await selectTickets(ctx.db, and(byId(ticketId), ofCustomer(user.id)));
  if (!row) throw new AppError("ticket_not_found", { status: 404 });
  const decision = decideCheckIn({ state: row.ticket.state as "valid", usedAt: row.ticket.usedAt });
  if (!decision.ok) throw new AppError(decision.code, { status: 409 });
  return row;
}

function passOf(row: TicketRow, locale: Locale): TicketPass {
  const { ticket } = row;
  return {
    ticketId: ticket.id,
    eventId: ticket.productId,
    code: ticket.code,
    printedCode: formatTicketCode(ticket.code),
    eventName: row.productName,
    shopName: row.shopName,
    eventDate: row.experienceDate,
    holderName: ticket.holderName,
    orderNumber: row.orderNumber ?? null,
    labels: {
      event: translate(locale, "wallet_pass_event"),
      date: translate(locale, "wallet_pass_date"),
      holder: translate(locale, "ticket_holder"),
      code: translate(locale, "ticket_code"),
      order: translate(locale, "wallet_pass_order"),
      description: translate(locale, "wallet_pass_description", { event: row.productName }),
    },
  };
}

/** GET /customers/{id}/add_to_wallet/{ticketId}.pkpass */
export async function ticketApplePass(ctx: AppContext, customerId: string, ticketId: string, user: SessionUser | null, locale: Locale) {
  const row = await requireOwnTicket(ctx, customerId, ticketId, user);
  const keys = walletKeys(ctx.config).apple;
  if (!keys) throw new AppError("wallet_not_configured");
  return applePass(keys, passOf(row, locale));
}

/** Where the pass downloads (ticketsApi.applePass; its `:ticketId.pkpass` segment is not a typed path parameter). */
function applePassPath(customerId: string, ticketId: string): string {
  return `/api/v1/customers/${encodeURIComponent(customerId)}/add_to_wallet/${encodeURIComponent(ticketId)}.pkpass`;
}

/**
 * GET /customers/{id}/add_to_wallet/{ticketId}: the pass's address here and the signed link to Google's save page; null
 * for a wallet without keys, refused when neither has them.
 */
export async function ticketWalletLinks(
  ctx: AppContext,
  customerId: string,
  ticketId: string,
  user: SessionUser | null,
  locale: Locale,
): Promise<WalletLinksView> {
  const row = await requireOwnTicket(ctx, customerId, ticketId, user);
  const keys = walletKeys(ctx.config);
  if (!keys.apple && !keys.google) throw new AppError("wallet_not_configured");
  return {
    apple_pass_url: keys.apple ? applePassPath(customerId, ticketId) : null,
    google_save_url: keys.google ? await googleSaveUrl(keys.google, passOf(row, locale), ctx.config.publicUrl, ctx.clock.now()) : null,
  };
}
