import { normalizePhone } from "@tianguis/domain/rules/contacts";
import { type SQL, and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { contactMessages, contactTagLinks, contactTags, contacts } from "../../db/schema/contacts";

export type ContactRow = typeof contacts.$inferSelect;
export type ContactInsert = typeof contacts.$inferInsert;

/** Whose contacts: a shop's, or a promoter's own. */
export type ContactOwnerKey = { shopId: string } | { ownerId: string };

function ownedBy(owner: ContactOwnerKey): SQL {
  return "shopId" in owner ? eq(contacts.shopId, owner.shopId) : eq(contacts.ownerId, owner.ownerId);
}
function tagsOwnedBy(owner: ContactOwnerKey): SQL {
  return "shopId" in owner ? eq(contactTags.shopId, owner.shopId) : eq(contactTags.ownerId, owner.ownerId);
}

/** The owner's contacts that could be this person (same account, e-mail or phone digits); the rule picks one. */
export async function selectCandidates(
  db: DbOrTx,
  owner: ContactOwnerKey,
  person: { personId: string | null; email: string | null; phone: string | null },
): Promise<ContactRow[]> {
  const phone = normalizePhone(person.phone);
  const same = [
    person.personId ? eq(contacts.personId, person.personId) : undefined,
    person.email ? eq(contacts.email, person.email) : undefined,
    phone ? sql`regexp_replace(coalesce(${contacts.phone}, ''), '\\D', '', 'g') = ${phone}` : undefined,
  ].filter((one): one is SQL => one !== undefined);
  if (same.length === 0) return [];
  return db
    .select()
    .from(contacts)
    .where(and(ownedBy(owner), or(...same)))
    .for("update");
}

export async function insertContact(db: DbOrTx, row: ContactInsert): Promise<ContactRow> {
  const [saved] = await db.insert(contacts).values(row).returning();
  return saved;
}

export async function updateContact(db: DbOrTx, id: string, row: Partial<ContactInsert>): Promise<void> {
  await db.update(contacts).set(row).where(eq(contacts.id, id));
}

/** A message the owner has not opened yet; `unread` goes up in the same statement, so two at once count two. */
export async function addUnread(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(contacts)
    .set({ unread: sql`${contacts.unread} + 1` })
    .where(eq(contacts.id, id));
}

export async function clearUnread(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(contacts)
    .set({ unread: 0 })
    .where(and(eq(contacts.id, id), gt(contacts.unread, 0)));
}

/** How many of the owner's contacts have unread messages (the partial unread indexes). */
export async function countUnread(db: DbOrTx, owner: ContactOwnerKey): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contacts)
    .where(and("shopId" in owner ? eq(contacts.shopId, owner.shopId) : eq(contacts.ownerId, owner.ownerId), gt(contacts.unread, 0)));
  return Number(row.total);
}

export async function insertContactMessage(db: DbOrTx, row: typeof contactMessages.$inferInsert) {
  await db.insert(contactMessages).values(row);
}

export interface ContactFilters {
  text?: string;
  tags?: string[];
  source?: "message" | "purchase" | "referral";
  /** Inclusive day range on `dateColumn`. */
  from?: Date;
  until?: Date;
  dateColumn: "created_at" | "last_interaction_at";
  campaign?: string;
  customerByCampaign?: boolean;
  registeredByCampaign?: boolean;
  sort: "-last_interaction_at" | "-created_at" | "-total_bought";
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function filtersOf(owner: ContactOwnerKey, filters: ContactFilters): SQL | undefined {
  const column = filters.dateColumn === "created_at" ? contacts.createdAt : contacts.lastInteractionAt;
  const conditions: (SQL | undefined)[] = [
    ownedBy(owner),
    filters.text ? ilike(contacts.searchText, `%${escapeLike(filters.text.toLowerCase())}%`) : undefined,
    filters.tags?.length
      ? sql`exists (select 1 from ${contactTagLinks} where ${contactTagLinks.contactId} = ${contacts.id} and ${inArray(contactTagLinks.tagId, filters.tags)})`
      : undefined,
    filters.source === "message" ? sql`${contacts.messages} > 0` : undefined,
    filters.source === "purchase" ? sql`${contacts.purchases} > 0` : undefined,
    filters.source === "referral" ? or(eq(contacts.customerByCampaign, true), eq(contacts.registeredByCampaign, true)) : undefined,
    filters.from ? gte(column, filters.from) : undefined,
    filters.until ? lt(column, filters.until) : undefined,
    filters.campaign ? eq(contacts.campaignId, filters.campaign) : undefined,
    filters.customerByCampaign === undefined ? undefined : eq(contacts.customerByCampaign, filters.customerByCampaign),
    filters.registeredByCampaign === undefined ? undefined : eq(contacts.registeredByCampaign, filters.registeredByCampaign),
  ];
  return and(...conditions);
}

const sortOf = {
  "-last_interaction_at": [desc(contacts.lastInteractionAt), desc(contacts.id)],
  "-created_at": [desc(contacts.createdAt), desc(contacts.id)],
  "-total_bought": [desc(contacts.totalBought), desc(contacts.lastInteractionAt)],
} as const;

/** One page of an owner's contacts, and how many match. */
export async function selectContactPage(
  db: DbOrTx,
  owner: ContactOwnerKey,
  filters: ContactFilters,
  page: { offset: number; limit: number },
) {
  const where = filtersOf(owner, filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(...sortOf[filters.sort])
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(contacts).where(where),
  ]);
  return { rows, total };
}

/** The tags of these contacts, by contact id. */
export async function selectTagsOf(db: DbOrTx, contactIds: string[]): Promise<Map<string, { id: string; tag: string }[]>> {
  const byContact = new Map<string, { id: string; tag: string }[]>();
  if (contactIds.length === 0) return byContact;
  const rows = await db
    .select({ contactId: contactTagLinks.contactId, id: contactTags.id, tag: contactTags.tag })
    .from(contactTagLinks)
    .innerJoin(contactTags, eq(contactTags.id, contactTagLinks.tagId))
    .where(inArray(contactTagLinks.contactId, contactIds))
    .orderBy(asc(contactTags.tag));
  for (const row of rows) byContact.set(row.contactId, [...(byContact.get(row.contactId) ?? []), { id: row.id, tag: row.tag }]);
  return byContact;
}

/** The owner's tags that some contact carries, alphabetically. */
export async function selectOwnerTags(db: DbOrTx, owner: ContactOwnerKey) {
  return db
    .selectDistinct({ id: contactTags.id, tag: contactTags.tag })
    .from(contactTags)
    .innerJoin(contactTagLinks, eq(contactTagLinks.tagId, contactTags.id))
    .where(tagsOwnedBy(owner))
    .orderBy(asc(contactTags.tag));
}

export async function selectContact(db: DbOrTx, id: string): Promise<ContactRow | null> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row ?? null;
}

/** The conversation, oldest first. */
export async function selectConversation(db: DbOrTx, contactId: string) {
  return db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.contactId, contactId))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
}

/** The owner's tags with these names (any case), created when missing; concurrent saves agree on one row per name. */
export async function ensureTags(db: DbOrTx, owner: ContactOwnerKey, names: string[]) {
  if (names.length === 0) return [];
  const values = names.map((tag) => ("shopId" in owner ? { shopId: owner.shopId, tag } : { ownerId: owner.ownerId, tag }));
  await db.insert(contactTags).values(values).onConflictDoNothing();
  const lower = names.map((name) => name.toLowerCase());
  return db
    .select({ id: contactTags.id, tag: contactTags.tag })
    .from(contactTags)
    .where(and(tagsOwnedBy(owner), inArray(sql`lower(${contactTags.tag})`, lower)));
}

export async function replaceTagLinks(db: DbOrTx, contactId: string, tagIds: string[]) {
  await db.delete(contactTagLinks).where(eq(contactTagLinks.contactId, contactId));
  if (tagIds.length > 0) await db.insert(contactTagLinks).values(tagIds.map((tagId) => ({ contactId, tagId })));
}
