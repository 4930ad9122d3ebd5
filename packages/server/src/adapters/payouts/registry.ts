import { createHmac } from "node:crypto";
import type { Config } from "../../config";
import { OPENPAY_PAYOUTS_LIVE_URL, createOpenpayPayouts } from "./openpay";
import type { PayoutProvider } from "./provider";
import { sandboxPayouts } from "./sandbox";

/** The sandbox's signing secret, derived from the app's secret (so every instance signs and verifies alike). */
export function sandboxPayoutSecret(config: Pick<Config, "APP_SECRET">): string {
  return createHmac("sha256", config.APP_SECRET).update("wallet-payout-sandbox").digest("base64url");
}

const sandboxes = new Map<string, ReturnType<typeof sandboxPayouts>>();

/** The built-in sandbox, one per secret. */
export function payoutSandbox(config: Pick<Config, "APP_SECRET">) {
  const secret = sandboxPayoutSecret(config);
  let sandbox = sandboxes.get(secret);
  if (!sandbox) {
    sandbox = sandboxPayouts(secret);
    sandboxes.set(secret, sandbox);
  }
  return sandbox;
}

type PayoutConfig = Pick<
  Config,
  | "APP_SECRET"
  | "OPENPAY_API_URL"
  | "WALLET_PAYOUT_PROVIDER"
  | "WALLET_OPENPAY_MERCHANT_ID"
  | "WALLET_OPENPAY_SECRET_KEY"
  | "WALLET_OPENPAY_WEBHOOK_AUTH"
>;

/**
 * The provider that sends the platform's payouts (issue 30 §2): the sandbox, or Openpay's payouts API when
 * WALLET_PAYOUT_PROVIDER=openpay (its keys are required then: a half-configured provider fails loudly, not silently).
 */
export function payoutProvider(config: PayoutConfig): PayoutProvider {
  if (config.WALLET_PAYOUT_PROVIDER !== "openpay") return payoutSandbox(config);
  const { WALLET_OPENPAY_MERCHANT_ID: merchantId, WALLET_OPENPAY_SECRET_KEY: secretKey, WALLET_OPENPAY_WEBHOOK_AUTH: webhookAuth } = config;
  if (!merchantId || !secretKey || !webhookAuth)
    throw new Error("WALLET_PAYOUT_PROVIDER=openpay needs WALLET_OPENPAY_MERCHANT_ID, _SECRET_KEY and _WEBHOOK_AUTH");
  return createOpenpayPayouts({ merchantId, secretKey, webhookAuth, baseUrl: config.OPENPAY_API_URL ?? OPENPAY_PAYOUTS_LIVE_URL });
}

/** The provider a webhook names, when it is the configured one (another provider's webhook is not ours to apply). */
export function payoutProviderNamed(config: PayoutConfig, name: string): PayoutProvider | null {
  const provider = payoutProvider(config);
  return provider.name === name ? provider : null;
}
