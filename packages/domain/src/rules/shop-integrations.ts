/**
 * A shop's third-party integrations on its storefront: the advisor's LiveChat widget, loaded with the licence number
 * (commerce-and-accounts L171, L153; storefront-and-admin §2 'Chat'), and the shop's Facebook pixel, which counts page
 * views and the CompleteRegistration event of sign-ups made in the shop (commerce-and-accounts L92, §2
 * /register/complete `pixel`).
 */

/** A LiveChat licence is its account number. */
export const liveChatLicensePattern = /^\d{4,12}$/;
/** A Meta (Facebook) pixel id is a number of 15 or 16 digits; older ones are shorter. */
export const facebookPixelPattern = /^\d{10,20}$/;

/** Where the integrations' scripts come from, for the page's Content-Security-Policy. */
export const integrationOrigins = {
  script: ["https://cdn.livechatinc.com", "https://connect.facebook.net"],
  connect: ["https://*.livechatinc.com", "wss://*.livechatinc.com", "https://www.facebook.com"],
  frame: ["https://secure.livechatinc.com"],
  img: ["https://*.livechatinc.com", "https://www.facebook.com"],
} as const;

export type LiveChatVisibility = "hidden" | "minimized";

/**
 * How the chat widget shows on a page of the shop (path after the shop's base): hidden during checkout, where nothing
 * should pull the buyer away from paying, and on a franchise's admin pages (L153); minimised everywhere else, so it
 * never covers the page until the visitor opens it.
 */
export function liveChatVisibility(storeType: string | null, pathAfterBase: string): LiveChatVisibility {
  if (/^\/comprar(-articulo)?(\/|$)/.test(pathAfterBase)) return "hidden";
  if (storeType === "franchise" && /^\/admin(\/|$)/.test(pathAfterBase)) return "hidden";
  return "minimized";
}

/** The CompleteRegistration event's parameters: status false when the sign-up failed, true once it is complete (L92). */
export function completeRegistrationParams(succeeded: boolean): { status: boolean } {
  return { status: succeeded };
}
