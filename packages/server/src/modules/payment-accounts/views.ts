import { type PaymentProviderName, methodsOfProvider } from "@tianguis/domain/rules/payment-providers";
import type { PaymentAccountView } from "@tianguis/domain/schemas/payment-account";
import { webhookUrl } from "../../adapters/payments/registry";
import type { Config } from "../../config";
import type { PaymentAccountRow } from "./queries";

/** An account as the owner sees it: public values, the last 4 of each secret, never the sealed secrets. */
export function accountView(
  config: Pick<Config, "publicUrl">,
  provider: PaymentProviderName,
  row: PaymentAccountRow | undefined,
): PaymentAccountView {
  return {
    provider,
    methods: methodsOfProvider(provider),
    connected: Boolean(row),
    public_key: row?.publicKey ?? null,
    merchant_id: row?.merchantId ?? null,
    secret_hint: row?.secretHint ?? null,
    webhook_hint: row?.webhookHint ?? null,
    status: (row?.status as PaymentAccountView["status"]) ?? null,
    last_error: row?.lastError ?? null,
    checked_at: row?.checkedAt?.toISOString() ?? null,
    webhook_url: row ? webhookUrl(config, provider, row.id) : null,
  };
}
