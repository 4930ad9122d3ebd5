/**
 * CLABE, Mexico's 18-digit interbank account number (Banxico): 3 digits of bank, 3 of the branch's city, 11 of the
 * account and a check digit. The check digit: each of the first 17 digits times the weights 3, 7, 1 (repeating), keep
 * each product's last digit, add them, and the digit is (10 − sum mod 10) mod 10. SPEI refuses a CLABE that fails it.
 */

const WEIGHTS = [3, 7, 1] as const;

/** What is wrong with a CLABE as typed, or null when it is well-formed (spaces and dashes are ignored). */
export type ClabeProblem = "clabe_length" | "clabe_check_digit";

/** The CLABE without the spaces or dashes people type between its groups. */
export function normalizeClabe(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** The check digit of the first 17 digits. */
export function clabeCheckDigit(first17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += (Number(first17[i]) * WEIGHTS[i % 3]) % 10;
  return (10 - (sum % 10)) % 10;
}

export function clabeProblem(input: string): ClabeProblem | null {
  const clabe = normalizeClabe(input);
  if (!/^\d{18}$/.test(clabe)) return "clabe_length";
  return clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17]) ? null : "clabe_check_digit";
}

export const isValidClabe = (input: string): boolean => clabeProblem(input) === null;

/** The bank's 3-digit code (its ABM key: 002 Banamex, 012 BBVA, 014 Santander, 072 Banorte, 646 STP …). */
export const clabeBank = (clabe: string): string => normalizeClabe(clabe).slice(0, 3);

/** What a page shows of a saved CLABE: its last four digits only. */
export const maskClabe = (clabe: string): string => `•••• ${normalizeClabe(clabe).slice(-4)}`;
