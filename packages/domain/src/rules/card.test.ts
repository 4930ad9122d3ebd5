import { describe, expect, it } from "vitest";
import { cardDigits, isValidCardCvc, isValidCardHolder, isValidCardNumber, parseCardExpiry } from "./card";

describe("card form rules (spec §5)", () => {
  it("strips spaces from the number and cuts it to 19 characters", () => {
    expect(cardDigits("4242 4242 4242 4242")).toBe("4242424242424242");
    expect(cardDigits("1234 5678 9012 3456 7890 12")).toBe("1234567890123456789");
  });

  it("accepts numbers that pass the Luhn check only", () => {
    expect(isValidCardNumber("4242 4242 4242 4242")).toBe(true);
    expect(isValidCardNumber("4111111111111111")).toBe(true);
    expect(isValidCardNumber("4242424242424241")).toBe(false);
    expect(isValidCardNumber("4242")).toBe(false);
  });

  it("warns on invalid characters in the holder's name", () => {
    expect(isValidCardHolder("Olga Cuentas")).toBe(true);
    expect(isValidCardHolder("José O'Neil-Núñez")).toBe(true);
    expect(isValidCardHolder("Olga 123")).toBe(false);
    expect(isValidCardHolder("")).toBe(false);
  });

  it("splits MM/YY and refuses a malformed or past expiry", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    expect(parseCardExpiry("12/30", now)).toEqual({ month: "12", year: "30" });
    expect(parseCardExpiry("1130", now)).toEqual({ month: "11", year: "30" });
    expect(parseCardExpiry("11/26", now)).toEqual({ month: "11", year: "26" });
    expect(parseCardExpiry("10/26", now)).toBeNull();
    expect(parseCardExpiry("13/30", now)).toBeNull();
  });

  it("takes a CVC of 3 or 4 digits", () => {
    expect(isValidCardCvc("123")).toBe(true);
    expect(isValidCardCvc("1234")).toBe(true);
    expect(isValidCardCvc("12a")).toBe(false);
  });
});
