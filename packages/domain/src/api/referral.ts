import { z } from "zod";
import { listOf } from "../schemas/common";
import { shortLinkInput, shortLinkView } from "../schemas/catalogue";
import {
  campaignInput,
  campaignListQuery,
  campaignPatch,
  campaignView,
  channelInput,
  channelPatch,
  channelView,
  followView,
  promotedPersonView,
  promotedQuery,
  referralMeView,
} from "../schemas/referral";
import { endpoint } from "./endpoint";

const tags = ["referral"] as const;
const idParams = z.object({ id: z.string().uuid() });

/** Referral area: the promoter's code, campaigns and channels (spec 'Marketing' calls), short links, promoted people. */
export const referralApi = {
  me: endpoint({
    method: "GET",
    path: "/me/referral",
    tags,
    summary: "My referral code (created on first need); 403 without the referral area",
    response: referralMeView,
  }),
  listCampaigns: endpoint({
    method: "GET",
    path: "/me/campaigns",
    tags,
    summary: "My campaigns with clicks and paid purchases",
    query: campaignListQuery,
    response: listOf(campaignView),
  }),
  createCampaign: endpoint({
    method: "POST",
    path: "/me/campaigns",
    tags,
    summary: "Create a campaign (name cut to 100, created active); answers encoded_mkt_url",
    body: campaignInput,
    response: campaignView,
    status: 201,
  }),
  updateCampaign: endpoint({
    method: "PATCH",
    path: "/me/campaigns/:id",
    tags,
    summary: "Rename, re-point, pause, resume or finish a campaign",
    params: idParams,
    body: campaignPatch,
    response: campaignView,
  }),
  deleteCampaign: endpoint({
    method: "DELETE",
    path: "/me/campaigns/:id",
    tags,
    summary: "Delete a campaign (its short link stops working)",
    params: idParams,
    response: z.object({ id: z.string() }),
  }),
  listChannels: endpoint({
    method: "GET",
    path: "/me/channels",
    tags,
    summary: "My marketing channels",
    query: z.object({
      offset: z.coerce.number().int().min(0).default(0),
      limit: z.coerce.number().int().min(1).max(100).default(10),
    }),
    response: listOf(channelView),
  }),
  createChannel: endpoint({
    method: "POST",
    path: "/me/channels",
    tags,
    summary: "Create a marketing channel (budget in minor units)",
    body: channelInput,
    response: channelView,
    status: 201,
  }),
  updateChannel: endpoint({
    method: "PATCH",
    path: "/me/channels/:id",
    tags,
    summary: "Update a marketing channel",
    params: idParams,
    body: channelPatch,
    response: channelView,
  }),
  deleteChannel: endpoint({
    method: "DELETE",
    path: "/me/channels/:id",
    tags,
    summary: "Delete a marketing channel",
    params: idParams,
    response: z.object({ id: z.string() }),
  }),
  createShortLink: endpoint({
    method: "POST",
    path: "/shops/:slug/short-links",
    tags,
    summary: "Short link for sharing a shop page (a campaign of the shop admin; name, url, state)",
    params: z.object({ slug: z.string() }),
    body: shortLinkInput,
    response: shortLinkView,
    status: 201,
  }),
  promoted: endpoint({
    method: "GET",
    path: "/shops/:slug/promoted",
    tags,
    summary: "People promoted by the shop's owner (PromotedList: a branch; OnlyChilds: direct ones only)",
    params: z.object({ slug: z.string() }),
    query: promotedQuery,
    response: listOf(promotedPersonView),
  }),
  follow: endpoint({
    method: "PUT",
    path: "/me/follows/:userId",
    tags,
    summary: "Follow a person",
    params: z.object({ userId: z.string().uuid() }),
    response: followView,
  }),
  unfollow: endpoint({
    method: "DELETE",
    path: "/me/follows/:userId",
    tags,
    summary: "Stop following a person",
    params: z.object({ userId: z.string().uuid() }),
    response: followView,
  }),
};

/** Following a short link answers a 302 redirect to the page, so it is declared apart from the JSON endpoints. */
export const followShortLink = {
  method: "GET",
  path: "/short-links/:code",
  tags,
  summary: "Follow a short link: counts a click on an active campaign and lands on its page with the tracking values",
  params: z.object({ code: z.string().max(64) }),
} as const;
