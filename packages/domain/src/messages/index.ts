import type { Locale } from "../locale";
import { accountsMessages } from "./accounts";
import { adminMessages } from "./admin";
import { adminUiMessages } from "./admin-ui";
import { alertMessages } from "./alerts";
import { checkoutMessages } from "./checkout";
import { commissionMessages } from "./commissions";
import { commonMessages } from "./common";
import { demoAndProductMessages } from "./demo-and-products";
import { downloadMessages } from "./downloads";
import { franchiseMessages } from "./franchises";
import { notificationMessages } from "./notifications";
import { orderMessages } from "./orders";
import { resellerMessages } from "./reseller";
import { reviewMessages } from "./reviews";
import { ordersCustomerUiMessages } from "./orders-customer-ui";
import { sellerOrderUiMessages } from "./orders-seller-ui";
import { referralMessages } from "./referral";
import { storefrontMessages } from "./storefront";
import { ticketMessages } from "./tickets";
import { returnMessages } from "./returns";
import { shopPageMessages } from "./shop-pages";
import { blogMessages } from "./blog";
import { packageMessages } from "./packages";
import { collaboratorMessages } from "./collaborators";
import { supportMessages } from "./support";
import { subscriptionMessages } from "./subscriptions";
import { paymentAccountMessages } from "./payment-accounts";
import type { MessageText } from "./types";

/**
 * The message catalogue: code → text per locale. Server errors carry a code; the UI shows the text
 * for the user's locale. Each bounded context keeps its own group file beside this one.
 */
export const messages = {
  ...commonMessages,
  ...checkoutMessages,
  ...storefrontMessages,
  ...adminMessages,
  ...adminUiMessages,
  ...accountsMessages,
  ...orderMessages,
  ...ordersCustomerUiMessages,
  ...sellerOrderUiMessages,
  ...notificationMessages,
  ...downloadMessages,
  ...demoAndProductMessages,
  ...referralMessages,
  ...resellerMessages,
  ...commissionMessages,
  ...ticketMessages,
  ...returnMessages,
  ...reviewMessages,
  ...shopPageMessages,
  ...alertMessages,
  ...franchiseMessages,
  ...blogMessages,
  ...packageMessages,
  ...collaboratorMessages,
  ...supportMessages,
  ...subscriptionMessages,
  ...paymentAccountMessages,
} satisfies Record<string, MessageText>;

/** Every message code: a closed set, so a misspelt code fails the type-check instead of showing the generic text. */
export type MessageCode = keyof typeof messages;

export type Vars = Record<string, string | number>;

const catalogue: Record<string, MessageText> = messages;

/** Narrows a code that arrives as a runtime string (an API error body, a field code) to a catalogue code. */
export function hasMessage(code: string): code is MessageCode {
  return Object.hasOwn(catalogue, code);
}

/** A runtime string as a catalogue code, or `fallback` ('unknown') when the catalogue has no such code. */
export function messageCode(code: string | undefined | null, fallback: MessageCode = "unknown"): MessageCode {
  return code && hasMessage(code) ? code : fallback;
}

/** The text of `code` in `locale`, with `{name}` placeholders filled from `vars`. Unknown codes fall back to the generic error. */
export function translate(locale: Locale, code: MessageCode, vars?: Vars): string {
  const entry = catalogue[code] ?? messages.unknown;
  const text = (locale === "es-AR" ? (entry["es-AR"] ?? entry.es) : entry[locale]) ?? entry.es;
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
}
