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
import { opsMessages } from "./ops";
import { walletMessages } from "./wallet";
import { smsMessages } from "./sms";
import { contactMessages } from "./contacts";
import { invoiceMessages } from "./invoices";
import { importMessages } from "./imports";
import { reportMessages } from "./reports";
import { auditMessages } from "./audit";
import { packingMessages } from "./packing";
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
  ...opsMessages,
  ...walletMessages,
  ...smsMessages,
  ...contactMessages,
  ...invoiceMessages,
  ...importMessages,
  ...reportMessages,
  ...auditMessages,
  ...packingMessages,
} satisfies Record<string, MessageText>;

/** The texts of one locale, code → text; es-AR's holds only the texts that differ from es. */
export type Dictionary = Record<string, string>;

/** One locale's column of the catalogue (the browser loads one of these, not the whole catalogue). */
export function dictionaryOf(locale: Locale): Dictionary {
  const dictionary: Dictionary = {};
  for (const [code, text] of Object.entries(messages as Record<string, MessageText>)) {
    const value = text[locale];
    if (value !== undefined) dictionary[code] = value;
  }
  return dictionary;
}
