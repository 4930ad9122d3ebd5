import { createHmac } from "node:crypto";
import type { Config } from "../../config";
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

/** The provider that sends the platform's payouts (issue 30 §2): the sandbox unless a real one is configured. */
export function payoutProvider(config: Pick<Config, "APP_SECRET">): PayoutProvider {
  return payoutSandbox(config);
}

/** The provider a webhook names, when it is the configured one (another provider's webhook is not ours to apply). */
export function payoutProviderNamed(config: Pick<Config, "APP_SECRET">, name: string): PayoutProvider | null {
  const provider = payoutProvider(config);
  return provider.name === name ? provider : null;
}
