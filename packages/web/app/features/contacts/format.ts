import type { Locale } from "@tianguis/domain/locale";
import { formatMoney, money } from "@tianguis/domain/money";
import type { ContactView } from "@tianguis/domain/schemas/contact";
import { dateTimeFormat } from "../../lib/intl";

export function formatDay(iso: string, locale: Locale) {
  return dateTimeFormat(locale === "en" ? "en-US" : "es-MX", { dateStyle: "medium" }).format(new Date(iso));
}

export function formatMoment(iso: string, locale: Locale) {
  return dateTimeFormat(locale === "en" ? "en-US" : "es-MX", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** "$900.00" in the contact's currency, or "—" for someone who never bought. */
export function totalBought(contact: ContactView, locale: Locale) {
  return contact.currency ? formatMoney(money(contact.total_bought, contact.currency), locale) : "—";
}
