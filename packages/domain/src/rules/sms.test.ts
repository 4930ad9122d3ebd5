import { describe, expect, it } from "vitest";
import { smsBalanceAfter, smsPackageOf, smsPackages, smsSavingsPercent, smsSendDecision, smsUnitPrice, spendsSmsCredit } from "./sms";

describe("SMS packages (issue 30 §3)", () => {
  it("sells three packages in pesos, smallest first, each SMS cheaper in a bigger package", () => {
    expect(smsPackages.map((one) => [one.id, one.credits, one.price, one.currency])).toEqual([
      ["sms_100", 100, 9_900, "MXN"],
      ["sms_500", 500, 44_900, "MXN"],
      ["sms_2000", 2_000, 159_900, "MXN"],
    ]);
    const units = smsPackages.map(smsUnitPrice);
    expect(units).toEqual([99, 90, 80]);
    expect([...units].sort((a, b) => b - a)).toEqual(units);
  });

  it.each([
    ["sms_100", 0],
    ["sms_500", 9],
    ["sms_2000", 19],
  ])("%s saves %i %% per SMS against the smallest package", (id, percent) => {
    expect(smsSavingsPercent(smsPackageOf(id)!)).toBe(percent);
  });

  it("knows only its own package ids", () => {
    expect(smsPackageOf("sms_100")?.credits).toBe(100);
    expect(smsPackageOf("sms_1")).toBeNull();
    expect(smsPackageOf("mensual")).toBeNull();
  });

  it("rounds a unit price half up to the cent", () => {
    expect(smsUnitPrice({ id: "sms_100", credits: 3, price: 100, currency: "MXN" })).toBe(33);
    expect(smsUnitPrice({ id: "sms_100", credits: 2, price: 101, currency: "MXN" })).toBe(51);
  });
});

describe("spending SMS credits", () => {
  it("only an SMS to a shop's customer spends a credit: never an e-mail, the shop's own notices or the platform's PINs", () => {
    expect(spendsSmsCredit("sms", "customer")).toBe(true);
    expect(spendsSmsCredit("email", "customer")).toBe(false);
    expect(spendsSmsCredit("sms", "shop")).toBe(false);
    expect(spendsSmsCredit("sms", "platform")).toBe(false);
  });

  it("sends while credits last; at zero skips the SMS and alerts once per run-out", () => {
    expect(smsSendDecision(1, false)).toEqual({ send: true });
    expect(smsSendDecision(1, true)).toEqual({ send: true });
    expect(smsSendDecision(0, false)).toEqual({ send: false, alert: true });
    expect(smsSendDecision(0, true)).toEqual({ send: false, alert: false });
  });

  it("never lets the balance go below zero", () => {
    expect(smsBalanceAfter(1, -1)).toBe(0);
    expect(smsBalanceAfter(0, -1)).toBeNull();
    expect(smsBalanceAfter(0, 500)).toBe(500);
  });
});
