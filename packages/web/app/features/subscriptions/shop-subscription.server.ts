import { subscriptionsApi } from "@tianguis/domain/routes/subscriptions";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { BILLING_PAGE_SIZE, type ShopSubscriptionView } from "@tianguis/domain/schemas/subscription";
import { redirect } from "react-router";
import type { WebLoadContext } from "../../load-context";
import { callApi, load } from "../../lib/api/load.server";

export type ShopSubscriptionData = { forbidden: true } | { forbidden: false; view: ShopSubscriptionView; page: number };

/** /plataforma/tiendas/{slug}/suscripcion (?page): a shop's subscription charges for platform admins; others are told it is not theirs. */
export async function loadShopSubscription(context: WebLoadContext, request: Request, slug: string): Promise<ShopSubscriptionData> {
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1));
  const args = { params: { slug }, query: { offset: pageOffset(page, BILLING_PAGE_SIZE), limit: BILLING_PAGE_SIZE } };
  const response = await callApi(context, subscriptionsApi.shopCharges, args);
  if (response.status === 401) throw redirect(`/login?next=${encodeURIComponent(url.pathname)}`);
  if (response.status === 403) return { forbidden: true };
  // A missing shop (404) or any other failure is shown as the error page `load` makes of it.
  const view = response.status === 200 ? response.data : await load(context, subscriptionsApi.shopCharges, args);
  return { forbidden: false, view, page };
}
