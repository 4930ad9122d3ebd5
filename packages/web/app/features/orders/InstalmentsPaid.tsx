import { Text } from "@mantine/core";
import { formatMoney } from "@tianguis/domain/money";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import { useLocale, useT } from "../../lib/i18n";

/** How a paid purchase was split: '3 MSI de $X', or nothing for one payment. */
export function InstalmentsPaid({ checkout }: { checkout: CheckoutView }) {
  const t = useT();
  const locale = useLocale();
  const plan = checkout.payment?.instalments;
  if (!plan) return null;
  return (
    <Text size="sm" data-testid="instalments-paid">
      {t("msi_paid", { months: plan.months, amount: formatMoney({ amount: plan.monthly, currency: checkout.currency }, locale) })}
    </Text>
  );
}
