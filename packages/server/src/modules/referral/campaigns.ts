import { randomBytes } from "node:crypto";
import type { CampaignListQuery, CampaignPatch, CampaignView } from "@tianguis/domain/schemas/referral";
import { campaignInput, campaignListQuery, campaignPatch } from "@tianguis/domain/schemas/referral";
import { type CampaignState, campaignLanding, campaignName, hasReferralArea, isSitePage } from "@tianguis/domain/rules/referral";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { campaignClicks, campaigns } from "../../db/schema/referral";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { ownShopSlug, requireShopAdmin } from "../shops/service";
import { ensureReferralCode, newCode } from "./codes";
import { type CampaignRow, selectCampaign, selectCampaignByCode, selectCampaigns } from "./queries";

/**
 * Campaigns (commerce-and-accounts §3, §4, §7 'Marketing'): a promoter's page of this site behind a short link.
 * Following the link of an active campaign counts a click, mints a click id and lands on the page with
 * referral, campaign and click_id in its query (the shop layout keeps them in cookies for the purchase).
 * Paused and finished campaigns still land on their page, but count nothing and carry no attribution:
 * a promoter who stops a campaign stops being credited for it, while people holding the link are not stranded.
 */
export const shortLinkPath = (code: string) => `/api/v1/short-links/${code}`;

function toView(row: CampaignRow): CampaignView {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    state: row.state as CampaignState,
    code: row.code,
    encoded_mkt_url: shortLinkPath(row.code),
    clicks: row.clicks,
    purchases: row.purchases,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The signed-in user, refused unless they have the referral area (rules/referral `hasReferralArea`). */
export async function requirePromoter(ctx: AppContext, user: SessionUser | null): Promise<SessionUser> {
  if (!user) throw new AppError("unauthorized");
  const shopSlug = await ownShopSlug(ctx.db, user.id);
  if (!hasReferralArea({ user_level: user.userLevel, shop_slug: shopSlug })) throw new AppError("forbidden");
  return user;
}

function requireSitePage(ctx: AppContext, url: string) {
  if (!isSitePage(url, ctx.config.BASE_DOMAIN)) throw new AppError("validation_failed", { status: 400, fields: { url: "invalid_url" } });
}

async function insertCampaign(
  ctx: AppContext,
  values: { ownerId: string; shopId: string | null; name: string; url: string; state: CampaignState },
) {
  const now = ctx.clock.now();
  // Codes are 8 random characters; on the rare collision the insert is retried with another.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await ctx.db
      .insert(campaigns)
      .values({ ...values, code: newCode(), createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: campaigns.code })
      .returning({ id: campaigns.id });
    if (row) return requireCampaignRow(ctx, row.id);
  }
  throw new Error("could not allocate a short link code");
}

async function requireCampaignRow(ctx: AppContext, id: string) {
  const row = await selectCampaign(ctx.db, id);
  if (!row) throw new AppError("not_found");
  return row;
}

/** The campaign if the user owns it: 404 when it does not exist, 403 when it is someone else's. */
async function requireOwnCampaign(ctx: AppContext, user: SessionUser, id: string) {
  const row = await requireCampaignRow(ctx, id);
  if (row.ownerId !== user.id) throw new AppError("forbidden");
  return row;
}

export async function createCampaign(ctx: AppContext, user: SessionUser | null, input: z.input<typeof campaignInput>) {
  const promoter = await requirePromoter(ctx, user);
  const body = campaignInput.parse(input);
  requireSitePage(ctx, body.url);
  await ensureReferralCode(ctx.db, promoter.id);
  return toView(await insertCampaign(ctx, { ownerId: promoter.id, shopId: null, name: body.name, url: body.url, state: "active" }));
}

export async function listCampaigns(ctx: AppContext, user: SessionUser | null, query: CampaignListQuery) {
  const promoter = await requirePromoter(ctx, user);
  const q = campaignListQuery.parse(query);
  // Dates are whole days (UTC); end_date includes its day.
  const from = q.start_date ? new Date(`${q.start_date}T00:00:00Z`) : undefined;
  const until = q.end_date ? new Date(new Date(`${q.end_date}T00:00:00Z`).getTime() + 86_400_000) : undefined;
  if ((from && Number.isNaN(from.getTime())) || (until && Number.isNaN(until.getTime())))
    throw new AppError("validation_failed", { status: 400, fields: { start_date: "invalid_date" } });
  const { rows, total } = await selectCampaigns(
    ctx.db,
    { ownerId: promoter.id, text: q.text || undefined, from, until },
    { sort: q.sort, offset: q.offset, limit: q.limit },
  );
  return { results: rows.map(toView), matches_estimated: total };
}

export async function updateCampaign(ctx: AppContext, user: SessionUser | null, id: string, patch: CampaignPatch) {
  const promoter = await requirePromoter(ctx, user);
  const body = campaignPatch.parse(patch);
  await requireOwnCampaign(ctx, promoter, id);
  if (body.url !== undefined) requireSitePage(ctx, body.url);
  // An empty patch still touches updated_at, so it never reaches the database as an empty SET.
  await ctx.db
    .update(campaigns)
    .set({ ...body, updatedAt: ctx.clock.now() })
    .where(and(eq(campaigns.id, id), eq(campaigns.ownerId, promoter.id)));
  return toView(await requireCampaignRow(ctx, id));
}

export async function deleteCampaign(ctx: AppContext, user: SessionUser | null, id: string) {
  const promoter = await requirePromoter(ctx, user);
  await requireOwnCampaign(ctx, promoter, id);
  await ctx.db.delete(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.ownerId, promoter.id)));
  return { id };
}

/** A shop admin's short link for sharing one of the shop's pages (the catalogue share); a campaign of that admin. */
export async function createShopShortLink(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  input: { name: string; url: string; state: string },
) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  requireSitePage(ctx, input.url);
  const ownerId = user?.id ?? shop.ownerId;
  await ensureReferralCode(ctx.db, ownerId);
  const row = await insertCampaign(ctx, {
    ownerId,
    shopId: shop.id,
    name: campaignName(input.name),
    url: input.url,
    state: input.state === "paused" || input.state === "finished" ? input.state : "active",
  });
  return { code: row.code, name: row.name, url: row.url, state: row.state, encoded_mkt_url: shortLinkPath(row.code) };
}

/** Where a short link lands; an active campaign's follow is counted with a new click id. */
export async function followShortLink(ctx: AppContext, code: string): Promise<string> {
  const campaign = await selectCampaignByCode(ctx.db, code);
  if (!campaign) throw new AppError("not_found");
  if (campaign.state !== "active") return campaign.url;
  const clickId = `clk_${randomBytes(9).toString("base64url")}`;
  await ctx.db.insert(campaignClicks).values({ id: clickId, campaignId: campaign.id, createdAt: ctx.clock.now() });
  const referral = await ensureReferralCode(ctx.db, campaign.ownerId);
  return campaignLanding(campaign.url, { referral, campaign: campaign.code, click_id: clickId });
}
