import type { PaymentMethod } from "./checkout";

/**
 * Interest-free monthly instalments (meses sin intereses, spec §2 checkout field msi_payments, §7 'response token,
 * instalments'). Mexican banks offer them on credit cards in 3, 6, 9 or 12 months, in pesos only, when each month is at
 * least MXN 300.00 (the sandbox card gateway applies that minimum, as Mexican acquirers do).
 */
export const msiMonths = [3, 6, 9, 12] as const;
export type MsiMonths = (typeof msiMonths)[number];
/** The smallest monthly payment, in minor units (MXN 300.00). */
export const MSI_MIN_MONTHLY = 30000;
/** Card methods a bank can split into MSI (BAZ and Memphis charge the card in one payment). */
export const msiMethods: readonly PaymentMethod[] = ["str_card", "conekta_card", "openpay_card", "banorte"];

export interface InstalmentPlan {
  months: number;
  /** The price per month, rounded up to the cent so the months never add up to less than the total. */
  monthly: number;
}

/** The plans a purchase of `total` can be paid in, among the months the charging provider offers. */
export function instalmentPlans(total: number, currency: string, offeredMonths: readonly number[]): InstalmentPlan[] {
  if (currency !== "MXN") return [];
  return msiMonths
    .filter((months) => offeredMonths.includes(months) && total >= months * MSI_MIN_MONTHLY)
    .map((months) => ({ months, monthly: Math.ceil(total / months) }));
}
