import { subscriber } from "../../events/bus";
import { recordContactMessage, recordPurchase, recordReferredSignup } from "./record";

/** Contacts come to be from what happens elsewhere: a contact-form message, a paid purchase, a referral sign-up. */
export const contactsSubscribers = [
  subscriber("contact.message_received", "contacts.message", async (tx, message, _ctx, meta) => {
    await recordContactMessage(tx, message, meta.occurredAt);
  }),
  subscriber("purchase.paid", "contacts.buyer", async (tx, purchase, _ctx, meta) => {
    await recordPurchase(tx, purchase, meta.occurredAt);
  }),
  subscriber("referral.user_referred", "contacts.referred", async (tx, referred, _ctx, meta) => {
    await recordReferredSignup(tx, referred, meta.occurredAt);
  }),
];
