import type { Locale } from "@tianguis/domain/locale";

/** A ticket's date and time (event, use) in the reader's language, to the minute. */
export function formatTicketTime(iso: string, locale: Locale): string {
  return new Date(iso).toLocaleString(locale === "en" ? "en-US" : locale, { dateStyle: "medium", timeStyle: "short" });
}
