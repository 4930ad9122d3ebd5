import type { Locale } from "../locale";
import { type Dictionary, dictionaryOf } from "./catalogue";

/**
 * Each locale's texts, as `translate` reads them. Here (server, tests, dev) every locale is loaded. The browser's build
 * replaces this module (`tianguis:messages` in packages/web/vite.config.ts) with the Spanish texts alone and loads
 * English or Argentine Spanish when a page is shown in it, so a first visit does not download three languages.
 */
export const dictionaries: Partial<Record<Locale, Dictionary>> = {
  es: dictionaryOf("es"),
  en: dictionaryOf("en"),
  "es-AR": dictionaryOf("es-AR"),
};

/** Loads `locale`'s texts if they are not there yet (they always are here). */
export async function loadDictionary(locale: Locale): Promise<void> {
  if (!dictionaries[locale]) dictionaries[locale] = dictionaryOf(locale);
}
