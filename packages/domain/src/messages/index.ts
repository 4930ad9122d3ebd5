import type { Locale } from "../locale";
import { accountsMessages } from "./accounts";
import { adminMessages } from "./admin";
import { adminUiMessages } from "./admin-ui";
import { checkoutMessages } from "./checkout";
import { commonMessages } from "./common";
import { storefrontMessages } from "./storefront";
import type { MessageText } from "./types";

/**
 * The message catalogue: code → text per locale. Server errors carry a code; the UI shows the text
 * for the user's locale. Each bounded context keeps its own group file beside this one.
 */
export const messages: Record<string, MessageText> = {
  ...commonMessages,
  ...checkoutMessages,
  ...storefrontMessages,
  ...adminMessages,
  ...adminUiMessages,
  ...accountsMessages,
};

export type Vars = Record<string, string | number>;

export function hasMessage(code: string): boolean {
  return code in messages;
}

/** The text of `code` in `locale`, with `{name}` placeholders filled from `vars`. Unknown codes fall back to the generic error. */
export function translate(locale: Locale, code: string, vars?: Vars): string {
  const entry = messages[code] ?? messages.unknown;
  const text = (locale === "es-AR" ? entry["es-AR"] ?? entry.es : entry[locale]) ?? entry.es;
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
}
