import {
  type ContactCard,
  type Interaction,
  applyInteraction,
  matchContact,
  messageAlertSubtype,
  normalizeEmail,
} from "@tianguis/domain/rules/contacts";
import type { EventPayload } from "@tianguis/domain/events";
import type { Tx } from "../../db/client";
import { personById } from "../accounts/service";
import { notifyAlert } from "../alerts/service";
import { purchaseFacts } from "../checkout/service";
import { shopAdminIds } from "../collaborators/service";
import { resolveCampaign, resolvePromoter } from "../referral/service";
import { shopCardsByIds } from "../shops/service";
import {
  type ContactOwnerKey,
  type ContactRow,
  addUnread,
  insertContact,
  insertContactMessage,
  selectCandidates,
  updateContact,
} from "./queries";

/**
 * How contacts come to be: the subscribers' use cases. Each takes the transaction its event is delivered in, so a
 * contact, its message and its alert commit with the delivery, once. A backfill (`quiet`: events recorded before the
 * contacts module, delivered by the job in backfill.ts) builds the same contacts but rings no bell and marks nothing
 * unread: it is old news.
 */

interface Person {
  name: string;
  email: string | null;
  phone: string | null;
  personId: string | null;
}

const cardOf = (row: ContactRow): ContactCard => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  personId: row.personId,
  firstInteractionAt: row.firstInteractionAt,
  lastInteractionAt: row.lastInteractionAt,
  totalBought: row.totalBought,
  currency: row.currency,
  purchases: row.purchases,
  messages: row.messages,
  campaignId: row.campaignId,
  customerByCampaign: row.customerByCampaign,
  registeredByCampaign: row.registeredByCampaign,
});

const searchTextOf = (card: ContactCard) => [card.name, card.email, card.phone].filter(Boolean).join(" ").toLowerCase();

/** The person's contact for this owner after the interaction: found (account, e-mail, phone) and updated, or made. */
async function recordInteraction(tx: Tx, owner: ContactOwnerKey, person: Person, interaction: Interaction) {
  const keys = { ...person, email: normalizeEmail(person.email) };
  const existing = matchContact(await selectCandidates(tx, owner, keys), keys);
  const card = applyInteraction(existing ? cardOf(existing) : null, keys, interaction);
  const row = { ...card, searchText: searchTextOf(card) };
  if (existing) {
    await updateContact(tx, existing.id, row);
    return { id: existing.id, created: false };
  }
  const inserted = await insertContact(tx, { ...row, ...owner, createdAt: interaction.at });
  return { id: inserted.id, created: true };
}

/**
 * contact.message_received: the message joins the person's conversation, counts as unread until the owner opens the
 * contact, and rings the shop's owner and admins.
 */
export async function recordContactMessage(tx: Tx, message: EventPayload<"contact.message_received">, at: Date, quiet = false) {
  const shop = (await shopCardsByIds(tx, [message.shop_id])).get(message.shop_id);
  if (!shop) return;
  const recipientIds = [...new Set([shop.ownerId, ...(await shopAdminIds(tx, shop.id))])];
  const person = { name: message.name, email: message.email, phone: message.phone, personId: message.user_id };
  const contact = await recordInteraction(tx, { shopId: message.shop_id }, person, { kind: "message", at });
  await insertContactMessage(tx, { contactId: contact.id, direction: "in", body: message.message, createdAt: at });
  if (quiet) return;
  await addUnread(tx, contact.id);
  const subtype = messageAlertSubtype(contact.created);
  await notifyAlert(
    tx,
    recipientIds.map((recipientId) => ({
      recipientId,
      originApp: "crm",
      params: { type: "contact", subtype, shop: shop.slug, contact_id: contact.id },
      message: {
        code: subtype === "new_contact" ? ("alert_contact_new" as const) : ("alert_contact_message" as const),
        vars: { name: message.name, email: message.email, shop: shop.name },
      },
    })),
    at,
  );
}

/**
 * purchase.paid: the buyer becomes (or stays) a contact of the store they bought at (the purchase's total) and of each
 * other supplier whose order it paid (that order's total); when they came by a promoter's link or campaign, of that
 * promoter too, as a customer by campaign. Buyers ring no CRM bell: the order's own alerts already do.
 */
export async function recordPurchase(tx: Tx, purchase: EventPayload<"purchase.paid">, at: Date) {
  const facts = await purchaseFacts(tx, purchase.checkout_id, purchase.order_ids);
  if (!facts) return;
  const customer = facts.customerId ? await personById(tx, facts.customerId) : null;
  const person: Person = {
    name: customer?.name || facts.guestName || "",
    email: customer?.email ?? facts.guestEmail,
    phone: customer?.phone ?? facts.guestPhone,
    personId: facts.customerId,
  };
  if (!person.email && !person.phone && !person.personId) return;
  const bought = (amount: number, currency: string, campaignId: string | null = null): Interaction & { kind: "purchase" } => ({
    kind: "purchase",
    at,
    amount,
    currency,
    byCampaign: campaignId !== null,
    campaignId,
  });
  await recordInteraction(tx, { shopId: facts.storeId }, person, bought(facts.total, facts.currency));
  const suppliers = new Map<string, { total: number; currency: string }>();
  for (const order of facts.orders) {
    if (order.supplierId === facts.storeId) continue;
    const sum = suppliers.get(order.supplierId);
    suppliers.set(order.supplierId, { total: (sum?.total ?? 0) + order.total, currency: order.currency });
  }
  for (const [supplierId, sold] of suppliers)
    await recordInteraction(tx, { shopId: supplierId }, person, bought(sold.total, sold.currency));

  const campaign = await resolveCampaign(tx, facts.campaign);
  const promoterId = (facts.referral ? (await resolvePromoter(tx, facts.referral))?.userId : undefined) ?? campaign?.ownerId;
  if (!promoterId || promoterId === facts.customerId) return;
  const campaignId = campaign && campaign.ownerId === promoterId ? campaign.id : null;
  const byCampaign: Interaction = { ...bought(facts.total, facts.currency, campaignId), byCampaign: true };
  await recordInteraction(tx, { ownerId: promoterId }, person, byCampaign);
}

/** referral.user_referred: the new user is the promoter's contact, registered by campaign; the promoter's bell rings. */
export async function recordReferredSignup(tx: Tx, referred: EventPayload<"referral.user_referred">, at: Date, quiet = false) {
  const user = await personById(tx, referred.user_id);
  if (!user) return;
  const person = { name: user.name, email: user.email, phone: user.phone, personId: referred.user_id };
  const contact = await recordInteraction(tx, { ownerId: referred.promoter_id }, person, {
    kind: "signup",
    at,
    campaignId: referred.campaign_id,
  });
  if (!contact.created || quiet) return;
  await notifyAlert(
    tx,
    {
      recipientId: referred.promoter_id,
      originApp: "crm",
      params: { type: "referral", subtype: "new_contact", contact_id: contact.id },
      message: { code: "alert_referred_new", vars: { name: user.name || user.email || user.phone || "—" } },
    },
    at,
  );
}
