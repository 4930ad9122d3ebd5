import type { Locale } from "../locale";
import type { Dictionary, messages } from "./catalogue";
import { dictionaries, loadDictionary, onMissingText } from "./dictionaries";

export { subscribeTexts, textsVersion } from "./dictionaries";

/** Every message code: a closed set, so a misspelt code fails the type-check instead of showing the generic text. */
export type MessageCode = keyof typeof messages;

export type Vars = Record<string, string | number>;

const own = (dictionary: Dictionary | undefined, code: string) =>
  dictionary && Object.hasOwn(dictionary, code) ? dictionary[code] : undefined;
/** A code's Spanish text; a miss asks for the Spanish texts a shop page's first visit did not bring. */
function spanish(code: string): string | undefined {
  const text = own(dictionaries.es, code);
  if (text === undefined) onMissingText();
  return text;
}
/** A code's text in `locale`, else in Spanish. */
const lookup = (locale: Locale, code: string) => own(dictionaries[locale], code) ?? spanish(code);

/** Narrows a code that arrives as a runtime string (an API error body, a field code) to a catalogue code. */
export function hasMessage(code: string): code is MessageCode {
  return spanish(code) !== undefined;
}

/** A runtime string as a catalogue code, or `fallback` ('unknown') when the catalogue has no such code. */
export function messageCode(code: string | undefined | null, fallback: MessageCode = "unknown"): MessageCode {
  return code && hasMessage(code) ? code : fallback;
}

/**
 * The text of `code` in `locale`, with `{name}` placeholders filled from `vars`. es-AR falls back to es, and unknown
 * codes (or texts the browser has not loaded yet, until they arrive) to es and the generic error.
 */
export function translate(locale: Locale, code: MessageCode, vars?: Vars): string {
  const text = lookup(locale, code) ?? (lookup(locale, "unknown") as string);
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
}

/** Makes all of `locale`'s texts available to `translate` (the browser may have only some Spanish ones until then). */
export function loadMessages(locale: Locale): Promise<void> {
  return loadDictionary(locale);
}
