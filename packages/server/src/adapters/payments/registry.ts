import type { PaymentProviderName } from "@tianguis/domain/rules/payment-providers";
import type { Config } from "../../config";
import { APLAZO_LIVE_URL, createAplazoProvider } from "./aplazo";
import { CONEKTA_API_URL, createConektaProvider } from "./conekta";
import { MOBBEX_URL, createMobbexProvider } from "./mobbex";
import { OPENPAY_LIVE_URL, createOpenpayProvider } from "./openpay";
import { PAYPAL_LIVE_URL, createPaypalProvider } from "./paypal";
import type { PaymentProvider } from "./provider";
import { STRIPE_API_URL, createStripeProvider } from "./stripe";

/**
 * Builds the adapter of one shop's account at a provider (issue #18), each with the shop's own keys, the provider's host
 * (its live API, or the *_API_URL setting pointing at a fake or the provider's sandbox host) and the account's webhook URL.
 * `now` is the app's clock: Conekta's and Openpay's cash and SPEI deadlines are counted from it (the demo's clock may be set).
 */
export interface AccountKeys {
  publicKey: string;
  secretKey: string;
  webhookSecret: string;
  merchantId?: string | null;
}

export type ProviderConfig = Pick<
  Config,
  "publicUrl" | "STRIPE_API_URL" | "CONEKTA_API_URL" | "OPENPAY_API_URL" | "PAYPAL_API_URL" | "MOBBEX_API_URL" | "APLAZO_API_URL"
>;

/** Where a provider must send the webhooks of one account. */
export function webhookUrl(config: Pick<Config, "publicUrl">, provider: PaymentProviderName, accountId: string): string {
  return `${config.publicUrl}/api/v1/webhooks/${provider}/${accountId}`;
}

export function providerForAccount(
  config: ProviderConfig,
  provider: PaymentProviderName,
  accountId: string,
  keys: AccountKeys,
  options: { fetch?: typeof fetch; now?: () => Date } = {},
): PaymentProvider {
  const { now, ...transport } = options;
  const common = {
    publicKey: keys.publicKey,
    secretKey: keys.secretKey,
    webhookSecret: keys.webhookSecret,
    notifyUrl: webhookUrl(config, provider, accountId),
    siteUrl: config.publicUrl,
    ...transport,
  };
  switch (provider) {
    case "stripe":
      return createStripeProvider({ ...common, baseUrl: config.STRIPE_API_URL ?? STRIPE_API_URL });
    case "conekta":
      return createConektaProvider({ ...common, now, baseUrl: config.CONEKTA_API_URL ?? CONEKTA_API_URL });
    case "openpay":
      return createOpenpayProvider({
        ...common,
        clock: now,
        merchantId: keys.merchantId ?? "",
        baseUrl: config.OPENPAY_API_URL ?? OPENPAY_LIVE_URL,
      });
    case "paypal":
      return createPaypalProvider({ ...common, baseUrl: config.PAYPAL_API_URL ?? PAYPAL_LIVE_URL });
    case "mobbex":
      return createMobbexProvider({ ...common, baseUrl: config.MOBBEX_API_URL ?? MOBBEX_URL });
    case "aplazo":
      return createAplazoProvider({ ...common, baseUrl: config.APLAZO_API_URL ?? APLAZO_LIVE_URL });
  }
}
