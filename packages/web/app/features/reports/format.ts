import type { Locale } from "@tianguis/domain/locale";
import { formatMoney } from "@tianguis/domain/money";
import { REPORT_TIME_ZONE } from "@tianguis/domain/rules/reports";
import { useMemo } from "react";
import { useLocale } from "../../lib/i18n";
import { dateTimeFormat, numberFormat } from "../../lib/intl";

const localeTags: Record<Locale, string> = { es: "es-MX", en: "en-US", "es-AR": "es-AR" };

/** Money, sizes and dates of the reports pages in the visitor's language (dates in the shops' time zone). */
export function useReportFormat() {
  const locale = useLocale();
  return useMemo(() => {
    const tag = localeTags[locale] ?? "es-MX";
    const moment = dateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: REPORT_TIME_ZONE });
    const date = dateTimeFormat(tag, { dateStyle: "medium", timeZone: REPORT_TIME_ZONE });
    // Chart buckets and filter dates are calendar dates: printed in UTC so they never shift a day.
    const day = dateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" });
    const month = dateTimeFormat(tag, { month: "short", year: "2-digit", timeZone: "UTC" });
    const calendar = dateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" });
    const number = numberFormat(tag, { maximumFractionDigits: 1 });
    return {
      money: (amount: number, currency: string) => formatMoney({ amount, currency }, locale),
      moment: (iso: string) => moment.format(new Date(iso)),
      date: (iso: string) => date.format(new Date(iso)),
      calendar: (isoDate: string) => calendar.format(new Date(`${isoDate}T00:00:00Z`)),
      bucket: (start: string, period: "day" | "week" | "month") =>
        (period === "month" ? month : day).format(new Date(`${start}T00:00:00Z`)),
      size: (bytes: number) =>
        bytes < 1024
          ? `${bytes} B`
          : bytes < 1024 * 1024
            ? `${number.format(bytes / 1024)} KB`
            : `${number.format(bytes / 1024 / 1024)} MB`,
      number: (value: number) => number.format(value),
    };
  }, [locale]);
}
