import { paymentAccountsApi } from "@tianguis/domain/routes/payment-accounts";
import { load } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";

/** The shop's payment mode and provider accounts for 'Formas de pago' (secrets only as their last 4). */
export function loadPaymentSettings(context: WebLoadContext, shopSlug: string) {
  return load(context, paymentAccountsApi.list, { params: { slug: shopSlug } });
}
