import type { Locale } from "@tianguis/domain/locale";
import { dateTimeFormat } from "../../lib/intl";

const tags: Record<Locale, string> = { es: "es-MX", en: "en-US", "es-AR": "es-AR" };

/**
 * Server and browser must print the same text (no hydration mismatch), so moments are shown in the shops' time zone,
 * not the machine's; a calendar date (estimated delivery 'YYYY-MM-DD') is shown as that day, whatever the zone.
 */
export const SHOP_TIME_ZONE = "America/Mexico_City";

/** A moment (ISO timestamp) as a date and time: '5 mar 2025, 14:30'. */
export function formatMoment(iso: string, locale: Locale): string {
  return dateTimeFormat(tags[locale], { dateStyle: "medium", timeStyle: "short", timeZone: SHOP_TIME_ZONE }).format(new Date(iso));
}

/** A moment or a calendar date as a day: 'miércoles, 5 de marzo de 2025'. */
export function formatDay(value: string, locale: Locale): string {
  const isCalendarDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return dateTimeFormat(tags[locale], {
    dateStyle: "full",
    timeZone: isCalendarDate ? "UTC" : SHOP_TIME_ZONE,
  }).format(new Date(isCalendarDate ? `${value}T00:00:00Z` : value));
}
