/**
 * SMS credits (issue 30 §3): a shop that notifies its customers by SMS spends one credit per message; it buys credits in
 * packages. At zero its SMS are skipped (e-mail still goes) and its owner hears 'sms_runout' once per run-out. Sign-up
 * PINs are the platform's messages and never spend a shop's credits.
 */

export const smsPackageIds = ["sms_100", "sms_500", "sms_2000"] as const;
export type SmsPackageId = (typeof smsPackageIds)[number];

export interface SmsPackage {
  id: SmsPackageId;
  /** How many SMS the package gives. */
  credits: number;
  /** What it costs, in minor units of `currency`, IVA included. */
  price: number;
  currency: "MXN";
}

/** The packages on sale, smallest first: the bigger the package, the cheaper each SMS. */
export const smsPackages: readonly SmsPackage[] = [
  { id: "sms_100", credits: 100, price: 9_900, currency: "MXN" },
  { id: "sms_500", credits: 500, price: 44_900, currency: "MXN" },
  { id: "sms_2000", credits: 2_000, price: 159_900, currency: "MXN" },
];

export function smsPackageOf(id: string): SmsPackage | null {
  return smsPackages.find((one) => one.id === id) ?? null;
}

/** What one SMS of the package costs, in minor units rounded to the cent (half up). */
export function smsUnitPrice(pkg: SmsPackage): number {
  return Math.round(pkg.price / pkg.credits);
}

/** How much cheaper each SMS is than in the smallest package, in whole percent (0 for the smallest). */
export function smsSavingsPercent(pkg: SmsPackage, packages: readonly SmsPackage[] = smsPackages): number {
  const base = Math.max(...packages.map((one) => one.price / one.credits));
  return Math.max(0, Math.floor((1 - pkg.price / pkg.credits / base) * 100 + 1e-9));
}

/** Who a shop's notification goes to: only messages to its customers spend the shop's credits. */
export type SmsAudience = "customer" | "shop" | "platform";

/** Whether a message on `channel` to `audience` spends one of the shop's credits. */
export function spendsSmsCredit(channel: "sms" | "email", audience: SmsAudience): boolean {
  return channel === "sms" && audience === "customer";
}

/**
 * What to do with a customer SMS given the shop's balance: send it (spending one credit), or skip it and raise the
 * run-out alert when this run-out has not raised it yet.
 */
export function smsSendDecision(balance: number, runOutAlerted: boolean): { send: true } | { send: false; alert: boolean } {
  if (balance > 0) return { send: true };
  return { send: false, alert: !runOutAlerted };
}

/** The shop's SMS ledger's movement kinds: a package bought (credit), an SMS sent (debit). */
export const smsEntryKinds = ["purchase", "send"] as const;
export type SmsEntryKind = (typeof smsEntryKinds)[number];

/** The balance after a movement: never below zero (a debit that would take it there is refused: null). */
export function smsBalanceAfter(balance: number, delta: number): number | null {
  const after = balance + delta;
  return after < 0 ? null : after;
}

/** Where the run-out alert and the balance send the owner (storefront-and-admin 'Alert targets': System sms_runout). */
export const SMS_PACKAGES_PATH = "/me/sms/packages";
