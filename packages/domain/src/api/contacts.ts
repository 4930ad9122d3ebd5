import { z } from "zod";
import { listOf } from "../schemas/common";
import {
  contactDetailView,
  contactListQuery,
  contactReplyBody,
  contactTagView,
  contactTagsBody,
  contactUnreadView,
  contactView,
  referredQuery,
} from "../schemas/contact";
import { endpoint } from "./endpoint";

const tags = ["contacts"] as const;
const idParams = z.object({ id: z.string().uuid() });
const slugParams = z.object({ slug: z.string().min(1).max(200) });

/**
 * Contacts (issue 29 §3): a shop's contacts for its owner and admins, a promoter's referred people (storefront-and-admin
 * §7 'Referred list' and 'Tags'), and one contact's card and conversation for whoever may open it.
 */
export const contactsApi = {
  shopList: endpoint({
    method: "GET",
    path: "/shops/:slug/contacts",
    tags,
    summary: "The shop's contacts (wrote, bought or referred), last interaction first; owner and admins",
    params: slugParams,
    query: contactListQuery,
    response: listOf(contactView),
  }),
  shopTags: endpoint({
    method: "GET",
    path: "/shops/:slug/contacts/tags",
    tags,
    summary: "The tags of the shop's contacts: results with tag and id",
    params: slugParams,
    response: z.object({ results: z.array(contactTagView) }),
  }),
  shopUnread: endpoint({
    method: "GET",
    path: "/shops/:slug/contacts/unread",
    tags,
    summary: "How many of the shop's contacts wrote messages not opened yet (the admin bar's count); owner and admins",
    params: slugParams,
    response: contactUnreadView,
  }),
  referred: endpoint({
    method: "GET",
    path: "/me/referred",
    tags,
    summary: "Referred list: people who signed up or bought through my referral link and campaigns, newest first",
    query: referredQuery,
    response: listOf(contactView),
  }),
  myTags: endpoint({
    method: "GET",
    path: "/me/tags",
    tags,
    summary: "The tags of my referred people: results with tag and id",
    response: z.object({ results: z.array(contactTagView) }),
  }),
  detail: endpoint({
    method: "GET",
    path: "/contacts/:id",
    tags,
    summary: "One contact with its conversation; its shop's owner and admins, or the promoter it belongs to",
    params: idParams,
    response: contactDetailView,
  }),
  read: endpoint({
    method: "POST",
    path: "/contacts/:id/read",
    tags,
    summary: "Mark the contact's messages read (its page does when opened); answers the contact",
    params: idParams,
    response: contactDetailView,
  }),
  reply: endpoint({
    method: "POST",
    path: "/contacts/:id/replies",
    tags,
    summary: "Answer the contact: sent by e-mail (SMS when they left only a phone) and kept in the conversation",
    params: idParams,
    body: contactReplyBody,
    response: contactDetailView,
    status: 201,
  }),
  setTags: endpoint({
    method: "PUT",
    path: "/contacts/:id/tags",
    tags,
    summary: "Replace the contact's tags (new tags are created for its owner)",
    params: idParams,
    body: contactTagsBody,
    response: contactDetailView,
  }),
};
