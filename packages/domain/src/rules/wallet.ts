/**
 * The earnings wallet (issue 30 §2; the spec's alert 'Wallet transfer_ok' → /admin/monedero/{wallet_type_id} in shop
 * view, else /me/wallet/{wallet_type_id}). A user who earns has one wallet per currency; its wallet type id is the
 * currency's ISO code ('MXN'). The wallet is an append-only ledger: a commission that became available is a credit, a
 * payout a debit, a failed payout's money a credit back, a reversal a debit with its reason. The balance is the
 * ledger's sum and never goes below zero.
 */

export const walletEntryKinds = ["commission", "payout", "payout_returned", "reversal"] as const;
export type WalletEntryKind = (typeof walletEntryKinds)[number];

/** requested (debited, not yet accepted by the provider) → sent → settled, or → failed (the money goes back). */
export const payoutStates = ["requested", "sent", "settled", "failed"] as const;
export type PayoutState = (typeof payoutStates)[number];

/** Payouts go by SPEI, so only the peso wallet can withdraw. */
export const payoutCurrencies = ["MXN"] as const;

/** The smallest withdrawal, per currency, in minor units ($100.00 MXN: SPEI providers charge per transfer). */
export const minimumPayout: Record<string, number> = { MXN: 10_000 };

/** A wallet type id from a URL: a currency code, any case ('mxn' → 'MXN'); null when it is not one. */
export function walletCurrency(walletTypeId: string): string | null {
  return /^[a-zA-Z]{3}$/.test(walletTypeId) ? walletTypeId.toUpperCase() : null;
}

export type PayoutProblem = "wallet_payout_currency" | "wallet_payout_minimum" | "wallet_insufficient_balance";

/** Why a withdrawal of `amount` from a wallet with `balance` cannot go, or null when it can. */
export function payoutProblem(input: { currency: string; balance: number; amount: number }): PayoutProblem | null {
  if (!(payoutCurrencies as readonly string[]).includes(input.currency)) return "wallet_payout_currency";
  if (input.amount < (minimumPayout[input.currency] ?? Number.POSITIVE_INFINITY)) return "wallet_payout_minimum";
  if (input.amount > input.balance) return "wallet_insufficient_balance";
  return null;
}

/** The balance after a movement, or null when it would go below zero (the ledger refuses it). */
export function balanceAfter(balance: number, delta: number): number | null {
  const next = balance + delta;
  return next < 0 ? null : next;
}

/** A credit is positive, a debit negative: the sign each kind of entry carries. */
export const entrySign: Record<WalletEntryKind, 1 | -1> = { commission: 1, payout: -1, payout_returned: 1, reversal: -1 };
