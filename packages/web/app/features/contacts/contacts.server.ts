import { contactsApi } from "@tianguis/domain/routes/contacts";
import { referralApi } from "@tianguis/domain/routes/referral";
import { contactsPageSize } from "@tianguis/domain/rules/contacts";
import { type ContactListQuery, type ReferredQuery, contactListQuery, referredQuery } from "@tianguis/domain/schemas/contact";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { load, loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";
import { requireReferralArea } from "../referral/referral.server";

/** The list's filters as the URL holds them (a bad value is dropped, never an error page). */
function filtersOf(search: URLSearchParams, keys: string[]): Partial<Record<string, string>> {
  return Object.fromEntries(keys.map((key) => [key, search.get(key) || undefined]));
}
const pageOf = (search: URLSearchParams) => Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);

/** {shop}/admin/contactos?text=&source=&tags=&start_date=&end_date=&page=: the shop's contacts, for its owner and admins. */
export async function loadShopContacts(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const search = new URL(request.url).searchParams;
  const page = pageOf(search);
  const shopContext = await requireShop(context, params);
  const raw = filtersOf(search, ["text", "source", "tags", "start_date", "end_date"]);
  const filters = contactListQuery.safeParse(raw).success ? raw : {};
  const query = filters as ContactListQuery;
  const slug = shopContext.shop.slug;
  const [list, tags] = await Promise.all([
    loadSignedIn(context, request, contactsApi.shopList, {
      params: { slug },
      query: { ...query, offset: pageOffset(page, contactsPageSize), limit: contactsPageSize },
    }),
    loadSignedIn(context, request, contactsApi.shopTags, { params: { slug } }),
  ]);
  return { ...shopContext, contacts: list.results, total: list.matches_estimated, page, filters, tags: tags.results };
}

/** One contact: {shop}/admin/contactos/{id} or /apps/me/crm/clients/detail/{id}. */
export async function loadContact(context: WebLoadContext, request: Request, contactId: string) {
  return loadSignedIn(context, request, contactsApi.detail, { params: { id: contactId } });
}

/** /apps/me/referral/referred: the promoter's referred list with its filters (storefront-and-admin §7 'Referred list'). */
export async function loadReferred(context: WebLoadContext, request: Request) {
  const area = await requireReferralArea(context, request);
  if (!area.allowed) return { area, referred: null };
  const search = new URL(request.url).searchParams;
  const page = pageOf(search);
  const raw = filtersOf(search, ["text", "campaign", "tags", "start_date", "end_date", "customer_by_campaign", "registered_by_campaign"]);
  const filters = referredQuery.safeParse(raw).success ? raw : {};
  const query = filters as ReferredQuery;
  const [list, tags, campaigns] = await Promise.all([
    load(context, contactsApi.referred, { query: { ...query, offset: pageOffset(page, contactsPageSize), limit: contactsPageSize } }),
    load(context, contactsApi.myTags),
    load(context, referralApi.listCampaigns, { query: { limit: 100 } }),
  ]);
  return {
    area,
    referred: {
      contacts: list.results,
      total: list.matches_estimated,
      page,
      filters,
      tags: tags.results,
      campaigns: campaigns.results.map((one) => ({ id: one.id, name: one.name })),
    },
  };
}
