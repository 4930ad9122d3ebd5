import type { Contact } from "./ContactStep";

/** An anonymous shopper's checkout before it reaches the API (key tianguis_checkout_{shopSlug}). */
export interface LocalCheckout {
  startAsAnonymous: true;
  contact?: Contact;
}

const key = (shopSlug: string) => `tianguis_checkout_${shopSlug}`;

export function readLocalCheckout(shopSlug: string): LocalCheckout | null {
  try {
    return JSON.parse(localStorage.getItem(key(shopSlug)) ?? "null") as LocalCheckout | null;
  } catch {
    return null;
  }
}

export function writeLocalCheckout(shopSlug: string, value: LocalCheckout | null) {
  if (value) localStorage.setItem(key(shopSlug), JSON.stringify(value));
  else localStorage.removeItem(key(shopSlug));
}
