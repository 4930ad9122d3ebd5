import type { Locale } from "../locale";
import { slugPattern } from "./shop-display";
import { levelFor } from "./plans";

/** commerce-and-accounts §4/§9: Spanish gives Mexico (MX, 52), anything else the US (US, 1). */
export function defaultCountry(locale: Locale | string): { country: string; country_code: string } {
  return locale.toLowerCase().startsWith("es") ? { country: "MX", country_code: "52" } : { country: "US", country_code: "1" };
}

/** Countries offered by the phone field, with their dialling codes. */
export const phoneCountries = [
  { country: "MX", country_code: "52", name: "México" },
  { country: "US", country_code: "1", name: "United States" },
  { country: "CA", country_code: "1", name: "Canada" },
  { country: "AR", country_code: "54", name: "Argentina" },
  { country: "CO", country_code: "57", name: "Colombia" },
  { country: "CL", country_code: "56", name: "Chile" },
  { country: "PE", country_code: "51", name: "Perú" },
  { country: "ES", country_code: "34", name: "España" },
] as const;

export function countryCodeOf(country: string): string | undefined {
  return phoneCountries.find((entry) => entry.country === country.toUpperCase())?.country_code;
}

/** §5: the phone input's max length: 12 for MX and AR, 14 for US and CA, otherwise 10. */
export function phoneMaxLength(country: string | undefined): number {
  const code = (country ?? "").toUpperCase();
  if (code === "MX" || code === "AR") return 12;
  if (code === "US" || code === "CA") return 14;
  return 10;
}

/** §5: spaces are removed from phone input, then it is cut to the country's max length. */
export function cleanPhoneInput(value: string, country?: string): string {
  return value.replace(/\s+/g, "").slice(0, phoneMaxLength(country));
}

/** Registration (phone flow): exactly 10 digits, else 'InvalidNumber'. */
export function isValidPhone(phone: string): boolean {
  return /^\d{10}$/.test(phone.replace(/\s+/g, ""));
}

/** §5: spaces are stripped from e-mail input (and the space key blocked); the login name is lower case. */
export function cleanEmailInput(value: string): string {
  return value.replace(/\s+/g, "");
}

export function normalizeEmail(value: string): string {
  return cleanEmailInput(value).toLowerCase();
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(value: string): boolean {
  return emailPattern.test(cleanEmailInput(value));
}

/** The login name of a phone account: '+', the country code and the 10 digits (e.g. +525512345678). */
export function phoneUsername(countryCode: string, phone: string): string {
  return `+${countryCode.replace(/\D/g, "")}${phone.replace(/\D/g, "")}`;
}

/** The login name the user typed: an e-mail (lower case, no spaces) or a phone username. */
export function normalizeUsername(value: string): string {
  const trimmed = value.replace(/\s+/g, "");
  if (trimmed.includes("@")) return trimmed.toLowerCase();
  return trimmed.startsWith("+") ? `+${trimmed.slice(1).replace(/\D/g, "")}` : trimmed;
}

/** PIN: numeric, exactly 6 digits (§5, §9). */
export function isValidPin(pin: string): boolean {
  return /^\d{6}$/.test(pin);
}

export const PIN_LENGTH = 6;
export const PIN_TTL_MS = 5 * 60 * 1000;
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_RESEND_INTERVAL_MS = 60 * 1000;
/** §9: the 'setting up your account' screen shows for 3 seconds. */
export const SETUP_WAIT_MS = 3000;
/**
 * The registration-needs-apps flag (commerce-and-accounts §4, §9 'needs-apps flag reset 3000 ms'): set while a sign-up's
 * plan is pending, cleared this long after the flow ends; the apps the plan brings are loaded again then.
 */
export const NEEDS_APPS_RESET_MS = 3000;
export const PASSWORD_MIN_LENGTH = 8;

/** Countries whose lines the SMS route serves; any other gives 'not_eligible'. */
export function isSmsEligible(country: string): boolean {
  return phoneCountries.some((entry) => entry.country === country.toUpperCase());
}

/** Store slug: letters, digits, underscore and hyphen only, else 'Invalid slug'. */
export function isValidSlug(slug: string): boolean {
  return slug.length >= 2 && slug.length <= 60 && slugPattern.test(slug);
}

/** Slugs are stored lower case so they work as sub-domains ({slug}.localhost). */
export function normalizeSlug(slug: string): string {
  return slug.trim().toLowerCase();
}

/** A slug from a store name: accents dropped, lower case, other characters become single hyphens. */
export function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50);
}

export const SLUG_SUGGESTIONS = 5;

/**
 * Candidate slugs to offer when one is taken, best first: the slug and the name's slug with common
 * endings, then numbered variants. The server keeps the first `n` that are free.
 */
export function slugCandidates(slug: string, name = ""): string[] {
  const bases = [...new Set([normalizeSlug(slug), slugify(name)].filter((base) => base.length >= 2 && isValidSlug(base)))];
  if (bases.length === 0) bases.push("mi-tienda");
  const out: string[] = [];
  const push = (value: string) => {
    if (isValidSlug(value) && !out.includes(value)) out.push(value);
  };
  for (const base of bases) push(base);
  for (const base of bases) for (const ending of ["-tienda", "-shop", "-mx", "_oficial", "-store"]) push(`${base}${ending}`);
  for (const base of bases) for (let number = 1; number <= 20; number += 1) push(`${base}${number}`);
  return out;
}

/**
 * User level after the account changes (storefront-and-admin §6), by the one level rule (rules/plans.ts levelFor):
 * ul2 with a store, ul1 with an entrepreneur plan but no store, ul0 otherwise. An account change (a new shop) never
 * lowers the level; only a membership change does, through the subscriptions module.
 */
export function userLevelFor(state: { hasStore: boolean; hasEntrepreneurPlan: boolean; currentLevel?: number }): number {
  const level = levelFor({ hasStore: state.hasStore, membership: state.hasEntrepreneurPlan ? { weight: 0 } : null });
  return Math.max(level, state.currentLevel ?? 0);
}

/** The profile fields minus empty ones (§5: 'Profile update sends the profile fields minus empty ones'). */
export function nonEmptyFields<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ""),
  ) as Partial<T>;
}

/** Where a user's PIN went, for the activation screen: the e-mail, or the phone with its code. */
export function pinTarget(type: "email" | "phone", values: { email?: string; phone?: string; country_code?: string }): string {
  return type === "email" ? (values.email ?? "") : `+${values.country_code ?? ""} ${values.phone ?? ""}`;
}
