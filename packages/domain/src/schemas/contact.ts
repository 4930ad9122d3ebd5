import { z } from "zod";
import { contactReplyMax, contactTagMax, contactTagsMax } from "../rules/contacts";
import { pageQuery } from "./common";

/** Contacts and the referred list (issue 29 §3; storefront-and-admin §7 'Referred list', 'Tags'). */

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "invalid_date" });
const flag = z.enum(["true", "false"]);
/** Tag ids, comma-separated in the query string (`tags=id1,id2`): a contact with any of them matches. */
const tagIds = z
  .string()
  .max(400)
  .transform((value) => value.split(",").filter(Boolean))
  .pipe(z.array(z.string().uuid({ message: "invalid_value" })).max(contactTagsMax));

export const contactTagView = z.object({ id: z.string(), tag: z.string() });
export type ContactTagView = z.infer<typeof contactTagView>;

export const contactSources = ["message", "purchase", "referral"] as const;

export const contactView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_interaction_at: z.string(),
  last_interaction_at: z.string(),
  /** Minor units of `currency`; 0 with a null currency when the person never bought. */
  total_bought: z.number().int(),
  currency: z.string().nullable(),
  purchases: z.number().int(),
  messages: z.number().int(),
  /** Messages the person wrote since the owner last opened the contact; 0 once read. */
  unread: z.number().int(),
  campaign: z.object({ id: z.string(), name: z.string() }).nullable(),
  tags: z.array(contactTagView),
  customer_by_campaign: z.boolean(),
  registered_by_campaign: z.boolean(),
  created_at: z.string(),
});
export type ContactView = z.infer<typeof contactView>;

export const contactMessageView = z.object({
  id: z.string(),
  /** in: the person wrote (contact form); out: the shop's or promoter's answer, sent by e-mail (or SMS without one). */
  direction: z.enum(["in", "out"]),
  body: z.string(),
  author_name: z.string().nullable(),
  sent_via: z.enum(["email", "sms"]).nullable(),
  created_at: z.string(),
});
export type ContactMessageView = z.infer<typeof contactMessageView>;

export const contactDetailView = contactView.extend({
  /** The shop the contact belongs to (its slug and name), or null for a promoter's own contact. */
  shop: z.object({ slug: z.string(), name: z.string() }).nullable(),
  messages_list: z.array(contactMessageView),
});
export type ContactDetailView = z.infer<typeof contactDetailView>;

/** How many of the shop's contacts have messages its owner and admins have not opened yet (the admin bar's count). */
export const contactUnreadView = z.object({ count: z.number().int() });

export const contactListQuery = pageQuery.extend({
  text: z.string().trim().max(200).optional(),
  tags: tagIds.optional(),
  source: z.enum(contactSources).optional(),
  start_date: dateOnly.optional(),
  end_date: dateOnly.optional(),
  sort: z.enum(["-last_interaction_at", "-created_at", "-total_bought"]).default("-last_interaction_at"),
});
export type ContactListQuery = z.input<typeof contactListQuery>;

/** storefront-and-admin §7 'Referred list': the promoter's referred people, newest first. */
export const referredQuery = pageQuery.extend({
  campaign: z.string().uuid({ message: "invalid_value" }).optional(),
  tags: tagIds.optional(),
  text: z.string().trim().max(200).optional(),
  start_date: dateOnly.optional(),
  end_date: dateOnly.optional(),
  customer_by_campaign: flag.optional(),
  registered_by_campaign: flag.optional(),
  sort: z.enum(["-created_at"]).default("-created_at"),
});
export type ReferredQuery = z.input<typeof referredQuery>;

export const contactReplyBody = z.object({
  message: z.string().trim().min(1, { message: "required" }).max(contactReplyMax, { message: "contact_message_too_long" }),
});
export type ContactReplyBody = z.input<typeof contactReplyBody>;

export const contactTagsBody = z.object({
  tags: z
    .array(z.string().max(contactTagMax, { message: "contact_tag_too_long" }))
    .max(contactTagsMax, { message: "contact_tags_too_many" }),
});
export type ContactTagsBody = z.input<typeof contactTagsBody>;
