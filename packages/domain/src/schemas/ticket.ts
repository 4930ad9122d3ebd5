import { z } from "zod";

/** A ticket (the spec's attendant) as its holder and the shop's door see it. */
export const ticketView = z.object({
  id: z.string().uuid(),
  /** The code as printed: four groups of four letters. */
  code: z.string(),
  type: z.enum(["purchase", "courtesy", "establishment_sale"]),
  state: z.enum(["valid", "used", "cancelled"]),
  holder_name: z.string(),
  product_id: z.string().uuid(),
  product_name: z.string(),
  experience_date: z.string().nullable(),
  shop_name: z.string(),
  order_id: z.string().uuid().nullable(),
  order_number: z.number().int().nullable(),
  /** Which unit of its order line: "2 of 3". */
  unit: z.number().int().nullable(),
  used_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  /** The QR of the code as a data: URL (SVG), so a page shows it without another request. */
  qr: z.string(),
});
export type TicketView = z.infer<typeof ticketView>;

export const holderNameBody = z.object({ holder_name: z.string().trim().min(1, "required").max(150, "too_long") });
export type HolderNameBody = z.infer<typeof holderNameBody>;

/** The supplier issues tickets nobody paid for online: courtesy tickets, or tickets sold at the door. */
export const issueTicketsBody = z.object({
  type: z.enum(["courtesy", "establishment_sale"]),
  holder_name: z.string().trim().max(150, "too_long").default(""),
  quantity: z.coerce.number().int().min(1).max(50),
  /** What each establishment-sale ticket was charged (minor units); ignored for courtesy tickets. */
  amount: z.coerce.number().int().min(0).max(100_000_000).default(0),
});
export type IssueTicketsBody = z.input<typeof issueTicketsBody>;

export const checkInBody = z.object({ code: z.string().trim().min(1, "required").max(200) });
export type CheckInBody = z.infer<typeof checkInBody>;

/** The door's answer for a ticket let in. Refusals are errors: ticket_already_used (with used_at) or ticket_cancelled. */
export const checkInView = z.object({ ticket: ticketView, checked_in_at: z.string() });
export type CheckInView = z.infer<typeof checkInView>;

export const shopTicketsQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  product_id: z.string().uuid().optional(),
});

/**
 * GET customers/{id}/add_to_wallet/{ticket} (commerce-and-accounts §7): where the ticket's owner takes it to the phone's
 * wallet: the Apple Wallet pass to download and Google Wallet's save link (a signed JWT); null where a wallet has no keys.
 */
export const walletLinksView = z.object({ apple_pass_url: z.string().nullable(), google_save_url: z.string().nullable() });
export type WalletLinksView = z.infer<typeof walletLinksView>;
