import { describe, expect, it } from "vitest";
import { MSI_MIN_MONTHLY, instalmentPlans, msiMonths } from "./instalments";

describe("interest-free instalments (MSI)", () => {
  it("offers every term whose month reaches MXN 300, with the price per month", () => {
    expect(instalmentPlans(360000, "MXN", msiMonths)).toEqual([
      { months: 3, monthly: 120000 },
      { months: 6, monthly: 60000 },
      { months: 9, monthly: 40000 },
      { months: 12, monthly: 30000 },
    ]);
  });

  it("drops the terms whose month would fall under the minimum", () => {
    expect(instalmentPlans(200000, "MXN", msiMonths).map((plan) => plan.months)).toEqual([3, 6]);
    expect(instalmentPlans(3 * MSI_MIN_MONTHLY - 1, "MXN", msiMonths)).toEqual([]);
    expect(instalmentPlans(3 * MSI_MIN_MONTHLY, "MXN", msiMonths)).toEqual([{ months: 3, monthly: MSI_MIN_MONTHLY }]);
  });

  it("rounds the month up to the cent so the months cover the total", () => {
    const [plan] = instalmentPlans(100001, "MXN", [3]);
    expect(plan).toEqual({ months: 3, monthly: 33334 });
    expect(plan!.monthly * 3).toBeGreaterThanOrEqual(100001);
  });

  it("offers only the terms the provider offers, and only in pesos", () => {
    expect(instalmentPlans(900000, "MXN", [3, 6]).map((plan) => plan.months)).toEqual([3, 6]);
    expect(instalmentPlans(900000, "MXN", [])).toEqual([]);
    expect(instalmentPlans(900000, "ARS", msiMonths)).toEqual([]);
  });
});
