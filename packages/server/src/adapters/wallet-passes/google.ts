import { SignJWT, importPKCS8 } from "jose";
import type { GoogleWalletKeys } from "./keys";
import type { TicketPass } from "./ticket-pass";

/**
 * A Google Wallet 'save to wallet' link: a JWT signed (RS256) by the issuer's service account, audience "google", type
 * "savetowallet", carrying the event's class and the ticket's object, appended to Google's save address. Google creates
 * both when the customer saves it; `origins` names the site the link may be opened from.
 */
export const GOOGLE_SAVE_URL = "https://pay.google.com/gp/v/save/";

/** Google's identifiers: "{issuer id}.{identifier}", the identifier of letters, digits, '.', '_' and '-'. */
const idOf = (keys: GoogleWalletKeys, kind: string, id: string) => `${keys.issuerId}.tianguis-${kind}-${id}`;

export async function googleSaveUrl(keys: GoogleWalletKeys, pass: TicketPass, origin: string, now: Date): Promise<string> {
  const classId = idOf(keys, "event", pass.eventId);
  const text = (value: string) => ({ defaultValue: { language: "es-MX", value } });
  const eventTicketClass = {
    id: classId,
    issuerName: pass.shopName,
    reviewStatus: "UNDER_REVIEW",
    eventName: text(pass.eventName),
    ...(pass.eventDate ? { dateTime: { start: pass.eventDate.toISOString() } } : {}),
  };
  const eventTicketObject = {
    id: idOf(keys, "ticket", pass.ticketId),
    classId,
    state: "ACTIVE",
    ticketNumber: pass.printedCode,
    ...(pass.holderName ? { ticketHolderName: pass.holderName } : {}),
    barcode: { type: "QR_CODE", value: pass.code, alternateText: pass.printedCode },
  };
  const key = await importPKCS8(keys.privateKey, "RS256");
  const jwt = await new SignJWT({
    typ: "savetowallet",
    origins: [origin],
    payload: { eventTicketClasses: [eventTicketClass], eventTicketObjects: [eventTicketObject] },
  })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(keys.serviceAccountEmail)
    .setAudience("google")
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
