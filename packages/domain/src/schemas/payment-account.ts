import { z } from "zod";
import { paymentMethods } from "../rules/checkout";
import { paymentProviders } from "../rules/payment-providers";

/**
 * A supplier's own account at a payment provider (issue #18), as 'Formas de pago' shows it. Secrets go in once and
 * never come back: the view carries only their last 4 characters.
 */
export const paymentAccountBody = z.object({
  /** Stripe publishable key, Conekta/Openpay public key, PayPal client id, Mobbex API key, Aplazo merchant id. */
  public_key: z.string().trim().min(1).max(300),
  /** Stripe secret key, Conekta/Openpay private key, PayPal client secret, Mobbex access token, Aplazo API token. */
  secret_key: z.string().trim().min(1).max(300),
  /** Stripe whsec_…, Conekta webhook key's public key (PEM), Openpay 'user:password', PayPal webhook id, Mobbex/Aplazo token. */
  webhook_secret: z.string().trim().min(1).max(4000),
  /** Openpay merchant id. */
  merchant_id: z.string().trim().max(100).optional(),
});
export type PaymentAccountBody = z.infer<typeof paymentAccountBody>;

export const paymentAccountStatuses = ["untested", "connected", "failed"] as const;

export const paymentAccountView = z.object({
  provider: z.enum(paymentProviders),
  /** The methods this provider takes (str_card for Stripe; conekta_card and conekta_oxxo for Conekta…). */
  methods: z.array(z.enum(paymentMethods)),
  connected: z.boolean(),
  public_key: z.string().nullable(),
  merchant_id: z.string().nullable(),
  /** The last 4 characters of the secret key and of the webhook secret; the rest is never shown again. */
  secret_hint: z.string().nullable(),
  webhook_hint: z.string().nullable(),
  /** untested until 'test connection' succeeds (connected) or the provider refuses the keys (failed). */
  status: z.enum(paymentAccountStatuses).nullable(),
  /** The message code of the last failed test or charge (provider_auth_failed, provider_unavailable). */
  last_error: z.string().nullable(),
  checked_at: z.string().nullable(),
  /** Where the provider's webhooks must point for this account. */
  webhook_url: z.string().nullable(),
});
export type PaymentAccountView = z.infer<typeof paymentAccountView>;

export const paymentSettingsView = z.object({
  /** false: the built-in sandbox charges every method (the demo's default); true: the shop's own accounts do. */
  live: z.boolean(),
  accounts: z.array(paymentAccountView),
});
export type PaymentSettingsView = z.infer<typeof paymentSettingsView>;

export const paymentModeBody = z.object({ live: z.boolean() });
