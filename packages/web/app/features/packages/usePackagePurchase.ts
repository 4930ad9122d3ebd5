import { packagesApi } from "@tianguis/domain/routes/packages";
import type { PackageId } from "@tianguis/domain/rules/packages";
import { packageDowngradeDetails } from "@tianguis/domain/schemas/package";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiRequestError, api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { formatDate } from "./format";

/** §8: the package warning and the payment error both stay 7 seconds. */
const PACKAGE_TOAST_MS = 7000;

/**
 * Buying a package (§7: PUT …/package/{id}/, then the payments token path): the answer's payment token leads to
 * /me/payments/{token}. A downgrade while the current package runs shows the 'Aviso' with its expiry date; any other
 * failure 'Payment error!' with the server's message or 'The package buy process has failed' (§8).
 */
export function usePackagePurchase() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<PackageId | null>(null);
  async function buy(id: PackageId) {
    setBusy(id);
    try {
      const answer = await api(packagesApi.purchase, { params: { id } });
      await navigate(`/me/payments/${encodeURIComponent(answer.payment_token)}`);
    } catch (error) {
      const body = error instanceof ApiRequestError ? (error.body as { code?: string; message?: string; details?: unknown }) : null;
      const details = packageDowngradeDetails.safeParse(body?.details);
      if (body?.code === "package_still_active_no_downgrade" && details.success) {
        notifications.show({
          color: "yellow",
          title: t("package_warning_title"),
          message: t("package_downgrade_notice", {
            current: details.data.current_package.name,
            requested: details.data.requested_package.name,
            date: formatDate(details.data.charge_date, locale),
          }),
          autoClose: PACKAGE_TOAST_MS,
        });
      } else {
        notifications.show({
          color: "red",
          title: t("package_payment_error_title"),
          message: body?.message || t("package_buy_failed"),
          autoClose: PACKAGE_TOAST_MS,
        });
      }
    } finally {
      setBusy(null);
    }
  }
  return { buy, busy };
}
