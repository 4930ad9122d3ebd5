export const locales = ["es", "en", "es-AR"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "es";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Picks the locale from the saved cookie, else the browser's Accept-Language, else Spanish. */
export function negotiateLocale(cookieValue: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0].trim();
    if (/^es-AR$/i.test(tag)) return "es-AR";
    if (/^es\b/i.test(tag)) return "es";
    if (/^en\b/i.test(tag)) return "en";
  }
  return defaultLocale;
}
