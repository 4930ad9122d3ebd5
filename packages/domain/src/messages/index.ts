import type { Locale } from "../locale";
import type { Dictionary, messages } from "./catalogue";
import { dictionaries, loadDictionary } from "./dictionaries";

/** Every message code: a closed set, so a misspelt code fails the type-check instead of showing the generic text. */
export type MessageCode = keyof typeof messages;

export type Vars = Record<string, string | number>;

const own = (dictionary: Dictionary | undefined, code: string) =>
  dictionary && Object.hasOwn(dictionary, code) ? dictionary[code] : undefined;
/** A code's text in `locale`, else in Spanish. */
const lookup = (locale: Locale, code: string) => own(dictionaries[locale], code) ?? own(dictionaries.es, code);

/** Narrows a code that arrives as a runtime string (an API error body, a field code) to a catalogue code. */
export function hasMessage(code: string): code is MessageCode {
  return own(dictionaries.es, code) !== undefined;
}

/** A runtime string as a catalogue code, or `fallback` ('unknown') when the catalogue has no such code. */
export function messageCode(code: string | undefined | null, fallback: MessageCode = "unknown"): MessageCode {
  return code && hasMessage(code) ? code : fallback;
}

/**
 * The text of `code` in `locale`, with `{name}` placeholders filled from `vars`. es-AR falls back to es, and unknown
 * codes (or a locale whose texts the browser has not loaded yet) to es and the generic error.
 */
export function translate(locale: Locale, code: MessageCode, vars?: Vars): string {
  const text = lookup(locale, code) ?? (lookup(locale, "unknown") as string);
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
}

/** Makes `locale`'s texts available to `translate` (the browser has only its first locale's until then). */
export function loadMessages(locale: Locale): Promise<void> {
  return loadDictionary(locale);
}
