import { accountsApi } from "@tianguis/domain/routes/accounts";
import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import { referralApi } from "@tianguis/domain/routes/referral";
import { hasReferralArea } from "@tianguis/domain/rules/referral";
import { campaignListQuery } from "@tianguis/domain/schemas/referral";
import type { MeView } from "@tianguis/domain/schemas/user";
import { redirect } from "react-router";
import { callApi, load } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";
import { campaignsPerPage } from "./paging";

export type ReferralArea = { allowed: false; me: MeView } | { allowed: true; me: MeView; code: string };

/**
 * Every referral page needs a signed-in user (visitors go to the login page and come back); users without the
 * referral area see an explanation instead of the tools (rules/referral `hasReferralArea`).
 */
export async function requireReferralArea(context: WebLoadContext, request: Request): Promise<ReferralArea> {
  const url = new URL(request.url);
  const me = await callApi(context, accountsApi.me);
  if (me.status !== 200) throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  if (!hasReferralArea(me.data)) return { allowed: false, me: me.data };
  const { code } = await load(context, referralApi.me);
  return { allowed: true, me: me.data, code };
}

/** The campaigns page: filters (text, start_date, end_date, sort, page) live in the URL; channels below. */
export async function loadCampaigns(context: WebLoadContext, request: Request) {
  const area = await requireReferralArea(context, request);
  if (!area.allowed) return { area, filters: null, campaigns: null, channels: null };
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const parsed = campaignListQuery.safeParse({
    text: search.get("text") || undefined,
    start_date: search.get("start_date") || undefined,
    end_date: search.get("end_date") || undefined,
    sort: search.get("sort") || undefined,
  });
  const filters = parsed.success ? parsed.data : campaignListQuery.parse({});
  const [campaigns, channels] = await Promise.all([
    load(context, referralApi.listCampaigns, {
      query: { ...filters, offset: (page - 1) * campaignsPerPage, limit: campaignsPerPage },
    }),
    load(context, referralApi.listChannels, { query: { limit: 100 } }),
  ]);
  return {
    area,
    filters: { text: filters.text ?? "", start_date: filters.start_date ?? "", end_date: filters.end_date ?? "", sort: filters.sort, page },
    campaigns,
    channels,
  };
}

/** The promoter's own shop catalogues, each shared with their referral code. */
export async function loadReferralCatalogues(context: WebLoadContext, request: Request) {
  const area = await requireReferralArea(context, request);
  if (!area.allowed || !area.me.shop_slug) return { area, shopSlug: null, catalogues: [] };
  const list = await load(context, cataloguesApi.list, { params: { slug: area.me.shop_slug }, query: { limit: 100 } });
  return { area, shopSlug: area.me.shop_slug, catalogues: list.results };
}
