/**
 * WCAG 2.1 contrast for shop colours. Owners pick any colour for their storefront; text drawn in it, or on
 * it, must still reach the AA ratio of 4.5:1 for normal text.
 */
export const AA_TEXT = 4.5;

type Rgb = [number, number, number];

/** "#rgb" or "#rrggbb" (any case) as 0–255 channels; null when it is not a hex colour. */
export function parseHex(color: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join("") : match[1];
  return [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function ratio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The contrast ratio of two hex colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const first = parseHex(a);
  const second = parseHex(b);
  if (!first || !second) throw new Error(`not a hex colour: ${first ? b : a}`);
  return ratio(first, second);
}

/** `color` mixed with `other`: weight 0 is `color`, 1 is `other`. */
export function mix(color: string, other: string, weight: number): string {
  const a = parseHex(color);
  const b = parseHex(other);
  if (!a || !b) throw new Error(`not a hex colour: ${a ? other : color}`);
  return toHex(a.map((channel, index) => channel + (b[index] - channel) * weight) as Rgb);
}

/**
 * The shop colour, darkened (on a light background) or lightened (on a dark one) just enough to be read as
 * text on `background`; used as a fill, it then carries white text on light pages. Colours that already pass
 * come back unchanged; an unreadable value falls back to `fallback`.
 */
export function readableColor(color: string, background = "#ffffff", minimum = AA_TEXT, fallback = "#1a1b1e"): string {
  const back = parseHex(background);
  if (!parseHex(color) || !back) return fallback;
  const toward = luminance(back) > 0.18 ? "#000000" : "#ffffff";
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(color, toward, step / 20);
    if (contrastRatio(candidate, background) >= minimum) return step === 0 ? color : candidate;
  }
  return fallback;
}
