import { subscriber } from "../../events/bus";
import { recordContactMessage, recordPurchase, recordReferredSignup } from "./record";

/**
 * Contacts come to be from what happens elsewhere: a contact-form message, a paid purchase, a referral sign-up. Events
 * from before this module are delivered to these same subscribers by the backfill job (backfill.ts), quietly.
 */
export const contactsSubscribers = [
  subscriber("contact.message_received", "contacts.message", async (tx, message, _ctx, meta) => {
    await recordContactMessage(tx, message, meta.occurredAt, meta.backfill);
  }),
  subscriber("purchase.paid", "contacts.buyer", async (tx, purchase, _ctx, meta) => {
    await recordPurchase(tx, purchase, meta.occurredAt);
  }),
  subscriber("referral.user_referred", "contacts.referred", async (tx, referred, _ctx, meta) => {
    await recordReferredSignup(tx, referred, meta.occurredAt, meta.backfill);
  }),
];
