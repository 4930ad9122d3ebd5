/**
 * Contacts (issue 29 §3; storefront-and-admin §2 'Alert targets' CRM new_message / new_contact, §7 'Referred list' and
 * 'Tags'). A contact is one person as one owner sees them: a shop (who wrote through its contact form or bought from
 * it) or a promoter (who signed up or bought through their referral link or campaigns). These are the decisions about
 * who a person is, how an interaction changes their card and who may read it; the server stores, these decide.
 */

/** How a person is recognised again: their account, else their e-mail, else their phone. */
export interface PersonKeys {
  personId: string | null;
  email: string | null;
  phone: string | null;
}

/** E-mails compare without case or surrounding spaces; an empty one is none. */
export function normalizeEmail(email: string | null | undefined): string | null {
  const value = email?.trim().toLowerCase();
  return value ? value : null;
}

/** Phones compare by their digits; fewer than 7 digits is not a phone one can call back. */
export function normalizePhone(phone: string | null | undefined): string | null {
  const digits = phone?.replace(/\D/g, "") ?? "";
  return digits.length >= 7 ? digits : null;
}

/** Which of the owner's existing contacts is this person: the one with their account, else their e-mail, else their phone. */
export function matchContact<C extends PersonKeys>(candidates: C[], person: PersonKeys): C | null {
  const email = normalizeEmail(person.email);
  const phone = normalizePhone(person.phone);
  return (
    (person.personId ? candidates.find((one) => one.personId === person.personId) : undefined) ??
    (email ? candidates.find((one) => normalizeEmail(one.email) === email) : undefined) ??
    (phone ? candidates.find((one) => normalizePhone(one.phone) === phone) : undefined) ??
    null
  );
}

/** What happened with the person: a message, a paid purchase, or a sign-up through a referral link. */
export type Interaction =
  | { kind: "message"; at: Date }
  | { kind: "purchase"; at: Date; amount: number; currency: string; byCampaign: boolean; campaignId: string | null }
  | { kind: "signup"; at: Date; campaignId: string | null };

export interface ContactCard {
  name: string;
  email: string | null;
  phone: string | null;
  personId: string | null;
  firstInteractionAt: Date;
  lastInteractionAt: Date;
  /** In minor units of `currency`; purchases in another currency than the first one are counted apart (`purchases`) only. */
  totalBought: number;
  currency: string | null;
  purchases: number;
  messages: number;
  campaignId: string | null;
  customerByCampaign: boolean;
  registeredByCampaign: boolean;
}

/**
 * The card after an interaction: first and last interaction widen, a purchase adds to the total, the newest non-empty
 * name, e-mail and phone win (people correct their details), and the first campaign that brought the person stays.
 */
export function applyInteraction(
  card: ContactCard | null,
  person: { name: string; email: string | null; phone: string | null; personId: string | null },
  event: Interaction,
): ContactCard {
  const base: ContactCard = card ?? {
    name: "",
    email: null,
    phone: null,
    personId: null,
    firstInteractionAt: event.at,
    lastInteractionAt: event.at,
    totalBought: 0,
    currency: null,
    purchases: 0,
    messages: 0,
    campaignId: null,
    customerByCampaign: false,
    registeredByCampaign: false,
  };
  const next: ContactCard = {
    ...base,
    name: person.name.trim() || base.name,
    email: normalizeEmail(person.email) ?? base.email,
    phone: person.phone?.trim() || base.phone,
    personId: person.personId ?? base.personId,
    firstInteractionAt: event.at < base.firstInteractionAt ? event.at : base.firstInteractionAt,
    lastInteractionAt: event.at > base.lastInteractionAt ? event.at : base.lastInteractionAt,
  };
  if (event.kind === "message") next.messages += 1;
  if (event.kind === "purchase") {
    next.purchases += 1;
    if (next.currency === null || next.currency === event.currency) {
      next.currency = event.currency;
      next.totalBought += event.amount;
    }
    if (event.byCampaign) next.customerByCampaign = true;
    next.campaignId ??= event.campaignId;
  }
  if (event.kind === "signup") {
    next.registeredByCampaign = true;
    next.campaignId ??= event.campaignId;
  }
  return next;
}

/** The CRM alert a message raises: 'new_contact' when it made the contact, else 'new_message'. */
export function messageAlertSubtype(createdContact: boolean): "new_contact" | "new_message" {
  return createdContact ? "new_contact" : "new_message";
}

/** Who owns a contact, and whether a viewer may read and answer it: a shop's owner or admins, or the promoter. */
export type ContactOwner = { kind: "shop"; viewerIsShopAdmin: boolean } | { kind: "user"; ownerId: string };
export function mayOpenContact(owner: ContactOwner, viewerId: string | null): boolean {
  if (!viewerId) return false;
  return owner.kind === "shop" ? owner.viewerIsShopAdmin : owner.ownerId === viewerId;
}

export const contactTagMax = 40;
export const contactTagsMax = 10;
export const contactReplyMax = 2000;
export const contactsPageSize = 20;

/** Tags as the owner typed them: trimmed, inner spaces collapsed, case-insensitive duplicates and empties dropped. */
export function normalizeTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, " ");
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}
