import { describe, expect, it } from "vitest";
import { balanceAfter, entrySign, minimumPayout, payoutProblem, walletCurrency } from "./wallet";

describe("wallet rules", () => {
  it("reads a wallet type id as a currency code, any case", () => {
    expect(walletCurrency("MXN")).toBe("MXN");
    expect(walletCurrency("mxn")).toBe("MXN");
    expect(walletCurrency("1")).toBeNull();
    expect(walletCurrency("MXNN")).toBeNull();
    expect(walletCurrency("")).toBeNull();
  });

  const cases: [string, { currency: string; balance: number; amount: number }, string | null][] = [
    ["the minimum, with enough balance", { currency: "MXN", balance: 50_000, amount: 10_000 }, null],
    ["the whole balance", { currency: "MXN", balance: 50_000, amount: 50_000 }, null],
    ["one cent under the minimum", { currency: "MXN", balance: 50_000, amount: 9_999 }, "wallet_payout_minimum"],
    ["one cent over the balance", { currency: "MXN", balance: 50_000, amount: 50_001 }, "wallet_insufficient_balance"],
    ["a currency SPEI does not pay", { currency: "ARS", balance: 5_000_000, amount: 100_000 }, "wallet_payout_currency"],
  ];
  it.each(cases)("%s", (_case, input, problem) => {
    expect(payoutProblem(input)).toBe(problem);
  });

  it("never lets a movement take the balance below zero", () => {
    expect(balanceAfter(1_000, -1_000)).toBe(0);
    expect(balanceAfter(1_000, -1_001)).toBeNull();
    expect(balanceAfter(0, 500)).toBe(500);
  });

  it("credits commissions and returned payouts, debits payouts and reversals", () => {
    expect(entrySign).toEqual({ commission: 1, payout: -1, payout_returned: 1, reversal: -1 });
    expect(minimumPayout.MXN).toBe(10_000);
  });
});
