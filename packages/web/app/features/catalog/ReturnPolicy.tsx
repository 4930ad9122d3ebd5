import { IconArrowBackUp } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import type { ReturnInfo } from "@tianguis/domain/schemas/product";
import { useLocale, useT } from "../../lib/i18n";
import { Alert } from "../../ui/shop-markup";
import classes from "./catalog.module.css";

/** The return policy block of a detail page, from the item's return info fields. */
export function ReturnPolicy({ info, currency }: { info: ReturnInfo; currency: string }) {
  const t = useT();
  const locale = useLocale();
  if (info.return_type === "disallowed") {
    return (
      <Alert color="gray" icon={<IconArrowBackUp size={18} />} title={t("return_policy_title")}>
        {t("return_disallowed")}
      </Alert>
    );
  }
  const lines = [
    t("return_72hrs"),
    info.return_fees
      ? t(`return_fees_${info.return_fees}`, { amount: formatMoney({ amount: info.restocking_fees ?? 0, currency }, locale) })
      : null,
    info.return_shipping_label ? t(`return_label_${info.return_shipping_label}`) : null,
  ].filter((line): line is string => !!line);
  return (
    <Alert color="teal" icon={<IconArrowBackUp size={18} />} title={t("return_policy_title")}>
      <ul className={classes.policy}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {info.return_policy === "customized" && info.return_policy_legend && <p className={classes.legend}>{info.return_policy_legend}</p>}
    </Alert>
  );
}
