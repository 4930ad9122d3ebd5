import { type Locale, negotiateLocale } from "@tianguis/domain/locale";
import type { FastifyRequest } from "fastify";

export const LOCALE_COOKIE = "locale";

/** The locale of a request: the x-locale header (the spec's activation call sends it), the locale cookie, then Accept-Language. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers["x-locale"];
  return negotiateLocale(
    (typeof header === "string" ? header : undefined) ?? request.cookies?.[LOCALE_COOKIE],
    request.headers["accept-language"],
  );
}
