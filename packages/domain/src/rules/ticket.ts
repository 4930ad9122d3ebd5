/**
 * Tickets of experiences (commerce-and-accounts §3 'Tickets/attendants', §7 attendants calls, §8 'cannot create
 * tickets after an experience has ended'). Pure decisions: what a ticket code looks like, who may be let in, and
 * when the supplier may still issue tickets.
 */

/** Crockford's base-32 letters: no I, L, O or U, so a code read aloud or typed from paper is not misread. */
export const TICKET_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const TICKET_CODE_LENGTH = 16;

/** A code from 10 random bytes (80 bits): each 5 bits pick one letter of the alphabet. */
export function ticketCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length * 8 < TICKET_CODE_LENGTH * 5) throw new Error("ticket code needs 10 random bytes");
  let bits = 0;
  let value = 0;
  let code = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < TICKET_CODE_LENGTH) {
      code += TICKET_CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return code;
}

/** How a code is printed under the QR: four groups of four, "7K2M-9QXD-…". */
export function formatTicketCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/**
 * What the door typed or scanned, as a stored code, or null when it cannot be one: case, spaces and dashes are
 * ignored and the look-alike letters (O → 0, I/L → 1) read as Crockford says.
 */
export function normalizeTicketCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== TICKET_CODE_LENGTH) return null;
  for (const letter of code) if (!TICKET_CODE_ALPHABET.includes(letter)) return null;
  return code;
}

export type TicketState = "valid" | "used" | "cancelled";
export type TicketType = "purchase" | "courtesy" | "establishment_sale";

export type CheckInDecision =
  { ok: true } | { ok: false; code: "ticket_already_used"; usedAt: Date } | { ok: false; code: "ticket_cancelled" };

/** The door lets a valid ticket in once; a used one is refused with when it was used, a cancelled one as such. */
export function decideCheckIn(ticket: { state: TicketState; usedAt: Date | null }): CheckInDecision {
  if (ticket.state === "cancelled") return { ok: false, code: "ticket_cancelled" };
  if (ticket.state === "used") return { ok: false, code: "ticket_already_used", usedAt: ticket.usedAt ?? new Date(0) };
  return { ok: true };
}

/** The supplier may issue courtesy tickets and establishment sales until the experience's date has passed. */
export function canIssueTickets(experience: { type: string; experienceDate: Date | null }, now: Date): boolean {
  if (experience.type !== "experience") return false;
  return experience.experienceDate === null || experience.experienceDate >= now;
}

/** The paid units of a purchase that become tickets: one per unit of each experience line, numbered 1…quantity. */
export function ticketUnits<L extends { type: string; quantity: number }>(lines: L[]): { line: L; unit: number }[] {
  return lines
    .filter((line) => line.type === "experience")
    .flatMap((line) => Array.from({ length: line.quantity }, (_, index) => ({ line, unit: index + 1 })));
}
