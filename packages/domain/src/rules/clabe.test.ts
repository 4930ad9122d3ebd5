import { describe, expect, it } from "vitest";
import { clabeBank, clabeCheckDigit, clabeProblem, isValidClabe, maskClabe, normalizeClabe } from "./clabe";

describe("CLABE: 18 digits whose last is the check digit (weights 3, 7, 1)", () => {
  it.each([
    ["032180000118359719", "Banamex's published example"],
    ["002010077777777771", "a Banamex account"],
    ["646180157000000004", "an STP account"],
  ])("accepts %s (%s)", (clabe) => {
    expect(clabeProblem(clabe)).toBeNull();
    expect(isValidClabe(clabe)).toBe(true);
  });

  it("computes the check digit from the first 17 digits", () => {
    expect(clabeCheckDigit("03218000011835971")).toBe(9);
    expect(clabeCheckDigit("64618000000000000")).toBe(9);
    expect(clabeCheckDigit("00000000000000000")).toBe(0);
  });

  it("refuses a wrong check digit: every other last digit of a valid CLABE fails", () => {
    for (let digit = 0; digit <= 9; digit += 1) {
      const clabe = `03218000011835971${digit}`;
      expect(clabeProblem(clabe)).toBe(digit === 9 ? null : "clabe_check_digit");
    }
  });

  it("refuses one digit changed anywhere (a typo), which the weights catch", () => {
    const valid = "032180000118359719";
    for (let i = 0; i < 17; i += 1) {
      const changed = `${valid.slice(0, i)}${(Number(valid[i]) + 1) % 10}${valid.slice(i + 1)}`;
      expect(clabeProblem(changed)).toBe("clabe_check_digit");
    }
  });

  it.each(["", "03218000011835971", "0321800001183597190", "03218000011835971a", "card 4242424242424242"])(
    "refuses %j as not 18 digits",
    (input) => expect(clabeProblem(input)).toBe("clabe_length"),
  );

  it("ignores the spaces and dashes people type between the groups", () => {
    expect(normalizeClabe("032 180 00011835971 9")).toBe("032180000118359719");
    expect(clabeProblem("032-180-00011835971-9")).toBeNull();
  });

  it("names the bank and masks all but the last four digits", () => {
    expect(clabeBank("646180157000000004")).toBe("646");
    expect(maskClabe("032180000118359719")).toBe("•••• 9719");
  });
});
