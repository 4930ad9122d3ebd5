import type { MessageCode } from "@tianguis/domain/messages/index";
import { formatMoney } from "@tianguis/domain/money";
import type { ChargeView, SubscriptionView } from "@tianguis/domain/schemas/subscription";
import { useLocale, useT } from "../../lib/i18n";
import { dateTimeFormat } from "../../lib/intl";

/** Dates and money as the subscription pages show them, in the visitor's language. */
export function useBillingFormat() {
  const t = useT();
  const locale = useLocale();
  const date = (iso: string | null) =>
    iso ? dateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(iso)) : "";
  const money = (amount: number, currency: string) => formatMoney({ amount, currency }, locale);
  const concept = (charge: ChargeView) =>
    charge.kind === "validation"
      ? t("billing_kind_validation")
      : t("billing_kind_recurring", { plan: charge.plan?.name ?? "", from: date(charge.period_start), to: date(charge.period_end) });
  const status = (charge: ChargeView) => t(`billing_status_${charge.status}` as MessageCode);
  const state = (subscription: SubscriptionView) =>
    t(`subscription_state_${subscription.current_subscription?.state ?? "free"}` as MessageCode);
  return { date, money, concept, status, state };
}

export const chargeStatusColor: Record<ChargeView["status"], string> = {
  processing: "gray",
  requires_action: "yellow",
  retrying: "orange",
  succeeded: "teal",
  failed: "red",
  refunded: "blue",
};

/** A card as the owner reads it on every billing screen: 'VISA •••• 4242' (no brand: just the last four). */
export function cardLabel(brand: string | null | undefined, last4: string): string {
  return `${(brand ?? "").toUpperCase()} •••• ${last4}`.trim();
}
