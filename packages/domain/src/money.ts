/** Money is always an integer number of minor units (cents) plus an ISO 4217 currency. */
export interface Money {
  amount: number;
  currency: string;
}

export function money(amount: number, currency: string): Money {
  if (!Number.isInteger(amount)) throw new RangeError(`money amounts are integer minor units, got ${amount}`);
  return { amount, currency };
}

/** Parses a decimal string such as '199.00' into minor units without floating-point drift. */
export function toMinorUnits(decimal: string | number): number {
  const text = typeof decimal === "number" ? decimal.toFixed(2) : decimal.trim();
  const match = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${decimal}`);
  const [, sign, units, fraction = ""] = match;
  const minor = Number(units) * 100 + Number(fraction.padEnd(2, "0"));
  return sign ? -minor : minor;
}

/** Minor units back to a 2-decimal string ('199.00'), as the spec's payloads carry prices. */
export function toDecimalString(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const localeTags: Record<string, string> = { es: "es-MX", en: "en-US", "es-AR": "es-AR" };

/** One formatter per locale and currency: building an Intl.NumberFormat costs far more than formatting with one. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(value: Money, locale = "es"): string {
  const key = `${locale}|${value.currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeTags[locale] ?? locale, {
      style: "currency",
      currency: value.currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(value.amount / 100);
}

/** Multiplies minor units by a rate and rounds half away from zero to whole minor units (2 decimals). */
export function multiplyRate(minor: number, rate: number): number {
  const product = minor * rate;
  return Math.sign(product) * Math.round(Math.abs(product) + Number.EPSILON * 100);
}
