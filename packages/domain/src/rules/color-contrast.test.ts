import { describe, expect, it } from "vitest";
import { AA_TEXT, contrastRatio, mix, parseHex, readableColor } from "./color-contrast";

describe("contrast ratio (WCAG 2.1)", () => {
  it("is 21 for black on white and 1 for a colour on itself", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#c2410c", "#C2410C")).toBe(1);
  });
  it("matches known pairs", () => {
    expect(contrastRatio("#868e96", "#ffffff")).toBeCloseTo(3.32, 2);
    expect(contrastRatio("#fff", "#087f5b")).toBeCloseTo(5.0, 1);
  });
  it("reads short and long hex, and refuses anything else", () => {
    expect(parseHex("#abc")).toEqual([170, 187, 204]);
    expect(parseHex("rgb(0,0,0)")).toBeNull();
    expect(() => contrastRatio("teal", "#fff")).toThrow("not a hex colour: teal");
  });
  it("mixes two colours by weight", () => {
    expect(mix("#ffffff", "#000000", 0.5)).toBe("#808080");
    expect(mix("#c2410c", "#000000", 0)).toBe("#c2410c");
  });
});

describe("readable shop colour", () => {
  const cases = [
    { name: "a dark colour is kept", color: "#1d4ed8" },
    { name: "a mid orange is darkened", color: "#fd7e14" },
    { name: "yellow is darkened", color: "#ffd43b" },
    { name: "white is darkened to a grey", color: "#ffffff" },
  ];
  for (const testCase of cases) {
    it(`${testCase.name}, reaching ${AA_TEXT}:1 on white`, () => {
      const readable = readableColor(testCase.color);
      expect(contrastRatio(readable, "#ffffff")).toBeGreaterThanOrEqual(AA_TEXT);
    });
  }
  it("returns a passing colour unchanged", () => {
    expect(readableColor("#1d4ed8")).toBe("#1d4ed8");
    expect(readableColor("#fd7e14")).not.toBe("#fd7e14");
  });
  it("reaches the ratio on a tinted background", () => {
    const tint = mix("#12b886", "#ffffff", 0.88);
    expect(contrastRatio(readableColor("#12b886", tint), tint)).toBeGreaterThanOrEqual(AA_TEXT);
  });
  it("lightens a dark colour for a dark page", () => {
    const readable = readableColor("#1d4ed8", "#242424");
    expect(contrastRatio(readable, "#242424")).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(readable, "#ffffff")).toBeLessThan(contrastRatio("#1d4ed8", "#ffffff"));
  });
  it("falls back when the colour is not hex", () => {
    expect(readableColor("tomato")).toBe("#1a1b1e");
  });
});
