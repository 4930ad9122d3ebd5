import { commissionsApi } from "@tianguis/domain/routes/commissions";
import { commissionStates, earningPeriods } from "@tianguis/domain/rules/commission";
import { COMMISSIONS_PAGE_SIZE } from "@tianguis/domain/schemas/commission";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { callApi, loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/**
 * The commission pages (commerce-and-accounts §6, §9): the beneficiary's /apps/me/ganancias and the supplier's
 * /admin/comisiones, plus what an order's supplier owes on its order page.
 */

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((item) => item === value);
}

/** The page's view from its URL (?periodo=day|week|month&moneda=MXN&estado=pending&pagina=2); unknown values are dropped. */
export function parseEarningsSearch(search: URLSearchParams) {
  const currency = search.get("moneda")?.toUpperCase();
  return {
    period: oneOf(earningPeriods, search.get("periodo")) ?? "week",
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
    state: oneOf(commissionStates, search.get("estado")),
    page: Math.max(1, Number.parseInt(search.get("pagina") ?? "1", 10) || 1),
  };
}

/** /apps/me/ganancias: the signed-in user's totals, chart buckets and one page of commissions. */
export async function loadEarnings(context: WebLoadContext, request: Request) {
  const view = parseEarningsSearch(new URL(request.url).searchParams);
  const summary = await loadSignedIn(context, request, commissionsApi.earnings, {
    query: { period: view.period, currency: view.currency },
  });
  const list = await loadSignedIn(context, request, commissionsApi.list, {
    query: { offset: pageOffset(view.page, COMMISSIONS_PAGE_SIZE), limit: COMMISSIONS_PAGE_SIZE, state: view.state },
  });
  return { summary, commissions: list.results, total: list.matches_estimated, view };
}

/** /admin/comisiones: what the supplier shop owes each reseller or promoter. */
export async function loadOwedCommissions(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  const owed = await loadSignedIn(context, request, commissionsApi.owed, { params: { slug: shopContext.shop.slug } });
  return { ...shopContext, owed: owed.results };
}

/** An order's commissions for its supplier's order page; null for roles that do not settle commissions (dispatchers). */
export async function loadOrderCommissions(context: WebLoadContext, slug: string, orderId: string) {
  const response = await callApi(context, commissionsApi.order, { params: { slug, id: orderId } });
  return response.status === 200 ? response.data : null;
}
