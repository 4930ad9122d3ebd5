/** What a ticket's wallet pass shows (both wallets): the event, its date and place's shop, who holds it and its QR. */
export interface TicketPass {
  /** The ticket's id: the pass's serial number and the Google object's identifier. */
  ticketId: string;
  eventId: string;
  /** What the QR carries: the bare code, as on the PDF, so the door's scanner reads either. */
  code: string;
  /** The code as printed under the QR (groups of four). */
  printedCode: string;
  eventName: string;
  shopName: string;
  eventDate: Date | null;
  holderName: string;
  orderNumber: number | null;
  /** Texts in the customer's language. */
  labels: { event: string; date: string; holder: string; code: string; order: string; description: string };
}
