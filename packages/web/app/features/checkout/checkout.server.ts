import { pageOffset } from "@tianguis/domain/schemas/common";
import { checkoutApi } from "@tianguis/domain/routes/checkout";
import { paymentsApi } from "@tianguis/domain/routes/payments";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import { callApi, load, loadSignedIn } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";
import { parseSellerOrderFilters } from "../orders/seller-orders.server";

/** A purchase named by ?checkout={id}&token={token} or by its public link ?compartido={public_slug}, or null when the URL names none. */
export async function loadCheckoutFromUrl(context: WebLoadContext, url: URL): Promise<CheckoutView | null> {
  const shared = url.searchParams.get("compartido");
  if (shared) return load(context, checkoutApi.shared, { params: { slug: shared } });
  const id = url.searchParams.get("checkout");
  if (!id) return null;
  const token = url.searchParams.get("token");
  return load(context, checkoutApi.get, { params: { id }, query: token ? { token } : {} });
}

/**
 * Back from a redirect method (spec §9: code 1 returned, code 2 cancelled): the API captures a live account's approved
 * payment now (PayPal) or gives up the cancelled attempt, before the page reads the purchase. Reloading is harmless:
 * a settled attempt does not move again. Failures are left to the page, which shows the purchase as it is.
 */
export async function settleRedirectReturn(context: WebLoadContext, url: URL): Promise<void> {
  const code = url.searchParams.get("code");
  const id = url.searchParams.get("checkout");
  if ((code !== "1" && code !== "2") || !id || !/^[0-9a-f-]{36}$/i.test(id)) return;
  // PayPal appends its own `token` (the order id) after the purchase's: the first is ours, a later one the provider's.
  const [token, providerToken] = url.searchParams.getAll("token");
  const named = new Set(["checkout", "token", "code", "compartido"]);
  const providerQuery = Object.fromEntries([...url.searchParams].filter(([key]) => !named.has(key)).slice(0, 9));
  if (providerToken) providerQuery.token = providerToken;
  await callApi(context, paymentsApi.redirectReturn, {
    params: { id },
    query: token ? { token } : {},
    body: { code, provider_query: providerQuery },
  });
}

/** Purchases per page of /mis-compras (spec §9: orders 10); `?pagina=N` pages back through older ones. */
const PURCHASES_PAGE = 10;

/**
 * /mis-compras: signed-in customers only (visitors go to the login page and come back). The URL holds the seller list's
 * filters under the list call's names (state, payment_type, delivery_type, start_date, end_date, text); the API filters.
 */
export async function loadPurchases(context: WebLoadContext, request: Request) {
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Math.floor(Number(search.get("pagina")) || 1));
  const { include_delivered: _delivered, include_canceled: _canceled, ...filters } = parseSellerOrderFilters(search).filters;
  const query = { ...filters, offset: pageOffset(page, PURCHASES_PAGE), limit: PURCHASES_PAGE };
  const list = await loadSignedIn(context, request, checkoutApi.purchases, { query });
  return {
    purchases: list.results,
    page,
    hasOlder: query.offset + list.results.length < list.matches_estimated,
    filters: { ...filters, include_delivered: false, include_canceled: false },
    filtered: Object.values(filters).some((value) => value !== undefined),
  };
}
