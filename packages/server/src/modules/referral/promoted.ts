import type { PromotedPersonView } from "@tianguis/domain/schemas/referral";
import type { promotedQuery } from "@tianguis/domain/schemas/referral";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { recordEvent } from "../../events/bus";
import { users } from "../../db/schema/accounts";
import { follows, referralProfiles } from "../../db/schema/referral";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { requireShopBySlug } from "../shops/service";
import { requirePromoter } from "./campaigns";
import { ensureReferralCode, findPromoterByCode } from "./codes";
import { selectCampaignByCode } from "./queries";
import { rowsOf } from "../../db/client";

/**
 * Promoted people (storefront-and-admin §2 {base}/promoted, §3 Promoted person, §4 follow / unfollow): the people who
 * signed up through a promoter's referral code form a tree under the shop's owner. PromotedList opens one branch
 * (it must lie inside the owner's tree), OnlyChilds=false lists the whole branch instead of its direct members.
 */
const maxDepth = 20;

export async function referralMe(ctx: AppContext, user: SessionUser | null) {
  const promoter = await requirePromoter(ctx, user);
  return { code: await ensureReferralCode(ctx.db, promoter.id) };
}

/**
 * Records who promoted a new user (their referral code at sign-up, and the campaign they came by when it is the
 * promoter's); unknown codes and self-referrals are ignored. A recorded referral is the event `referral.user_referred`
 * (the promoter's contacts hear of it), in the caller's transaction.
 */
export async function recordReferredUser(
  db: DbOrTx,
  userId: string,
  referralCode: string | null | undefined,
  now: Date,
  campaignCode?: string | null,
): Promise<boolean> {
  if (!referralCode) return false;
  const promoter = await findPromoterByCode(db, referralCode);
  if (!promoter || promoter.userId === userId) return false;
  await ensureReferralCode(db, userId);
  const updated = await db
    .update(referralProfiles)
    .set({ referredBy: promoter.userId })
    .where(and(eq(referralProfiles.userId, userId), sql`${referralProfiles.referredBy} is null`))
    .returning({ userId: referralProfiles.userId });
  if (updated.length === 0) return false;
  const campaign = campaignCode ? await selectCampaignByCode(db, campaignCode) : undefined;
  const campaignId = campaign && campaign.ownerId === promoter.userId ? campaign.id : null;
  await recordEvent(
    db,
    { type: "referral.user_referred", payload: { user_id: userId, promoter_id: promoter.userId, campaign_id: campaignId } },
    now,
  );
  return true;
}

async function isInTree(db: DbOrTx, rootId: string, personId: string): Promise<boolean> {
  if (rootId === personId) return true;
  const result = await db.execute<{ found: number }>(sql`
    with recursive branch(id, depth) as (
      select ${referralProfiles.userId}, 1 from ${referralProfiles} where ${referralProfiles.referredBy} = ${rootId}
      union all
      select p.user_id, b.depth + 1 from ${referralProfiles} p join branch b on p.referred_by = b.id where b.depth < ${maxDepth}
    )
    select 1 as found from branch where id = ${personId} limit 1`);
  return rowsOf(result).length > 0;
}

export async function listPromoted(
  ctx: AppContext,
  slug: string,
  viewer: SessionUser | null,
  query: z.output<typeof promotedQuery>,
): Promise<{ results: PromotedPersonView[]; matches_estimated: number }> {
  const shop = await requireShopBySlug(ctx.db, slug);
  const parent = query.PromotedList ?? shop.ownerId;
  if (!(await isInTree(ctx.db, shop.ownerId, parent))) throw new AppError("not_found");
  const onlyChildren = query.OnlyChilds !== "false";
  const viewerId = viewer?.id ?? null;
  const result = await ctx.db.execute<{
    id: string;
    full_name: string;
    image: string | null;
    updated_at: string | Date;
    state_follow: boolean;
    children: number | string;
    total: number | string;
  }>(sql`
    with recursive branch(id, depth) as (
      select ${referralProfiles.userId}, 1 from ${referralProfiles} where ${referralProfiles.referredBy} = ${parent}
      union all
      select p.user_id, b.depth + 1 from ${referralProfiles} p join branch b on p.referred_by = b.id
      where ${!onlyChildren} and b.depth < ${maxDepth}
    )
    select u.id, u.full_name, u.image, rp.created_at as updated_at,
      exists (select 1 from ${follows} f where f.follower_id = ${viewerId}::uuid and f.followed_id = u.id) as state_follow,
      (select count(*) from ${referralProfiles} c where c.referred_by = u.id) as children,
      count(*) over () as total
    from branch b
    join ${users} u on u.id = b.id
    join ${referralProfiles} rp on rp.user_id = u.id
    order by rp.created_at desc, u.id
    offset ${query.offset} limit ${query.limit}`);
  const rows = rowsOf<{
    id: string;
    full_name: string;
    image: string | null;
    updated_at: string | Date;
    state_follow: boolean;
    children: number | string;
    total: number | string;
  }>(result);
  return {
    results: rows.map((row) => ({
      id: row.id,
      name: row.full_name,
      image: row.image,
      updated_at: new Date(row.updated_at).toISOString(),
      state_follow: Boolean(row.state_follow),
      children: Number(row.children),
    })),
    matches_estimated: rows.length > 0 ? Number(rows[0].total) : 0,
  };
}

async function requirePerson(db: DbOrTx, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("not_found");
}

export async function followPerson(ctx: AppContext, user: SessionUser | null, userId: string) {
  if (!user) throw new AppError("unauthorized");
  if (userId === user.id) throw new AppError("validation_failed", { status: 400, fields: { userId: "cannot_follow_yourself" } });
  await requirePerson(ctx.db, userId);
  await ctx.db.insert(follows).values({ followerId: user.id, followedId: userId, createdAt: ctx.clock.now() }).onConflictDoNothing();
  return { user_id: userId, state_follow: true };
}

export async function unfollowPerson(ctx: AppContext, user: SessionUser | null, userId: string) {
  if (!user) throw new AppError("unauthorized");
  await requirePerson(ctx.db, userId);
  await ctx.db.delete(follows).where(and(eq(follows.followerId, user.id), eq(follows.followedId, userId)));
  return { user_id: userId, state_follow: false };
}
