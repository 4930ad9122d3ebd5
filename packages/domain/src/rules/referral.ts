import { multiplyRate } from "../money";
import { type PlanId, premiumPlans } from "./plans";

/**
 * Referral tracking and the promoter's tools (commerce-and-accounts §2 referral area and share widget, §5 campaign name;
 * storefront-and-admin §7 'Shop fetch': tracking values in cookies referralID, campaign, clickID for 1 day).
 */

/** Who has the referral area (the spec's "referral API"): entrepreneurs (ul1, ul2, ul3) and anyone who owns a shop. */
export function hasReferralArea(user: { user_level: number; shop_slug: string | null } | null | undefined): boolean {
  if (!user) return false;
  return user.user_level >= 1 || user.shop_slug !== null;
}

/** Paths where the floating share widget 'Crea campaña y comparte' never shows. */
export const shareWidgetHiddenPrefixes = ["/apps", "/home", "/me", "/password", "/shopping-cart"] as const;

/** The share widget shows to signed-in users with the referral area, except on account and cart paths. */
export function isShareWidgetVisible(pathname: string, user: Parameters<typeof hasReferralArea>[0]): boolean {
  if (!hasReferralArea(user)) return false;
  return !shareWidgetHiddenPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Campaign names are cut to 100 characters (§5), counted in characters, not UTF-16 units. */
export const campaignNameMax = 100;
export function campaignName(name: string): string {
  return Array.from(name.trim()).slice(0, campaignNameMax).join("");
}

export const campaignStates = ["active", "paused", "finished"] as const;
export type CampaignState = (typeof campaignStates)[number];

/**
 * The query parameters a shop URL may carry, the cookie each one is kept in, and its longest accepted value. The spec's
 * shop fetch names gclid, fbclid and referral_slug beside referral, campaign and click_id; the ad networks' click ids
 * (Google's gclid, Facebook's fbclid) run past 64 characters, so they may be up to 255.
 */
export const trackingParams = [
  { param: "referral", cookie: "referralID", max: 64 },
  { param: "campaign", cookie: "campaign", max: 64 },
  { param: "click_id", cookie: "clickID", max: 64 },
  { param: "gclid", cookie: "gclid", max: 255 },
  { param: "fbclid", cookie: "fbclid", max: 255 },
  { param: "referral_slug", cookie: "referralSlug", max: 64 },
] as const;
export type TrackingParam = (typeof trackingParams)[number]["param"];

/** What a purchase or a sign-up carries from the tracking cookies, one field per query parameter. */
export type Attribution = Partial<Record<TrackingParam, string>>;

/** Tracking cookies live 1 day (storefront-and-admin §9). */
export const trackingCookieMaxAge = 24 * 60 * 60;

/** A tracking value is kept only when it is a short token: letters, digits, '-', '_' and '.', at most `max` characters. */
export function trackingValue(raw: string | null | undefined, max = 64): string | null {
  if (raw == null) return null;
  const value = raw.trim();
  return value.length <= max && /^[A-Za-z0-9_.-]+$/.test(value) ? value : null;
}

export type TrackingCookie = { cookie: string; value: string } | { cookie: string; remove: true };

/**
 * The cookies a shop URL's query sets: a valid value sets its cookie; a parameter present but empty removes it
 * ('removed when absent'); an invalid value or a missing parameter leaves the cookie as it was, so moving from
 * page to page after arriving by a link keeps the attribution until the purchase.
 */
export function trackingCookiesFor(search: URLSearchParams): TrackingCookie[] {
  const cookies: TrackingCookie[] = [];
  for (const { param, cookie, max } of trackingParams) {
    if (!search.has(param)) continue;
    const raw = search.get(param) ?? "";
    if (raw.trim() === "") {
      cookies.push({ cookie, remove: true });
      continue;
    }
    const value = trackingValue(raw, max);
    if (value) cookies.push({ cookie, value });
  }
  return cookies;
}

/** One Set-Cookie line for a tracking cookie: the whole site, SameSite=Lax, 1 day (readable by the page's scripts). */
export function trackingSetCookie(entry: TrackingCookie, secure = false): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  if ("remove" in entry) return `${entry.cookie}=; Max-Age=0; ${attributes}`;
  return `${entry.cookie}=${entry.value}; Max-Age=${trackingCookieMaxAge}; ${attributes}`;
}

/**
 * Whether a campaign may point at `url`: a path of this site ('/tienda/demo/productos?x=1') or an absolute http(s) URL
 * on the platform's domain or one of its shop sub-domains. Anything else would make short links an open redirect.
 */
export function isSitePage(url: string, baseDomain: string): boolean {
  if (url.length > 2000 || /[\s\\]/.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  if (parsed.username || parsed.password) return false;
  const host = parsed.hostname.toLowerCase();
  const base = baseDomain.toLowerCase();
  return host === base || host.endsWith(`.${base}`);
}

/** The landing URL of a followed campaign link: its page with referral, campaign and click_id set (replacing any). */
export function campaignLanding(url: string, tracking: Record<"referral" | "campaign" | "click_id", string>): string {
  const absolute = !url.startsWith("/");
  const parsed = new URL(url, "http://site.invalid");
  for (const [param, value] of Object.entries(tracking)) parsed.searchParams.set(param, value);
  return absolute ? parsed.toString() : `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** The attribution a purchase or a sign-up stores, read from the tracking cookies; a tampered (invalid) value is dropped. */
export function attributionFromCookies(cookies: Record<string, string | undefined>): Attribution {
  const attribution: Attribution = {};
  for (const { param, cookie, max } of trackingParams) {
    const value = trackingValue(cookies[cookie], max);
    if (value) attribution[param] = value;
  }
  return attribution;
}

/**
 * A sign-up keeps the click that brought it (storefront-and-admin §7 'Shop fetch'): click_id, gclid, fbclid and
 * referral_slug from the tracking cookies fill what the sign-up itself (a landing's query) did not carry. The referral
 * and campaign join the promoter's people at activation instead.
 */
const signupTracking = ["click_id", "gclid", "fbclid", "referral_slug"] as const;
export function withSignupTracking<T extends Partial<Record<(typeof signupTracking)[number], string>>>(
  intent: T,
  cookies: Record<string, string | undefined>,
): T {
  const attribution = attributionFromCookies(cookies);
  const filled = { ...intent };
  for (const key of signupTracking) if (!filled[key] && attribution[key]) filled[key] = attribution[key] as T[typeof key];
  return filled;
}

/**
 * Service plans a promoter recommends (commerce-and-accounts §3 'Plan (static list)', §2 plan landing paths): the
 * static plan list of rules/plans.ts, each with its landing page and monthly price (199.00 MXN).
 */
export const referralPlans: readonly { id: PlanId; landing: string; price: number | null; currency: string }[] = premiumPlans.map(
  (plan) => ({ id: plan.id as PlanId, landing: plan.landing ?? "/emprendedores", price: plan.price, currency: plan.currency }),
);

/** The promoter's residual commission on a membership sold by their link: 15% (storefront-and-admin §1), in minor units. */
export const membershipResidualRate = 0.15;
export function membershipResidual(price: number): number {
  return multiplyRate(price, membershipResidualRate);
}

/** A page of this site with the promoter's referral code in its query (replacing any other). */
export function withReferral(path: string, code: string): string {
  const parsed = new URL(path, "http://site.invalid");
  parsed.searchParams.set("referral", code);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
