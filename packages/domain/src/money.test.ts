import { describe, expect, it } from "vitest";
import { formatMoney, money, multiplyRate, toDecimalString, toMinorUnits } from "./money";

describe("money", () => {
  it("parses the plan price '199.00' into 19900 minor units", () => {
    expect(toMinorUnits("199.00")).toBe(19900);
    expect(toMinorUnits("99.5")).toBe(9950);
    expect(toMinorUnits("0.1")).toBe(10);
    expect(toMinorUnits(12.34)).toBe(1234);
  });
  it("rejects amounts that are not decimals", () => {
    expect(() => toMinorUnits("1.234")).toThrow(RangeError);
    expect(() => toMinorUnits("abc")).toThrow(RangeError);
    expect(() => money(1.5, "MXN")).toThrow(RangeError);
  });
  it("prints minor units with 2 decimals", () => {
    expect(toDecimalString(19900)).toBe("199.00");
    expect(toDecimalString(5)).toBe("0.05");
    expect(toDecimalString(-1050)).toBe("-10.50");
  });
  it("formats with the currency for each locale", () => {
    expect(formatMoney(money(19900, "MXN"), "es")).toMatch(/199\.00/);
    expect(formatMoney(money(19900, "USD"), "en")).toBe("$199.00");
    // One formatter is kept per locale and currency: a second currency in the same locale gets its own.
    expect(formatMoney(money(19900, "USD"), "es")).not.toBe(formatMoney(money(19900, "MXN"), "es"));
    expect(formatMoney(money(19900, "USD"), "es")).toMatch(/USD/);
    expect(formatMoney(money(123456, "ARS"), "es-AR")).toMatch(/1\.234,56/);
  });
  it("applies a commission rate: contribution margin 99.50 × 0.5 = 49.75", () => {
    expect(multiplyRate(9950, 0.5)).toBe(4975);
    expect(multiplyRate(333, 0.5)).toBe(167);
  });
});
