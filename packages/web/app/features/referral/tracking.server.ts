import { trackingCookiesFor, trackingSetCookie } from "@tianguis/domain/rules/referral";

/**
 * The shop fetch's tracking cookies (storefront-and-admin §7 'Shop fetch'): `?referral=`, `?campaign=`, `?click_id=`
 * on any shop URL are kept for 1 day in referralID, campaign and clickID, which the checkout sends with the purchase.
 * Answers the Set-Cookie headers for the shop layout's loader, or undefined when the URL carries none; `search` stands in
 * for the URL's query where a page names the values otherwise (/register/complete/'s referal_id).
 */
export function trackingHeaders(request: Request, search = new URL(request.url).searchParams): Headers | undefined {
  const url = new URL(request.url);
  const cookies = trackingCookiesFor(search);
  if (cookies.length === 0) return undefined;
  const headers = new Headers();
  const secure = url.protocol === "https:";
  for (const cookie of cookies) headers.append("set-cookie", trackingSetCookie(cookie, secure));
  return headers;
}
