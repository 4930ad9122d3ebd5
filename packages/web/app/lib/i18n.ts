import { type Locale, defaultLocale, isLocale } from "@tianguis/domain/locale";
import { type MessageCode, type Vars, loadMessages, subscribeTexts, textsVersion, translate } from "@tianguis/domain/messages/index";
import { useCallback, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";

export function useLocale(): Locale {
  const data = useRouteLoaderData("root") as { locale?: Locale } | undefined;
  return data?.locale ?? defaultLocale;
}

/** A translator bound to a locale. */
export type Translate = (code: MessageCode, vars?: Vars) => string;

/** t(code, vars): the catalogue text of `code` in the visitor's language; codes are checked by the type-check. */
export function useT(): Translate {
  const locale = useLocale();
  // Texts a shop page's first visit did not bring render again once they arrive: a new version, a new translator.
  const version = useSyncExternalStore(subscribeTexts, textsVersion, textsVersion);
  return useCallback((code: MessageCode, vars?: Vars) => translate(locale, code, vars), [locale, version]);
}

/** All texts of the page's language, in the browser (a shop page's first visit brings only those its own parts show). */
export function loadPageTexts(): Promise<void> {
  const { lang } = document.documentElement;
  return isLocale(lang) ? loadMessages(lang) : Promise.resolve();
}
