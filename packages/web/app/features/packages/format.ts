import type { Locale } from "@tianguis/domain/locale";

const tags: Record<Locale, string> = { es: "es-MX", en: "en-US", "es-AR": "es-AR" };

/** A date as the package pages write it ('24 de noviembre de 2026'), in UTC so server and browser agree. */
export function formatDate(iso: string, locale: Locale): string {
  return new Date(iso).toLocaleDateString(tags[locale] ?? "es-MX", { dateStyle: "long", timeZone: "UTC" });
}
