import type { ChannelView } from "@tianguis/domain/schemas/referral";
import { channelInput, channelPatch } from "@tianguis/domain/schemas/referral";
import type { CampaignState } from "@tianguis/domain/rules/referral";
import { and, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { marketingChannels } from "../../db/schema/referral";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { requirePromoter } from "./campaigns";

/** Marketing channels (commerce-and-accounts §3 Channel): where a promoter advertises, with budget and impressions. */
type ChannelRow = typeof marketingChannels.$inferSelect;

function toView(row: ChannelRow): ChannelView {
  return {
    id: row.id,
    name: row.name,
    state: row.state as CampaignState,
    source_code: row.sourceCode,
    currency: row.currency,
    budget: row.budget,
    impressions: row.impressions,
    created_at: row.createdAt.toISOString(),
  };
}

async function requireOwnChannel(ctx: AppContext, user: SessionUser, id: string) {
  const [row] = await ctx.db.select().from(marketingChannels).where(eq(marketingChannels.id, id));
  if (!row) throw new AppError("not_found");
  if (row.ownerId !== user.id) throw new AppError("forbidden");
  return row;
}

export async function listChannels(ctx: AppContext, user: SessionUser | null, page: { offset: number; limit: number }) {
  const promoter = await requirePromoter(ctx, user);
  const mine = eq(marketingChannels.ownerId, promoter.id);
  const rows = await ctx.db
    .select()
    .from(marketingChannels)
    .where(mine)
    .orderBy(desc(marketingChannels.createdAt), desc(marketingChannels.id))
    .offset(page.offset)
    .limit(page.limit);
  const [{ total }] = await ctx.db.select({ total: count() }).from(marketingChannels).where(mine);
  return { results: rows.map(toView), matches_estimated: total };
}

export async function createChannel(ctx: AppContext, user: SessionUser | null, input: z.input<typeof channelInput>) {
  const promoter = await requirePromoter(ctx, user);
  const body = channelInput.parse(input);
  const [row] = await ctx.db
    .insert(marketingChannels)
    .values({
      ownerId: promoter.id,
      name: body.name,
      state: body.state,
      sourceCode: body.source_code,
      currency: body.currency,
      budget: body.budget,
      impressions: body.impressions,
      createdAt: ctx.clock.now(),
    })
    .returning();
  return toView(row);
}

export async function updateChannel(ctx: AppContext, user: SessionUser | null, id: string, patch: z.input<typeof channelPatch>) {
  const promoter = await requirePromoter(ctx, user);
  const body = channelPatch.parse(patch);
  const current = await requireOwnChannel(ctx, promoter, id);
  if (Object.values(body).every((value) => value === undefined)) return toView(current);
  const [row] = await ctx.db
    .update(marketingChannels)
    .set({
      name: body.name,
      state: body.state,
      sourceCode: body.source_code,
      currency: body.currency,
      budget: body.budget,
      impressions: body.impressions,
    })
    .where(and(eq(marketingChannels.id, id), eq(marketingChannels.ownerId, promoter.id)))
    .returning();
  return toView(row);
}

export async function deleteChannel(ctx: AppContext, user: SessionUser | null, id: string) {
  const promoter = await requirePromoter(ctx, user);
  await requireOwnChannel(ctx, promoter, id);
  await ctx.db.delete(marketingChannels).where(and(eq(marketingChannels.id, id), eq(marketingChannels.ownerId, promoter.id)));
  return { id };
}
