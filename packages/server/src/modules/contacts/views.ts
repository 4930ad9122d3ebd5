import type { ContactMessageView, ContactView } from "@tianguis/domain/schemas/contact";
import type { ContactRow } from "./queries";

/** Row → API shape. */
export function contactView(contact: ContactRow, campaignName: string | null, tags: { id: string; tag: string }[]): ContactView {
  return {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    first_interaction_at: contact.firstInteractionAt.toISOString(),
    last_interaction_at: contact.lastInteractionAt.toISOString(),
    total_bought: contact.totalBought,
    currency: contact.currency,
    purchases: contact.purchases,
    messages: contact.messages,
    unread: contact.unread,
    campaign: contact.campaignId && campaignName ? { id: contact.campaignId, name: campaignName } : null,
    tags,
    customer_by_campaign: contact.customerByCampaign,
    registered_by_campaign: contact.registeredByCampaign,
    created_at: contact.createdAt.toISOString(),
  };
}

export function messageView(row: {
  message: { id: string; direction: string; body: string; sentVia: string | null; createdAt: Date };
  authorName: string | null;
}): ContactMessageView {
  return {
    id: row.message.id,
    direction: row.message.direction === "out" ? "out" : "in",
    body: row.message.body,
    author_name: row.authorName,
    sent_via: row.message.sentVia === "email" || row.message.sentVia === "sms" ? row.message.sentVia : null,
    created_at: row.message.createdAt.toISOString(),
  };
}
