import type { Locale } from "@tianguis/domain/locale";
import type { Dictionary } from "@tianguis/domain/messages/catalogue";

type Chunks = Record<Locale, () => Promise<{ default: Dictionary }>>;

/**
 * The message catalogue as the browser holds it (issue 16: a shop's first visit brings the texts it shows, not 1,800 in
 * three languages). The client build (`tianguis:messages` in vite.config.ts) replaces the domain's
 * `messages/dictionaries.ts` with this, starting from `shop`: the Spanish texts of the codes the shop pages' own modules
 * name. All Spanish texts, English and Argentine Spanish come from `chunks` when asked for; every arrival is told to
 * `subscribeTexts` listeners, so what showed a missing text renders again.
 */
export function browserTexts(shop: Dictionary, chunks: Chunks) {
  const dictionaries: Partial<Record<Locale, Dictionary>> = { es: { ...shop } };
  const loading: Partial<Record<Locale, Promise<void>>> = {};
  const listeners = new Set<() => void>();
  let version = 0;
  const fetchTexts = (locale: Locale) =>
    (loading[locale] ??= chunks[locale]().then(({ default: texts }) => {
      dictionaries[locale] = locale === "es" ? Object.assign(dictionaries.es as Dictionary, texts) : texts;
      version += 1;
      for (const listener of listeners) listener();
    }));
  /** All of `locale`'s texts: English has every text; Argentine Spanish only those it words differently. */
  async function loadDictionary(locale: Locale): Promise<void> {
    if (!Object.hasOwn(chunks, locale)) return;
    if (locale === "en") await fetchTexts("en");
    else await Promise.all([fetchTexts("es"), locale === "es" ? undefined : fetchTexts(locale)]);
  }
  return {
    dictionaries,
    loadDictionary,
    onMissingText: () => void fetchTexts("es"),
    subscribeTexts(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    textsVersion: () => version,
    /** The page's whole language on the visitor's first click, tap or key: before anything they open or navigate to. */
    loadWhenVisitorActs(target: Pick<Window, "addEventListener" | "document">) {
      for (const type of ["pointerdown", "keydown"])
        target.addEventListener(type, () => void loadDictionary(target.document.documentElement.lang as Locale), {
          capture: true,
          once: true,
          passive: true,
        });
    },
  };
}
