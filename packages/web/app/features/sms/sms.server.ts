import { translate } from "@tianguis/domain/messages/index";
import { smsApi } from "@tianguis/domain/routes/sms";
import { smsPackageIds } from "@tianguis/domain/rules/sms";
import { SMS_PAGE_SIZE } from "@tianguis/domain/schemas/sms";
import { data, redirect } from "react-router";
import { callApi, load, loadSignedIn } from "../../lib/api/load.server";
import { requireSignedIn } from "../../lib/me.server";
import type { WebLoadContext } from "../../load-context";

/**
 * /me/sms/packages (issue 30 §3; the 'sms_runout' alert's target): the SMS balance and use of the signed-in user's shop
 * (or of `?tienda={slug}` for its admins and accountants), the packages on sale, and, with `?token=`, the payment of a
 * purchase. Buying posts to the route; paying happens on the page through the gateway's card frame.
 */
export async function loadSmsPackages(context: WebLoadContext, request: Request) {
  const user = await requireSignedIn(context, request);
  const search = new URL(request.url).searchParams;
  const slug = search.get("tienda") || user.shop_slug;
  const packages = (await load(context, smsApi.packages)).results;
  if (!slug) return { packages, account: null, entries: [], total: 0, page: 1, purchase: null };
  const page = Math.max(1, Number.parseInt(search.get("pagina") ?? "1", 10) || 1);
  const token = search.get("token") ?? "";
  const [account, entries, purchase] = await Promise.all([
    loadSignedIn(context, request, smsApi.account, { params: { slug } }),
    loadSignedIn(context, request, smsApi.entries, {
      params: { slug },
      query: { offset: (page - 1) * SMS_PAGE_SIZE, limit: SMS_PAGE_SIZE },
    }),
    token.length >= 16 ? loadSignedIn(context, request, smsApi.purchaseByToken, { params: { token } }) : Promise.resolve(null),
  ]);
  return { packages, account, entries: entries.results, total: entries.matches_estimated, page, purchase };
}

export type SmsActionResult = { ok: false; error: string };

/** 'Comprar': the shop's open purchase of the package, then its payment on this page. */
export async function smsPackagesAction(context: WebLoadContext, request: Request) {
  const form = await request.formData();
  const slug = String(form.get("shop") ?? "");
  const id = smsPackageIds.find((one) => one === form.get("package_id"));
  if (!id || !slug) return data<SmsActionResult>({ ok: false, error: translate(context.locale, "sms_package_not_found") }, { status: 400 });
  const response = await callApi(context, smsApi.purchase, { params: { slug, id } });
  if (response.status === 200) {
    const tienda = new URL(request.url).searchParams.get("tienda");
    const shop = tienda ? `&tienda=${encodeURIComponent(tienda)}` : "";
    throw redirect(`/me/sms/packages?token=${encodeURIComponent(response.data.payment_token)}${shop}`);
  }
  const failure = response.data as { message?: string } | null;
  return data<SmsActionResult>(
    { ok: false, error: failure?.message ?? translate(context.locale, "sms_buy_failed") },
    { status: response.status },
  );
}

/** SMS purchases' payment tokens start with 'sms_' (server modules/sms/service.ts). */
export function isSmsPaymentToken(token: string): boolean {
  return token.startsWith("sms_");
}

/** /me/payments/{payment_token} of an SMS purchase: its payment on the SMS packages page. */
export async function redirectToSmsPayment(context: WebLoadContext, request: Request, token: string): Promise<never> {
  const purchase = await loadSignedIn(context, request, smsApi.purchaseByToken, { params: { token } });
  throw redirect(`/me/sms/packages?token=${encodeURIComponent(token)}&tienda=${encodeURIComponent(purchase.shop_slug)}`);
}
