import type { Locale } from "../locale";
import { type Dictionary, dictionaryOf } from "./catalogue";

/**
 * Each locale's texts, as `translate` reads them. Here (server, tests, dev) every locale is loaded. The browser's build
 * replaces this module (`tianguis:messages` in packages/web/vite.config.ts): a shop page's first visit brings only the
 * Spanish texts the shop's own parts can show, and the rest of them, English or Argentine Spanish load when wanted.
 */
export const dictionaries: Partial<Record<Locale, Dictionary>> = {
  es: dictionaryOf("es"),
  en: dictionaryOf("en"),
  "es-AR": dictionaryOf("es-AR"),
};

/** Loads all of `locale`'s texts if they are not there yet (they always are here). */
export async function loadDictionary(locale: Locale): Promise<void> {
  if (!dictionaries[locale]) dictionaries[locale] = dictionaryOf(locale);
}

/** `translate` found no Spanish text for a code: the browser then loads the rest (here every text is loaded). */
export function onMissingText(): void {}

/** Tells `listener` when more texts arrived, so what showed a missing one renders again (never here). */
export function subscribeTexts(_listener: () => void): () => void {
  return () => {};
}

/** Grows by one whenever texts arrive. */
export function textsVersion(): number {
  return 0;
}
