import { apiGet, apiGetSignedIn } from "../../lib/api.server";
import type { WebLoadContext } from "../../load-context";
import type { CheckoutView } from "../cart/types";

/** A purchase named by ?checkout={id}&token={token} or by its public link ?compartido={public_slug}, or null when the URL names none. */
export async function loadCheckoutFromUrl(context: WebLoadContext, url: URL): Promise<CheckoutView | null> {
  const shared = url.searchParams.get("compartido");
  if (shared) return apiGet<CheckoutView>(context, `/api/v1/checkouts/shared/${encodeURIComponent(shared)}`);
  const id = url.searchParams.get("checkout");
  if (!id) return null;
  const token = url.searchParams.get("token");
  return apiGet<CheckoutView>(context, `/api/v1/checkouts/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ""}`);
}

/** /mis-compras: signed-in customers only (visitors go to the login page and come back). */
export async function loadPurchases(context: WebLoadContext, request: Request) {
  return { purchases: (await apiGetSignedIn<{ results: CheckoutView[] }>(context, request, "/api/v1/orders")).results };
}
