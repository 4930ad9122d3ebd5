import { subscriptionsApi } from "@tianguis/domain/routes/subscriptions";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { BILLING_PAGE_SIZE } from "@tianguis/domain/schemas/subscription";
import { loadSignedIn } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";

/** /apps/me/suscripcion: the subscription with its prompt, the saved cards and one page of the billing history. */
export async function loadSubscriptionPage(context: WebLoadContext, request: Request) {
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(search.get("pagina") ?? "1", 10) || 1);
  const subscription = await loadSignedIn(context, request, subscriptionsApi.current);
  const cards = await loadSignedIn(context, request, subscriptionsApi.cards);
  const charges = await loadSignedIn(context, request, subscriptionsApi.charges, {
    query: { offset: pageOffset(page, BILLING_PAGE_SIZE), limit: BILLING_PAGE_SIZE },
  });
  return {
    subscription,
    cards: cards.results,
    charges: charges.results,
    total: charges.matches_estimated,
    page,
    // Back from the bank's 3-D Secure page: the card set up (?tarjeta=) or the charge confirmed (?cobro=).
    returnedCard: search.get("tarjeta"),
    returnedCharge: search.get("cobro"),
  };
}

/** /apps/me/suscripcion/recibos/{id}: one charge's receipt. */
export async function loadReceipt(context: WebLoadContext, request: Request, id: string) {
  return loadSignedIn(context, request, subscriptionsApi.charge, { params: { id } });
}
