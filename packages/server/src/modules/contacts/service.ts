import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import { mayOpenContact, normalizeTags } from "@tianguis/domain/rules/contacts";
import type {
  ContactDetailView,
  ContactTagView,
  ContactView,
  contactListQuery,
  contactReplyBody,
  contactTagsBody,
  referredQuery,
} from "@tianguis/domain/schemas/contact";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { peopleByIds } from "../accounts/service";
import { campaignNames } from "../referral/service";
import { getShopAccess, requireShopAdmin, shopCardsByIds } from "../shops/service";
import {
  type ContactFilters,
  type ContactOwnerKey,
  clearUnread,
  countUnread,
  ensureTags,
  insertContactMessage,
  replaceTagLinks,
  selectContact,
  selectContactPage,
  selectConversation,
  selectOwnerTags,
  selectTagsOf,
} from "./queries";
import { contactView, messageView } from "./views";

/**
 * Contacts (issue 29 §3): a shop's contacts for its owner and admins (`{base}/admin/contactos`), a promoter's referred
 * people (storefront-and-admin §7 'Referred list', 'Tags'), one contact's card and conversation
 * (`/apps/me/crm/clients/detail/{id}`), answers by e-mail and tags. The one owner of the contacts tables; the rows
 * themselves come from events (record.ts, subscribers.ts).
 */

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);
const flag = (value: "true" | "false" | undefined) => (value === undefined ? undefined : value === "true");

async function pageOf(ctx: AppContext, owner: ContactOwnerKey, filters: ContactFilters, page: { offset: number; limit: number }) {
  const { rows, total } = await selectContactPage(ctx.db, owner, filters, page);
  const [tags, campaigns] = await Promise.all([
    selectTagsOf(
      ctx.db,
      rows.map((row) => row.id),
    ),
    campaignNames(
      ctx.db,
      rows.map((row) => row.campaignId),
    ),
  ]);
  return {
    results: rows.map((row): ContactView =>
      contactView(row, row.campaignId ? (campaigns.get(row.campaignId) ?? null) : null, tags.get(row.id) ?? []),
    ),
    matches_estimated: total,
  };
}

/** GET /shops/{slug}/contacts: the shop's contacts, for its owner and admins. */
export async function listShopContacts(ctx: AppContext, slug: string, user: SessionUser | null, query: z.output<typeof contactListQuery>) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  return pageOf(
    ctx,
    { shopId: shop.id },
    {
      text: query.text,
      tags: query.tags,
      source: query.source,
      from: query.start_date ? dayStart(query.start_date) : undefined,
      until: query.end_date ? nextDay(query.end_date) : undefined,
      dateColumn: "last_interaction_at",
      sort: query.sort,
    },
    query,
  );
}

/** GET /me/referred: the signed-in promoter's referred people, newest first (storefront-and-admin §7). */
export async function listReferred(ctx: AppContext, user: SessionUser | null, query: z.output<typeof referredQuery>) {
  if (!user) throw new AppError("unauthorized");
  return pageOf(
    ctx,
    { ownerId: user.id },
    {
      text: query.text,
      tags: query.tags,
      campaign: query.campaign,
      from: query.start_date ? dayStart(query.start_date) : undefined,
      until: query.end_date ? nextDay(query.end_date) : undefined,
      dateColumn: "created_at",
      customerByCampaign: flag(query.customer_by_campaign),
      registeredByCampaign: flag(query.registered_by_campaign),
      sort: query.sort,
    },
    query,
  );
}

export async function listShopTags(ctx: AppContext, slug: string, user: SessionUser | null): Promise<{ results: ContactTagView[] }> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  return { results: await selectOwnerTags(ctx.db, { shopId: shop.id }) };
}

export async function listMyTags(ctx: AppContext, user: SessionUser | null): Promise<{ results: ContactTagView[] }> {
  if (!user) throw new AppError("unauthorized");
  return { results: await selectOwnerTags(ctx.db, { ownerId: user.id }) };
}

/** The contact, if the user may open it: 401 anonymous, 404 unknown, 403 someone else's. */
async function requireContact(ctx: AppContext, id: string, user: SessionUser | null) {
  if (!user) throw new AppError("unauthorized");
  const contact = await selectContact(ctx.db, id);
  if (!contact) throw new AppError("contact_not_found", { status: 404 });
  const [shops, campaigns] = await Promise.all([shopCardsByIds(ctx.db, [contact.shopId]), campaignNames(ctx.db, [contact.campaignId])]);
  const row = {
    contact,
    shop: contact.shopId ? (shops.get(contact.shopId) ?? null) : null,
    campaignName: contact.campaignId ? (campaigns.get(contact.campaignId) ?? null) : null,
  };
  const owner = row.shop
    ? { kind: "shop" as const, viewerIsShopAdmin: (await getShopAccess(ctx, row.shop, user)).isAdmin }
    : { kind: "user" as const, ownerId: row.contact.ownerId ?? "" };
  if (!mayOpenContact(owner, user.id)) throw new AppError("forbidden");
  const key: ContactOwnerKey = row.shop ? { shopId: row.shop.id } : { ownerId: row.contact.ownerId ?? "" };
  return { ...row, key };
}

async function detailOf(ctx: AppContext, row: Awaited<ReturnType<typeof requireContact>>): Promise<ContactDetailView> {
  const [tags, conversation] = await Promise.all([selectTagsOf(ctx.db, [row.contact.id]), selectConversation(ctx.db, row.contact.id)]);
  const authors = await peopleByIds(
    ctx.db,
    conversation.map((message) => message.authorId),
  );
  return {
    ...contactView(row.contact, row.campaignName, tags.get(row.contact.id) ?? []),
    shop: row.shop ? { slug: row.shop.slug, name: row.shop.name } : null,
    messages_list: conversation.map((message) =>
      messageView({ message, authorName: message.authorId ? (authors.get(message.authorId)?.name ?? null) : null }),
    ),
  };
}

/** GET /contacts/{id}. */
export async function getContact(ctx: AppContext, id: string, user: SessionUser | null): Promise<ContactDetailView> {
  return detailOf(ctx, await requireContact(ctx, id, user));
}

/**
 * POST /contacts/{id}/replies: the answer goes to the person's e-mail (or, without one, as an SMS to their phone)
 * through the notify adapter, then joins the conversation. Sent first, so the conversation never shows an answer that
 * was not sent; a failed send answers an error and keeps nothing.
 */
export async function replyToContact(
  ctx: AppContext,
  id: string,
  user: SessionUser | null,
  body: z.output<typeof contactReplyBody>,
  locale: Locale,
): Promise<ContactDetailView> {
  const row = await requireContact(ctx, id, user);
  const from = row.shop?.name ?? user?.fullName ?? "";
  const vars = { name: row.contact.name || "", shop: from, message: body.message };
  const text = translate(locale, "contact_reply_body", vars);
  let sentVia: "email" | "sms";
  if (row.contact.email) {
    await ctx.notifier.send({
      channel: "email",
      to: row.contact.email,
      subject: translate(locale, "contact_reply_subject", vars),
      body: text,
    });
    sentVia = "email";
  } else if (row.contact.phone) {
    await ctx.notifier.send({ channel: "sms", to: row.contact.phone, body: text.slice(0, 600) });
    sentVia = "sms";
  } else throw new AppError("contact_unreachable", { status: 422 });
  await insertContactMessage(ctx.db, {
    contactId: row.contact.id,
    direction: "out",
    body: body.message,
    authorId: user?.id ?? null,
    sentVia,
    createdAt: ctx.clock.now(),
  });
  return detailOf(ctx, row);
}

/** GET /shops/{slug}/contacts/unread: the admin bar's count of contacts with messages not opened yet. */
export async function countShopUnread(ctx: AppContext, slug: string, user: SessionUser | null): Promise<{ count: number }> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  return { count: await countUnread(ctx.db, { shopId: shop.id }) };
}

/** POST /contacts/{id}/read: whoever may open the contact has read its messages. */
export async function markContactRead(ctx: AppContext, id: string, user: SessionUser | null): Promise<ContactDetailView> {
  const row = await requireContact(ctx, id, user);
  await clearUnread(ctx.db, row.contact.id);
  return detailOf(ctx, { ...row, contact: { ...row.contact, unread: 0 } });
}

/** PUT /contacts/{id}/tags: the contact's tags become these (the owner's tags with these names, made when new). */
export async function setContactTags(
  ctx: AppContext,
  id: string,
  user: SessionUser | null,
  body: z.output<typeof contactTagsBody>,
): Promise<ContactDetailView> {
  const row = await requireContact(ctx, id, user);
  await ctx.db.transaction(async (tx) => {
    const tags = await ensureTags(tx, row.key, normalizeTags(body.tags));
    await replaceTagLinks(
      tx,
      row.contact.id,
      tags.map((tag) => tag.id),
    );
  });
  return detailOf(ctx, row);
}
