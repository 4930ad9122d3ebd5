import { z } from "zod";
import { campaignName, campaignStates } from "../rules/referral";
import { pageQuery } from "./common";

/** Campaign and Channel (commerce-and-accounts §3); campaign states active, paused, finished (storefront-and-admin §3). */
export const campaignState = z.enum(campaignStates);

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "invalid_date" });

export const campaignInput = z.object({
  /** Cut to 100 characters (§5), not refused. */
  name: z.string().trim().min(1).max(2000).transform(campaignName),
  /** A page of this site: a path, or an absolute URL on the platform's domain or a shop sub-domain. */
  url: z.string().trim().min(1).max(2000),
  /** Campaigns are created active (§4). */
  state: z.literal("active").default("active"),
});
export type CampaignInput = z.input<typeof campaignInput>;

export const campaignPatch = z
  .object({
    name: z.string().trim().min(1).max(2000).transform(campaignName),
    url: z.string().trim().min(1).max(2000),
    state: campaignState,
  })
  .partial();
export type CampaignPatch = z.input<typeof campaignPatch>;

export const campaignSorts = ["-created_at", "created_at", "name", "-name"] as const;
export const campaignListQuery = pageQuery.extend({
  sort: z.enum(campaignSorts).default("-created_at"),
  start_date: dateOnly.optional(),
  end_date: dateOnly.optional(),
  text: z.string().trim().max(200).optional(),
});
export type CampaignListQuery = z.input<typeof campaignListQuery>;

export const campaignView = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  state: campaignState,
  /** The short link's code, also the `campaign` tracking value. */
  code: z.string(),
  /** The short link, relative to the site: `/api/v1/short-links/{code}`. */
  encoded_mkt_url: z.string(),
  clicks: z.number().int(),
  /** Paid purchases that arrived through this campaign. */
  purchases: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CampaignView = z.infer<typeof campaignView>;

export const channelInput = z.object({
  name: z.string().trim().min(1).max(100),
  state: campaignState.default("active"),
  source_code: z.string().trim().max(100).default(""),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { message: "invalid_currency" })
    .default("MXN"),
  /** Minor units of `currency`. */
  budget: z.number().int().min(0).max(1_000_000_000_000).default(0),
  impressions: z.number().int().min(0).max(2_000_000_000).default(0),
});
export type ChannelInput = z.input<typeof channelInput>;
export const channelPatch = z
  .object({
    name: z.string().trim().min(1).max(100),
    state: campaignState,
    source_code: z.string().trim().max(100),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, { message: "invalid_currency" }),
    budget: z.number().int().min(0).max(1_000_000_000_000),
    impressions: z.number().int().min(0).max(2_000_000_000),
  })
  .partial();
export type ChannelPatch = z.input<typeof channelPatch>;

export const channelView = z.object({
  id: z.string(),
  name: z.string(),
  state: campaignState,
  source_code: z.string(),
  currency: z.string(),
  budget: z.number().int(),
  impressions: z.number().int(),
  created_at: z.string(),
});
export type ChannelView = z.infer<typeof channelView>;

/** The signed-in promoter's referral identity: the code `?referral=` carries. */
export const referralMeView = z.object({ code: z.string() });

/** storefront-and-admin §3 Promoted person; `state_follow` says whether the viewer follows them. */
export const promotedPersonView = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  updated_at: z.string(),
  state_follow: z.boolean(),
  /** How many people this person promoted in turn (opens their branch with PromotedList). */
  children: z.number().int(),
});
export type PromotedPersonView = z.infer<typeof promotedPersonView>;

/** Query of {base}/promoted: PromotedList (parent filter), PromotedLisLabel (its label, display only), OnlyChilds. */
export const promotedQuery = pageQuery.extend({
  PromotedList: z.string().uuid().optional(),
  OnlyChilds: z.enum(["true", "false"]).default("true"),
});

export const followView = z.object({ user_id: z.string(), state_follow: z.boolean() });
