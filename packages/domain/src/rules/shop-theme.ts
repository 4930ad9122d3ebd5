/**
 * The shop's theme (commerce-and-accounts §9: 'Colour picker: throttle 50 ms, debounce 100 ms, alpha rounded to 2
 * decimals'; 'Theme list of name and two colours exists; preset background gradients'). The spec gives no values, so
 * the themes and gradients are ours: themes whose first colour passes as the storefront's main colour, and gradients
 * pale enough on light pages (and dark enough on dark ones) for every text colour to keep its 4.5:1 contrast.
 */
import { mix } from "./color-contrast";

/** The picker's live preview follows the pointer at most every 50 ms; the colour is saved 100 ms after it stops. */
export const colourPickerThrottleMs = 50;
export const colourPickerDebounceMs = 100;

/** The named themes: a name (its catalogue label is `theme_{key}`) and two colours. The first is the shop's default. */
export const shopThemes = [
  { key: "turquesa", color1: "#0f766e", color2: "#f59e0b" },
  { key: "oceano", color1: "#1d4ed8", color2: "#06b6d4" },
  { key: "atardecer", color1: "#c2410c", color2: "#facc15" },
  { key: "bosque", color1: "#15803d", color2: "#a3e635" },
  { key: "uva", color1: "#7c3aed", color2: "#ec4899" },
  { key: "carmesi", color1: "#b91c1c", color2: "#fb923c" },
  { key: "rosa", color1: "#be185d", color2: "#f9a8d4" },
  { key: "grafito", color1: "#334155", color2: "#94a3b8" },
] as const;
export type ShopTheme = (typeof shopThemes)[number];
export type ShopThemeKey = ShopTheme["key"];
export const shopThemeKeys = shopThemes.map((theme) => theme.key) as [ShopThemeKey, ...ShopThemeKey[]];

/** The preset page backgrounds (label `gradient_{key}`): two pale stops for light pages; dark pages get them darkened. */
export const backgroundGradients = [
  { key: "amanecer", angle: 135, stops: ["#fff7ed", "#fde2e4"] },
  { key: "cielo", angle: 160, stops: ["#eff6ff", "#e0f2fe"] },
  { key: "menta", angle: 135, stops: ["#ecfdf5", "#e0f7fa"] },
  { key: "lavanda", angle: 120, stops: ["#f5f3ff", "#fce7f3"] },
  { key: "arena", angle: 180, stops: ["#fefce8", "#f5f5f4"] },
] as const;
export type BackgroundGradient = (typeof backgroundGradients)[number];
export type GradientKey = BackgroundGradient["key"];
export const gradientKeys = backgroundGradients.map((gradient) => gradient.key) as [GradientKey, ...GradientKey[]];

/** The dark pages' page colour (Mantine dark.7) that a gradient's stops are mixed into on dark pages. */
const darkPage = "#242424";

/** A stop of a gradient as it shows on dark pages: mostly the dark page, tinted by the stop. */
export function darkStop(stop: string): string {
  return mix(stop, darkPage, 0.88);
}

/** The gradient's stops on each scheme; null for an unknown key (no gradient). */
export function gradientStops(key: string | null | undefined): { light: readonly string[]; dark: string[] } | null {
  const gradient = backgroundGradients.find((candidate) => candidate.key === key);
  return gradient ? { light: gradient.stops, dark: gradient.stops.map(darkStop) } : null;
}

/** The CSS background of a preset gradient, following the page's colour scheme with light-dark(); null for none. */
export function gradientCss(key: string | null | undefined): string | null {
  const gradient = backgroundGradients.find((candidate) => candidate.key === key);
  if (!gradient) return null;
  const stops = gradient.stops.map((stop) => `light-dark(${stop}, ${darkStop(stop)})`);
  return `linear-gradient(${gradient.angle}deg, ${stops.join(", ")})`;
}

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 (transparent) to 1 (opaque). */
  a: number;
}

/** An alpha rounded to 2 decimals and kept within 0–1, as the picker sends it. */
export function roundAlpha(alpha: number): number {
  return Math.min(1, Math.max(0, Math.round(alpha * 100) / 100));
}

const hexPattern = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const rgbPattern = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(\d*\.?\d+)\s*)?\)$/i;

/** A picker's colour: 'transparent', #rgb, #rgba, #rrggbb, #rrggbbaa, rgb() or rgba(); null for anything else. */
export function parseColour(input: string): Rgba | null {
  const value = input.trim();
  if (value.toLowerCase() === "transparent") return { r: 0, g: 0, b: 0, a: 0 };
  const hex = hexPattern.exec(value)?.[1];
  if (hex) {
    const long = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join("") : hex;
    const [r, g, b, a = 255] = [0, 2, 4, 6]
      .filter((start) => start < long.length)
      .map((start) => Number.parseInt(long.slice(start, start + 2), 16));
    return { r, g, b, a: roundAlpha(a / 255) };
  }
  const rgb = rgbPattern.exec(value);
  if (!rgb) return null;
  const [r, g, b] = rgb.slice(1, 4).map(Number);
  const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]);
  if ([r, g, b].some((channel) => channel > 255) || alpha > 1) return null;
  return { r, g, b, a: roundAlpha(alpha) };
}

const byte = (value: number) => Math.round(value).toString(16).padStart(2, "0");

/** #rrggbb for an opaque colour, else #rrggbbaa with the alpha rounded to 2 decimals first. */
export function formatColour({ r, g, b, a }: Rgba): string {
  const alpha = roundAlpha(a);
  return `#${byte(r)}${byte(g)}${byte(b)}${alpha === 1 ? "" : byte(alpha * 255)}`;
}

/** rgba(r, g, b, a) with the alpha rounded to 2 decimals, as the picker shows it; null when it is not a colour. */
export function rgbaString(colour: string): string | null {
  const parsed = parseColour(colour);
  return parsed ? `rgba(${parsed.r}, ${parsed.g}, ${parsed.b}, ${roundAlpha(parsed.a)})` : null;
}

/** The colour as the shop stores it (lower-case hex, alpha rounded to 2 decimals); 'transparent' stays; null when invalid. */
export function normalizeColour(input: string): string | null {
  if (input.trim().toLowerCase() === "transparent") return "transparent";
  const colour = parseColour(input);
  return colour ? formatColour(colour) : null;
}

/** The opaque colour a translucent one shows over `background` (for contrast checks); opaque colours are unchanged. */
export function opaqueColour(colour: string, background: string): string {
  const top = parseColour(colour);
  const bottom = parseColour(background);
  if (!top || !bottom) return background;
  const blend = (front: number, back: number) => front * top.a + back * (1 - top.a);
  return formatColour({ r: blend(top.r, bottom.r), g: blend(top.g, bottom.g), b: blend(top.b, bottom.b), a: 1 });
}

/** The named theme whose two colours the shop has (case ignored), or null for custom colours. */
export function themeOf(color1: string, color2: string): ShopThemeKey | null {
  const same = (a: string, b: string) => normalizeColour(a) === normalizeColour(b);
  return shopThemes.find((theme) => same(theme.color1, color1) && same(theme.color2, color2))?.key ?? null;
}

/**
 * The colours a settings change writes: a chosen theme brings its two colours, and a colour sent with it wins over
 * the theme's (the owner picked a theme, then changed one of its colours).
 */
export function themeColours(patch: { theme?: ShopThemeKey; color1?: string; color2?: string }): { color1?: string; color2?: string } {
  const theme = shopThemes.find((candidate) => candidate.key === patch.theme);
  const colours = { color1: patch.color1 ?? theme?.color1, color2: patch.color2 ?? theme?.color2 };
  return Object.fromEntries(Object.entries(colours).filter(([, value]) => value !== undefined));
}
