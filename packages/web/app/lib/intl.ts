/**
 * Shared Intl formatters, one per language tag and options: building one costs far more than formatting with it, and
 * the server renders every page with the same few (a seller's order page built three per component on every render).
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function shared<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return shared(`date|${tag}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(tag, options));
}

export function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return shared(`number|${tag}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag, options));
}

export function relativeTimeFormat(tag: string, options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return shared(`relative|${tag}|${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(tag, options));
}
