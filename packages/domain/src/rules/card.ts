/**
 * A card as typed in a card form (commerce-and-accounts §5: the number without spaces and cut to 19 characters, the
 * expiry entered as MM/YY and split, a warning on invalid characters in the holder's name). The sandbox's card page and
 * the live card fields of Conekta and Openpay check a card with these rules before the provider tokenises it.
 */
export function cardDigits(number: string): string {
  return number.replace(/\s+/g, "").slice(0, 19);
}

/** Luhn check, as any card form does before tokenising. */
export function isValidCardNumber(number: string): boolean {
  const digits = number.replace(/\s+/g, "");
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A holder's name: letters (any alphabet), spaces, dots, apostrophes and hyphens. */
export function isValidCardHolder(name: string): boolean {
  return /^[\p{L}][\p{L} .'-]{0,99}$/u.test(name.trim());
}

/** MM/YY (or MMYY) split into month and two-digit year, or null when malformed or already past at `now`. */
export function parseCardExpiry(value: string, now: Date): { month: string; year: string } | null {
  const match = /^(0[1-9]|1[0-2])\s*\/?\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, month, year] = match;
  const lastMonth = (2000 + Number(year)) * 12 + Number(month);
  return lastMonth < now.getFullYear() * 12 + now.getMonth() + 1 ? null : { month, year };
}

export function isValidCardCvc(cvc: string): boolean {
  return /^\d{3,4}$/.test(cvc.trim());
}
