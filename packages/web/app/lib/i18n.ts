import { type Locale, defaultLocale } from "@tianguis/domain/locale";
import { type Vars, translate } from "@tianguis/domain/messages/index";
import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";

export function useLocale(): Locale {
  const data = useRouteLoaderData("root") as { locale?: Locale } | undefined;
  return data?.locale ?? defaultLocale;
}

/** t(code, vars): the catalogue text of `code` in the visitor's language. */
export function useT() {
  const locale = useLocale();
  return useCallback((code: string, vars?: Vars) => translate(locale, code, vars), [locale]);
}
