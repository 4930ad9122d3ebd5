import type { Locale } from "@tianguis/domain/locale";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { formatMoney } from "@tianguis/domain/money";
import type { DeliveryType } from "@tianguis/domain/rules/checkout";
import { useMemo } from "react";
import { useLocale } from "../../lib/i18n";
import { SHOP_TIME_ZONE } from "./purchase-dates";
import { dateTimeFormat } from "../../lib/intl";

const localeTags: Record<Locale, string> = { es: "es-MX", en: "en-US", "es-AR": "es-AR" };

/** Money, dates and times of the seller's order pages in the visitor's language. */
export function useOrderFormat() {
  const locale = useLocale();
  return useMemo(() => {
    const tag = localeTags[locale] ?? "es-MX";
    // Moments in the shops' time zone, as the customer's pages show them (and the same on server and browser).
    const dateTime = dateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: SHOP_TIME_ZONE });
    const date = dateTimeFormat(tag, { dateStyle: "medium", timeZone: SHOP_TIME_ZONE });
    // A calendar day ('2025-03-14') has no time zone: read and print it in UTC so it never shifts a day.
    const day = dateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" });
    return {
      money: (amount: number, currency: string) => formatMoney({ amount, currency }, locale),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      date: (iso: string) => date.format(new Date(iso)),
      day: (isoDate: string) => day.format(new Date(`${isoDate}T00:00:00Z`)),
    };
  }, [locale]);
}

export const deliveryLabels: Record<DeliveryType, MessageCode> = {
  shipping: "delivery_shipping",
  to_branch: "delivery_to_branch",
  fixed_delivery: "delivery_fixed",
};
