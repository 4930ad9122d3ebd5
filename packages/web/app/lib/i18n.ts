import { type Locale, defaultLocale } from "@tianguis/domain/locale";
import { type MessageCode, type Vars, translate } from "@tianguis/domain/messages/index";
import { useCallback } from "react";
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
  return useCallback((code: MessageCode, vars?: Vars) => translate(locale, code, vars), [locale]);
}
