import { accountsApi } from "@tianguis/domain/routes/accounts";
import { checkoutApi } from "@tianguis/domain/routes/checkout";
import { ordersApi } from "@tianguis/domain/routes/orders";
import { data, redirect } from "react-router";
import { load, loadSignedIn } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";
import { purchaseHref } from "./purchase-links";

/**
 * The customer's purchase pages (spec §2 'Checkout, payments, orders'): /mis-compras/{checkout_aggregation} and
 * /shopping-cart/orders/{order}. A guest reads its purchase with the ?token= of its e-mails and paid page; anyone
 * else must be signed in (the API answers 404, not 401, to a visitor, so the session is checked first).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 404 page of a purchase or order: a malformed id is as missing as an unknown one. */
function orderNotFound() {
  return data({ code: "order_not_found", message: "" }, { status: 404 });
}

async function accessOf(context: WebLoadContext, request: Request, id: string) {
  if (!UUID.test(id)) throw orderNotFound();
  const token = new URL(request.url).searchParams.get("token") || undefined;
  if (!token) await loadSignedIn(context, request, accountsApi.me);
  return { token, query: token ? { token } : {} };
}

/** /mis-compras/{checkoutId}: the purchase with its orders per supplier; the token rides along for the page's writes. */
export async function loadPurchase(context: WebLoadContext, request: Request, checkoutId: string) {
  const { token, query } = await accessOf(context, request, checkoutId);
  const purchase = await load(context, checkoutApi.get, { params: { id: checkoutId }, query });
  return { purchase, token: token ?? null };
}

/**
 * /me/payments/{payment_token} (spec §2): an unpaid purchase opens at its shop's checkout to be paid; once paid or
 * closed, at its purchase page.
 */
export async function redirectToPayment(context: WebLoadContext, token: string): Promise<never> {
  const purchase = await load(context, checkoutApi.byToken, { params: { token } });
  if (purchase.state === "pending_payment" && purchase.shop_slug) {
    throw redirect(`/tienda/${purchase.shop_slug}/comprar?checkout=${purchase.id}&token=${encodeURIComponent(token)}`);
  }
  throw redirect(purchaseHref("", purchase.id, token));
}

/** /shopping-cart/orders/{orderId}: the purchase containing the order, reached at its detail page (token kept). */
export async function redirectToPurchase(context: WebLoadContext, request: Request, orderId: string): Promise<never> {
  const { token, query } = await accessOf(context, request, orderId);
  const purchase = await load(context, ordersApi.customerGet, { params: { id: orderId }, query });
  throw redirect(purchaseHref("", purchase.id, token));
}
