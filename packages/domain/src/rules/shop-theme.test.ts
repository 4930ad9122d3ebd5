import { describe, expect, it } from "vitest";
import { AA_TEXT, contrastRatio, readableColor } from "./color-contrast";
import {
  backgroundGradients,
  colourPickerDebounceMs,
  colourPickerThrottleMs,
  formatColour,
  gradientCss,
  gradientStops,
  normalizeColour,
  opaqueColour,
  parseColour,
  rgbaString,
  roundAlpha,
  shopThemes,
  themeColours,
  themeOf,
} from "./shop-theme";

describe("colour picker timings (commerce-and-accounts §9)", () => {
  it("throttles the preview at 50 ms and debounces the save at 100 ms", () => {
    expect(colourPickerThrottleMs).toBe(50);
    expect(colourPickerDebounceMs).toBe(100);
  });
});

describe("colours with alpha, rounded to 2 decimals", () => {
  const cases = [
    { input: "#0F766E", expected: "#0f766e" },
    { input: "#abc", expected: "#aabbcc" },
    { input: "#abc8", expected: "#aabbcc87" },
    { input: "#0f766e80", expected: "#0f766e80" },
    { input: "#0f766eff", expected: "#0f766e" },
    { input: "rgb(15, 118, 110)", expected: "#0f766e" },
    { input: "rgba(15, 118, 110, 0.5)", expected: "#0f766e80" },
    { input: "rgba(15,118,110,0.534)", expected: "#0f766e87" },
    { input: "rgba(15, 118, 110, .999)", expected: "#0f766e" },
    { input: " transparent ", expected: "transparent" },
  ];
  for (const { input, expected } of cases) it(`stores ${input} as ${expected}`, () => expect(normalizeColour(input)).toBe(expected));

  it("refuses what is not a colour", () => {
    for (const input of ["teal", "#12", "#1234567", "rgb(256, 0, 0)", "rgba(0, 0, 0, 1.5)", "url(x)", "#0f766e;color:red"])
      expect(normalizeColour(input), input).toBeNull();
  });

  it("shows a stored colour in the picker as rgba with a 2-decimal alpha", () => {
    expect(rgbaString("#0f766e87")).toBe("rgba(15, 118, 110, 0.53)");
    expect(rgbaString("#0f766e")).toBe("rgba(15, 118, 110, 1)");
    expect(rgbaString("teal")).toBeNull();
  });

  it("rounds an alpha to 2 decimals within 0–1", () => {
    expect(roundAlpha(0.534)).toBe(0.53);
    expect(roundAlpha(0.535)).toBe(0.54);
    expect(roundAlpha(-0.2)).toBe(0);
    expect(roundAlpha(1.3)).toBe(1);
  });

  it("reads back every 2-decimal alpha it writes", () => {
    for (let hundredths = 0; hundredths <= 100; hundredths++) {
      const a = hundredths / 100;
      expect(parseColour(formatColour({ r: 1, g: 2, b: 3, a }))?.a).toBe(a);
    }
  });

  it("shows a translucent colour over its background as the blend of both", () => {
    expect(opaqueColour("#00000080", "#ffffff")).toBe("#808080");
    expect(opaqueColour("#1d4ed8", "#ffffff")).toBe("#1d4ed8");
    expect(opaqueColour("transparent", "#242424")).toBe("#242424");
  });
});

describe("the named themes of two colours", () => {
  it("have unique names, valid colours, and a first colour readable as text on white as it is", () => {
    expect(new Set(shopThemes.map((theme) => theme.key)).size).toBe(shopThemes.length);
    for (const theme of shopThemes) {
      expect(normalizeColour(theme.color2), theme.key).toBe(theme.color2);
      expect(readableColor(theme.color1), theme.key).toBe(theme.color1);
    }
  });

  it("start with the shop's default colours", () => {
    expect(themeOf("#0f766e", "#f59e0b")).toBe("turquesa");
  });

  it("recognise a theme by its colours, case ignored, and custom colours as none", () => {
    expect(themeOf("#1D4ED8", "#06B6D4")).toBe("oceano");
    expect(themeOf("#1d4ed8", "#06b6d480")).toBeNull();
  });

  it("write the theme's colours, unless a colour is sent with it", () => {
    expect(themeColours({ theme: "uva" })).toEqual({ color1: "#7c3aed", color2: "#ec4899" });
    expect(themeColours({ theme: "uva", color2: "#ffffff80" })).toEqual({ color1: "#7c3aed", color2: "#ffffff80" });
    expect(themeColours({ color1: "#111111" })).toEqual({ color1: "#111111" });
    expect(themeColours({})).toEqual({});
  });
});

describe("preset background gradients", () => {
  // Text on the page: Mantine's dimmed text (gray.7 on light pages, dark.1 on dark ones) is the faintest.
  const dimmed = { light: "#495057", dark: "#b8b8b8" };
  for (const gradient of backgroundGradients) {
    it(`${gradient.key} keeps dimmed text at ${AA_TEXT}:1 on both schemes`, () => {
      const stops = gradientStops(gradient.key);
      for (const stop of stops?.light ?? []) expect(contrastRatio(dimmed.light, stop)).toBeGreaterThanOrEqual(AA_TEXT);
      for (const stop of stops?.dark ?? []) expect(contrastRatio(dimmed.dark, stop)).toBeGreaterThanOrEqual(AA_TEXT);
    });
  }

  it("is drawn with light-dark() stops so it follows the colour scheme without a reload", () => {
    expect(gradientCss("cielo")).toBe("linear-gradient(160deg, light-dark(#eff6ff, #3c3d3e), light-dark(#e0f2fe, #3b3d3e))");
  });

  it("is none for an unknown or empty key", () => {
    expect(gradientCss(null)).toBeNull();
    expect(gradientCss("neon")).toBeNull();
    expect(gradientStops(undefined)).toBeNull();
  });
});
