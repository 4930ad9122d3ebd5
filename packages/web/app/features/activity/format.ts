import type { Locale } from "@tianguis/domain/locale";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { formatMoney, money } from "@tianguis/domain/money";
import { REPORT_TIME_ZONE } from "@tianguis/domain/rules/reports";

import type { Translate } from "../../lib/i18n";
import { dateTimeFormat } from "../../lib/intl";

type T = Translate;

/** When, in the shop's time zone, so the server's page and the browser's agree. */
export function formatWhen(iso: string, locale: Locale) {
  return dateTimeFormat(locale === "en" ? "en-US" : "es-MX", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: REPORT_TIME_ZONE,
  }).format(new Date(iso));
}

/** Fields that hold money in minor units. */
const moneyFields = new Set(["listPrice", "crossoutPrice", "amount"]);

/** The fields the catalogue names (messages/audit.ts `activity_field_*`); others show as stored. */
const labelledFields = new Set([
  "name",
  "description",
  "listPrice",
  "crossoutPrice",
  "hidePrice",
  "isFree",
  "stock",
  "listState",
  "state",
  "note",
  "amount",
  "profiles",
  "live",
  "publicKey",
  "status",
  "disabled",
  "reason",
  "contactEmail",
  "contactPhone",
]);

/** A field's name as the owner reads it. */
export function fieldLabel(field: string, t: T) {
  return labelledFields.has(field) ? t(`activity_field_${field}` as MessageCode) : field;
}

/** A value as the owner reads it: money in the shop's currency, yes/no, lists joined, and "(empty)" for nothing. */
export function formatValue(field: string, value: unknown, context: { t: T; locale: Locale; currency: string }) {
  const { t, locale, currency } = context;
  if (value === null || value === undefined || value === "") return t("activity_no_value");
  if (typeof value === "boolean") return t(value ? "activity_yes" : "activity_no");
  if (typeof value === "number" && moneyFields.has(field)) return formatMoney(money(value, currency), locale);
  if (Array.isArray(value)) return value.map((one) => (typeof one === "string" ? one : JSON.stringify(one))).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
