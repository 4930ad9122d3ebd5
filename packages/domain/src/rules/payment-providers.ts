import type { PaymentMethod } from "./checkout";

/**
 * Which provider takes each payment method (commerce-and-accounts §3 'Payment method ids', issue #18), and which gateway
 * a purchase is charged through. Every supplier uses its own account; a shop in sandbox mode (the default) is charged
 * by the built-in sandbox gateway, whatever it has connected.
 */
export const paymentProviders = ["stripe", "conekta", "openpay", "paypal", "mobbex", "aplazo"] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

export const providerOfMethod: Record<PaymentMethod, PaymentProviderName | null> = {
  str_card: "stripe",
  conekta_card: "conekta",
  conekta_oxxo: "conekta",
  openpay_card: "openpay",
  openpay_store: "openpay",
  openpay_bank: "openpay",
  paypal: "paypal",
  mobbex: "mobbex",
  aplazo: "aplazo",
  // Crypto has no live provider yet: only the sandbox takes it.
  tiendacrypto: null,
  // Banorte's bank-encrypted card, Banco Azteca's card and Memphis publish no API a shop can sign up to
  // (docs/PAYMENTS.md 'Bank methods'): only the sandbox takes them.
  banorte: null,
  baz_card: null,
  memphis: null,
};

export function methodsOfProvider(provider: PaymentProviderName): PaymentMethod[] {
  return (Object.keys(providerOfMethod) as PaymentMethod[]).filter((method) => providerOfMethod[method] === provider);
}

/** A supplier's payment setup as the checkout sees it. */
export interface SupplierGateway {
  /** Sandbox mode (default) or live mode with its own connected accounts. */
  live: boolean;
  /** Live accounts by provider that passed (or have not failed) their connection test; `key` names the account. */
  accounts: Partial<Record<PaymentProviderName, { accountId: string; key: string }>>;
}

export type PurchaseGateway = { kind: "sandbox" } | { kind: "account"; provider: PaymentProviderName; accountId: string };

/**
 * The gateway that charges a purchase with `method`, or null when the method cannot be offered. A purchase is one
 * payment: all its suppliers must be in sandbox mode, or all live with the method's provider connected to the same
 * merchant account (same public key: a franchise group sharing one account). A live supplier without the provider
 * connected does not offer the method; a supplier in sandbox mode never mixes with a live one. Where the sandbox may not
 * charge (`sandboxAllowed` false: a production install that is not the demo, issue #32), a purchase of suppliers in sandbox
 * mode cannot be paid at all: the sandbox moves no money.
 */
export function purchaseGateway(
  suppliers: readonly SupplierGateway[],
  method: PaymentMethod,
  sandboxAllowed = true,
): PurchaseGateway | null {
  if (suppliers.length === 0) return null;
  if (suppliers.every((supplier) => !supplier.live)) return sandboxAllowed ? { kind: "sandbox" } : null;
  const provider = providerOfMethod[method];
  if (!provider || suppliers.some((supplier) => !supplier.live)) return null;
  const accounts = suppliers.map((supplier) => supplier.accounts[provider]);
  const [first] = accounts;
  if (!first || accounts.some((account) => !account || account.key !== first.key)) return null;
  return { kind: "account", provider, accountId: first.accountId };
}

/** The last 4 characters of a key: all the shop owner ever sees of a stored secret again. */
export function keyHint(key: string): string {
  return key.trim().slice(-4);
}
