/**
 * Support for shop owners and the disabled-shop state (commerce-and-accounts §2 'Advisor modal', §3 'Store fields
 * read', §4 'Advisor chat shows online if the advisor's last heartbeat was within 5 minutes', §9 'Advisor phone displays
 * as (XXX) XXX-XXXX for 10 digits'; storefront-and-admin §2 routes table: /ayuda/proveedores/deshabilitado).
 */

/** The advisor counts as online this long after their last heartbeat (§9 'Advisor online threshold 5 minutes'). */
export const ADVISOR_ONLINE_MINUTES = 5;
/** How often an advisor's open session reports itself (well inside the online window). */
export const ADVISOR_HEARTBEAT_SECONDS = 60;

/** The help page every disabled-shop warning links to. */
export const DISABLED_SHOP_HELP_PATH = "/ayuda/proveedores/deshabilitado";
/** The platform's support centre. */
export const SUPPORT_CENTER_PATH = "/ayuda";
/** Where the support centre tells people to write when the help pages do not answer them. */
export const SUPPORT_EMAIL = "soporte@tianguis.mx";

export const disableReasonMax = 500;
/** Shops per page on the platform admin's list (the spec's default table size). */
export const PLATFORM_SHOPS_PAGE = 10;

/** A phone of exactly 10 digits as (XXX) XXX-XXXX; anything else as its digits (or the text given, if it has none). */
export function formatAdvisorPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return digits || phone.trim();
}

/** Online when the last heartbeat is at most 5 minutes old; a heartbeat slightly ahead of this clock also counts. */
export function isAdvisorOnline(lastHeartbeat: Date | string | null, now: Date): boolean {
  if (lastHeartbeat === null) return false;
  const at = typeof lastHeartbeat === "string" ? new Date(lastHeartbeat) : lastHeartbeat;
  if (Number.isNaN(at.getTime())) return false;
  return now.getTime() - at.getTime() <= ADVISOR_ONLINE_MINUTES * 60_000;
}

/** A WhatsApp chat link for a country code and national number (digits only), or null when either is missing. */
export function whatsappLink(countryCode: string | null, phone: string | null): string | null {
  const code = (countryCode ?? "").replace(/\D/g, "");
  const number = (phone ?? "").replace(/\D/g, "");
  if (!code || !number) return null;
  return `https://wa.me/${code}${number}`;
}

export interface SupportFacts {
  store_type: string | null;
  franchise_support_url: string | null;
  affiliate_support_url: string | null;
}

export type SupportChannel = { kind: "advisor" } | { kind: "franchise" | "affiliate"; url: string };

/**
 * Who supports a shop's owner: franchise and affiliate stores use their own support URL (§2 'Advisor modal'); every
 * other shop, or one whose URL is not set yet, its advisor.
 */
export function supportChannel(shop: SupportFacts): SupportChannel {
  if (shop.store_type === "franchise" && shop.franchise_support_url) return { kind: "franchise", url: shop.franchise_support_url };
  if (shop.store_type === "affiliate" && shop.affiliate_support_url) return { kind: "affiliate", url: shop.affiliate_support_url };
  return { kind: "advisor" };
}

/** A support URL a platform admin may set: an absolute http(s) address or a path of this site. */
export function isSupportUrl(value: string): boolean {
  if (/^\/(?!\/)[^\s]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}
