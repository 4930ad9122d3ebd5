import type { Locale } from "@tianguis/domain/locale";
import { formatMoney } from "@tianguis/domain/money";
import { useMemo } from "react";
import { useLocale } from "../../lib/i18n";
import { dateTimeFormat } from "../../lib/intl";

const localeTags: Record<Locale, string> = { es: "es-MX", en: "en-US", "es-AR": "es-AR" };
/** Moments in the shops' time zone, like the order pages, so the server and the browser print the same day. */
const TIME_ZONE = "America/Mexico_City";

/** Money and dates of the commission pages in the visitor's language. */
export function useCommissionFormat() {
  const locale = useLocale();
  return useMemo(() => {
    const tag = localeTags[locale] ?? "es-MX";
    const date = dateTimeFormat(tag, { dateStyle: "medium", timeZone: TIME_ZONE });
    // Chart buckets are UTC calendar days: printed in UTC so a bucket never shifts a day.
    const day = dateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" });
    const month = dateTimeFormat(tag, { month: "short", year: "2-digit", timeZone: "UTC" });
    return {
      money: (amount: number, currency: string) => formatMoney({ amount, currency }, locale),
      date: (iso: string) => date.format(new Date(iso)),
      bucket: (start: string, period: "day" | "week" | "month") =>
        (period === "month" ? month : day).format(new Date(`${start}T00:00:00Z`)),
    };
  }, [locale]);
}
