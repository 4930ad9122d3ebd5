import { pageOffset } from "@tianguis/domain/schemas/common";
import { checkoutApi } from "@tianguis/domain/api/checkout";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import { load, loadSignedIn } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";

/** A purchase named by ?checkout={id}&token={token} or by its public link ?compartido={public_slug}, or null when the URL names none. */
export async function loadCheckoutFromUrl(context: WebLoadContext, url: URL): Promise<CheckoutView | null> {
  const shared = url.searchParams.get("compartido");
  if (shared) return load(context, checkoutApi.shared, { params: { slug: shared } });
  const id = url.searchParams.get("checkout");
  if (!id) return null;
  const token = url.searchParams.get("token");
  return load(context, checkoutApi.get, { params: { id }, query: token ? { token } : {} });
}

/** /mis-compras: signed-in customers only (visitors go to the login page and come back). */
/** Purchases per page of /mis-compras (spec §9: orders 10); `?pagina=N` pages back through older ones. */
const PURCHASES_PAGE = 10;

export async function loadPurchases(context: WebLoadContext, request: Request) {
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("pagina")) || 1));
  const query = { offset: pageOffset(page, PURCHASES_PAGE), limit: PURCHASES_PAGE + 1 };
  const { results } = await loadSignedIn(context, request, checkoutApi.purchases, { query });
  return { purchases: results.slice(0, PURCHASES_PAGE), page, hasOlder: results.length > PURCHASES_PAGE };
}
